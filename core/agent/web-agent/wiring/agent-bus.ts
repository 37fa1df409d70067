/**
 * The agent's events as the controller's bus events and analytics intents. One event has one spelling
 * per layer: the loop's and the agent's kebab-case type (`narrate-delta`), the bus's snake-case name
 * (`agent_narrate_delta`), an intent's kind. `AGENT_EVENT_ROUTES` is the whole mapping between them, as
 * data: an event that reaches the bus or the intent stream is one line of it.
 */
import type { EventArgs } from '../../../events/event-bus.js';
import type { DddkEventMap, DddkEventName } from '../../../events/event-map.js';
import type { IntentEvent } from '../../../events/intents.js';
import type { JsonObject } from '../../../events/json.js';
import type { AgentEvent, AgentEventType } from '../agent-events.types.js';

export interface AgentBusSink {
  emit<Name extends DddkEventName>(name: Name, ...args: EventArgs<DddkEventMap[Name]>): void;
  recordIntent(intent: IntentEvent): void;
}

type EventOf<Type extends AgentEventType> = Extract<AgentEvent, { type: Type }>;
type BusEvent = { [Name in DddkEventName]: readonly [Name, DddkEventMap[Name]] }[DddkEventName];

/** Where one agent event goes: the bus event it becomes, the intent it records. */
interface AgentEventRoute<Type extends AgentEventType> {
  bus?: (event: EventOf<Type>) => BusEvent;
  intent?: (event: EventOf<Type>, timestamp: number) => IntentEvent | undefined;
}

type AgentEventRoutes = { readonly [Type in AgentEventType]?: AgentEventRoute<Type> };

export const AGENT_EVENT_ROUTES: AgentEventRoutes = {
  start: { bus: relay('agent_start', ['task', 'sessionId', 'resumed']), intent: runStarted },
  thinking: { bus: relay('agent_thinking', ['step']) },
  'narrate-delta': { bus: relay('agent_narrate_delta', ['step', 'actionIndex', 'text']) },
  'narrate-complete': { bus: relay('agent_narrate_complete', ['step', 'actionIndex', 'text']) },
  'tool-start': { bus: relay('agent_tool_start', ['name', 'args']) },
  'tool-end': { bus: relay('agent_tool_end', ['name', 'result']), intent: toolFailed },
  navigating: { bus: relay('agent_navigating', ['to']) },
  navigated: { bus: relay('agent_navigated', ['to']) },
  confirm: { intent: confirmed },
  pause: { intent: pauseDecided },
  // The model call is over once its actions have run: the boundary between two turns.
  'llm-call': { bus: relay('agent_turn_end', ['step']), intent: llmCall },
  error: { bus: relay('agent_error', ['error', 'retrying']) },
  // The host's own policy function failed: the call was refused, and the host should hear why.
  'policy-error': { bus: (event) => ['error', { error: event.error, source: 'agent-effect-policy' }] },
  final: { bus: relay('agent_final', ['reason', 'stoppedBy', 'summary']), intent: runEnded },
};

export function forwardAgentEvent(event: AgentEvent, sink: AgentBusSink): void {
  // Each route is typed by its own event; the table's key is that event's type.
  const route = AGENT_EVENT_ROUTES[event.type] as AgentEventRoute<AgentEventType> | undefined;
  if (!route) return;
  const timestamp = Date.now();
  const busEvent = route.bus?.(event as never);
  if (busEvent) (sink.emit as (name: DddkEventName, payload: unknown) => void)(busEvent[0], busEvent[1]);
  const intent = route.intent?.(event as never, timestamp);
  if (intent) sink.recordIntent(intent);
}

/** The bus event `name`, carrying the run's id and these fields of the agent event (those it has). */
function relay<Type extends AgentEventType, Name extends DddkEventName>(
  name: Name,
  fields: ReadonlyArray<keyof EventOf<Type> & keyof DddkEventMap[Name]>,
): (event: EventOf<Type>) => BusEvent {
  return (event) => {
    const payload: Record<string, unknown> = { runId: event.runId };
    for (const field of fields) if (event[field] !== undefined) payload[field as string] = event[field];
    return [name, payload] as unknown as BusEvent;
  };
}

function runStarted(event: EventOf<'start'>, timestamp: number): IntentEvent {
  return { kind: 'agent_run_started', runId: event.runId, sessionId: event.sessionId, task: event.task, resumed: event.resumed, timestamp };
}

function toolFailed({ runId, name, result }: EventOf<'tool-end'>, timestamp: number): IntentEvent | undefined {
  if (result.ok) return undefined;
  return { kind: 'agent_tool_failed', runId, name, code: result.code, ...(result.message ? { message: result.message } : {}), timestamp };
}

function confirmed(event: EventOf<'confirm'>, timestamp: number): IntentEvent {
  return { kind: 'confirm_action', runId: event.runId, actionName: event.name, params: jsonCopy(event.args), approved: event.approved, timestamp };
}

function pauseDecided(event: EventOf<'pause'>, timestamp: number): IntentEvent {
  return { kind: 'agent_pause_decision', runId: event.runId, decision: event.decision, cause: event.cause, timestamp };
}

function llmCall({ runId, step, metrics }: EventOf<'llm-call'>, timestamp: number): IntentEvent {
  const seconds = metrics.durationMs / 1000;
  return {
    kind: 'agent_llm_call',
    runId,
    step,
    provider: metrics.provider,
    model: metrics.model,
    durationMs: metrics.durationMs,
    ...(metrics.timeToFirstTokenMs !== undefined ? { ttftMs: metrics.timeToFirstTokenMs } : {}),
    ...(metrics.inputTokens !== undefined ? { inputTokens: metrics.inputTokens } : {}),
    ...(metrics.outputTokens !== undefined ? { outputTokens: metrics.outputTokens } : {}),
    ...(metrics.outputTokens !== undefined && seconds > 0 ? { tokensPerSec: Math.round((metrics.outputTokens / seconds) * 10) / 10 } : {}),
    ...(metrics.outcome ? { outcome: metrics.outcome } : {}),
    timestamp,
  };
}

function runEnded(event: EventOf<'final'>, timestamp: number): IntentEvent {
  const { runId, sessionId, steps } = event;
  if (event.reason === 'stopped') return { kind: 'agent_run_stopped', runId, sessionId, reason: event.stoppedBy ?? 'user', steps, timestamp };
  return { kind: 'agent_run_completed', runId, sessionId, reason: event.reason, steps, timestamp };
}

function jsonCopy(value: Record<string, unknown>): JsonObject {
  try {
    return JSON.parse(JSON.stringify(value)) as JsonObject;
  } catch {
    return {};
  }
}
