import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AGENT_EVENT_ROUTES, forwardAgentEvent } from '../../../core/agent/web-agent/wiring/agent-bus.js';
import type { AgentEvent } from '../../../core/agent/web-agent/index.js';
import type { IntentEvent } from '../../../core/events/intents.js';

function forwarded(event: AgentEvent): { bus: Array<[string, unknown]>; intents: IntentEvent[] } {
  const bus: Array<[string, unknown]> = [];
  const intents: IntentEvent[] = [];
  forwardAgentEvent(event, {
    emit: (name: string, ...args: unknown[]) => void bus.push([name, args[0]]),
    recordIntent: (intent) => void intents.push(intent),
  });
  // The clock is the only thing the test cannot know.
  for (const intent of intents) assert.equal(typeof intent.timestamp, 'number');
  return { bus, intents: intents.map(({ timestamp: _timestamp, ...rest }) => rest as IntentEvent) };
}

const runId = 'run_1';
const metrics = { provider: 'openai-compatible', model: 'gpt', startedAt: 0, durationMs: 2_000, timeToFirstTokenMs: 300, inputTokens: 900, outputTokens: 45, attempts: 1, outcome: 'finished' as const };

describe('agent events on the bus and in the intent stream', () => {
  it('each routed event becomes its bus event with the run id, and its intent', () => {
    const cases: Array<[AgentEvent, Array<[string, unknown]>, unknown[]]> = [
      [
        { type: 'start', runId, task: 'Find pricing', sessionId: 's1', resumed: false, continued: false },
        [['agent_start', { runId, task: 'Find pricing', sessionId: 's1', resumed: false }]],
        [{ kind: 'agent_run_started', runId, sessionId: 's1', task: 'Find pricing', resumed: false }],
      ],
      [{ type: 'thinking', runId, step: 2 }, [['agent_thinking', { runId, step: 2 }]], []],
      [{ type: 'narrate-delta', runId, step: 1, actionIndex: 0, text: 'Lo' }, [['agent_narrate_delta', { runId, step: 1, actionIndex: 0, text: 'Lo' }]], []],
      [{ type: 'narrate-complete', runId, step: 1, actionIndex: 0, text: 'Look.' }, [['agent_narrate_complete', { runId, step: 1, actionIndex: 0, text: 'Look.' }]], []],
      [
        { type: 'tool-start', runId, step: 1, actionIndex: 0, callId: 'c1', name: 'click', args: { target: '3' } },
        [['agent_tool_start', { runId, name: 'click', args: { target: '3' } }]],
        [],
      ],
      [
        { type: 'tool-end', runId, step: 1, actionIndex: 0, callId: 'c1', name: 'click', result: { ok: true } },
        [['agent_tool_end', { runId, name: 'click', result: { ok: true } }]],
        [],
      ],
      [
        { type: 'tool-end', runId, step: 1, actionIndex: 0, callId: 'c1', name: 'click', result: { ok: false, code: 'not_found', message: 'No element 3.' } },
        [['agent_tool_end', { runId, name: 'click', result: { ok: false, code: 'not_found', message: 'No element 3.' } }]],
        [{ kind: 'agent_tool_failed', runId, name: 'click', code: 'not_found', message: 'No element 3.' }],
      ],
      [{ type: 'navigating', runId, step: 1, to: '/pricing' }, [['agent_navigating', { runId, to: '/pricing' }]], []],
      [{ type: 'navigated', runId, step: 1, to: '/pricing' }, [['agent_navigated', { runId, to: '/pricing' }]], []],
      [
        { type: 'confirm', runId, step: 1, actionIndex: 0, callId: 'c1', name: 'submit', args: { target: '4', when: new Date(0) }, question: 'Send?', approved: true },
        [],
        [{ kind: 'confirm_action', runId, actionName: 'submit', params: { target: '4', when: '1970-01-01T00:00:00.000Z' }, approved: true }],
      ],
      [{ type: 'pause', runId, step: 1, actionIndex: 0, cause: 'step', decision: 'stop' }, [], [{ kind: 'agent_pause_decision', runId, decision: 'stop', cause: 'step' }]],
      [
        { type: 'llm-call', runId, step: 1, metrics, role: 'webagent' },
        [['agent_turn_end', { runId, step: 1 }]],
        [{ kind: 'agent_llm_call', runId, step: 1, provider: 'openai-compatible', model: 'gpt', durationMs: 2_000, ttftMs: 300, inputTokens: 900, outputTokens: 45, tokensPerSec: 22.5, outcome: 'finished' }],
      ],
      [{ type: 'error', runId, step: 1, error: new Error('boom'), retrying: true }, [['agent_error', { runId, error: new Error('boom'), retrying: true }]], []],
      [
        { type: 'final', runId, sessionId: 's1', reason: 'done', summary: 'Here.', steps: 2 },
        [['agent_final', { runId, reason: 'done', summary: 'Here.' }]],
        [{ kind: 'agent_run_completed', runId, sessionId: 's1', reason: 'done', steps: 2 }],
      ],
      [
        { type: 'final', runId, sessionId: 's1', reason: 'stopped', stoppedBy: 'pause', steps: 1 },
        [['agent_final', { runId, reason: 'stopped', stoppedBy: 'pause' }]],
        [{ kind: 'agent_run_stopped', runId, sessionId: 's1', reason: 'pause', steps: 1 }],
      ],
    ];
    for (const [event, bus, intents] of cases) assert.deepEqual(forwarded(event), { bus, intents }, event.type);
  });

  it("a failing host policy is reported on the bus's error event", () => {
    const error = new Error('policy threw');
    assert.deepEqual(forwarded({ type: 'policy-error', runId, step: 1, actionIndex: 0, name: 'click', error }), {
      bus: [['error', { error, source: 'agent-effect-policy' }]],
      intents: [],
    });
  });

  it('events with no route go nowhere', () => {
    for (const event of [
      { type: 'plan-failed', runId, error: new Error('x') },
      { type: 'about', runId, step: 1, actionIndex: 0, ids: ['3'] },
      { type: 'text-delta', runId, step: 1, text: 'hi' },
    ] satisfies AgentEvent[]) {
      assert.equal(AGENT_EVENT_ROUTES[event.type], undefined);
      assert.deepEqual(forwarded(event), { bus: [], intents: [] });
    }
  });
});
