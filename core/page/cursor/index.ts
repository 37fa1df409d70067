export { createAgentCursor, type AgentCursor, type AgentCursorOptions } from './agent-cursor.js';
