/** The agent's events as the controller's bus events and analytics intents. */
import type { EventArgs } from '../../../events/event-bus.js';
import type { DddkEventMap, DddkEventName } from '../../../events/event-map.js';
import type { IntentEvent } from '../../../events/intents.js';
import type { JsonObject } from '../../../events/json.js';
import type { AgentEvent } from '../web-agent.types.js';

export interface AgentBusSink {
  emit<Name extends DddkEventName>(name: Name, ...args: EventArgs<DddkEventMap[Name]>): void;
  recordIntent(intent: IntentEvent): void;
}

export function forwardAgentEvent(event: AgentEvent, sink: AgentBusSink): void {
  const runId = event.runId;
  const timestamp = Date.now();
  switch (event.type) {
    case 'start':
      sink.emit('agent_start', { runId, task: event.task, sessionId: event.sessionId, resumed: event.resumed });
      sink.recordIntent({ kind: 'agent_run_started', runId, sessionId: event.sessionId, task: event.task, resumed: event.resumed, timestamp });
      return;
    case 'thinking':
      sink.emit('agent_thinking', { runId, step: event.step });
      return;
    case 'narrate-delta':
      sink.emit('agent_narrate_delta', { runId, step: event.step, actionIndex: event.actionIndex, text: event.text });
      return;
    case 'narrate-complete':
      sink.emit('agent_narrate_complete', { runId, step: event.step, actionIndex: event.actionIndex, text: event.text });
      return;
    case 'tool-start':
      sink.emit('agent_tool_start', { runId, name: event.name, args: event.args });
      return;
    case 'tool-end': {
      sink.emit('agent_tool_end', { runId, name: event.name, result: event.result });
      const result = event.result;
      if (!result.ok) {
        sink.recordIntent({
          kind: 'agent_tool_failed',
          runId,
          name: event.name,
          reason: result.reason,
          ...(result.message ? { message: result.message } : {}),
          timestamp,
        });
      }
      return;
    }
    case 'navigating':
      sink.emit('agent_navigating', { runId, to: event.to });
      return;
    case 'navigated':
      sink.emit('agent_navigated', { runId, to: event.to });
      return;
    case 'confirm':
      sink.recordIntent({ kind: 'confirm_action', runId, actionName: event.name, params: jsonCopy(event.args), approved: event.approved, timestamp });
      return;
    case 'pause':
      sink.recordIntent({ kind: 'agent_pause_decision', runId, decision: event.decision, cause: event.cause, timestamp });
      return;
    case 'llm-call': {
      const metrics = event.metrics;
      const seconds = metrics.durationMs / 1000;
      sink.recordIntent({
        kind: 'agent_llm_call',
        runId,
        step: event.step,
        provider: metrics.provider,
        model: metrics.model,
        durationMs: metrics.durationMs,
        ...(metrics.timeToFirstTokenMs !== undefined ? { ttftMs: metrics.timeToFirstTokenMs } : {}),
        ...(metrics.inputTokens !== undefined ? { inputTokens: metrics.inputTokens } : {}),
        ...(metrics.outputTokens !== undefined ? { outputTokens: metrics.outputTokens } : {}),
        ...(metrics.outputTokens !== undefined && seconds > 0 ? { tokensPerSec: Math.round((metrics.outputTokens / seconds) * 10) / 10 } : {}),
        ...(metrics.outcome ? { outcome: metrics.outcome } : {}),
        timestamp,
      });
      return;
    }
    case 'error':
      sink.emit('agent_error', { runId, error: event.error, retrying: event.retrying });
      return;
    case 'policy-error':
      // The host's own policy function failed: the call was refused, and the host should hear why.
      sink.emit('error', { error: event.error, source: 'agent-effect-policy' });
      return;
    case 'final': {
      sink.emit('agent_final', {
        runId,
        reason: event.reason,
        ...(event.stoppedBy ? { stoppedBy: event.stoppedBy } : {}),
        ...(event.summary !== undefined ? { summary: event.summary } : {}),
      });
      if (event.reason === 'stopped') {
        sink.recordIntent({ kind: 'agent_run_stopped', runId, sessionId: event.sessionId, reason: event.stoppedBy ?? 'user', steps: event.steps, timestamp });
      } else {
        sink.recordIntent({ kind: 'agent_run_completed', runId, sessionId: event.sessionId, reason: event.reason, steps: event.steps, timestamp });
      }
      return;
    }
    default:
      return;
  }
}

function jsonCopy(value: Record<string, unknown>): JsonObject {
  try {
    return JSON.parse(JSON.stringify(value)) as JsonObject;
  } catch {
    return {};
  }
}
