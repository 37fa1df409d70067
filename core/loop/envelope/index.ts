export { EnvelopeParser, createEnvelopeParser, parseEnvelopeOnce } from './envelope-parser.js';
export { eventsFromEnvelopeValue } from './one-shot.js';
export { AGENT_TURN_TOOL, agentTurnParameters, agentTurnSchema, plannedAgentTurnSchema, type AgentTurnSchemaOptions, type JsonSchema } from './schema.js';
export type { EnvelopeAction, EnvelopeEvent, EnvelopeEventType, EnvelopeField, EnvelopeKey, TurnPlanning } from './types.js';
