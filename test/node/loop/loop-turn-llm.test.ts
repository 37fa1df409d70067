import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CompleteOptions, LLMMessage, LLMProvider, TurnFacts } from '../../../core/llm/index.js';
import { LoopError, runLoop, type TurnContext } from '../../../core/loop/index.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { BOUND, drain, envelopeTurn, finalOf, ofType, providerFor, recordingTool, scenarioId } from './loop-support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

const promptOf = (context: TurnContext): LLMMessage[] => [
  { role: 'system', content: 'You operate the page.' },
  { role: 'user', content: 'Look at the chart.' },
  ...context.transcript.messages,
];

describe('a provider chosen per turn (PreparedTurn.llm)', () => {
  it('sends each turn to the provider prepareTurn returned, and to the run’s llm when it returned none', BOUND, async () => {
    const runId = scenarioId('turn-llm-run');
    const turnId = scenarioId('turn-llm-turn');
    // Step 1 and 3 go to the per-turn provider, step 2 to the run's.
    mock.script(turnId, [envelopeTurn([{ tool: 'look', args: { n: 1 } }]), envelopeTurn([{ narrate: 'Seen.', tool: 'look', args: { n: 3 } }], { final: true })]);
    mock.script(runId, [envelopeTurn([{ tool: 'look', args: { n: 2 } }])]);
    const perTurn = providerFor(mock, turnId);
    const look = recordingTool('look');
    const asked: number[] = [];
    const events = await drain(
      runLoop({
        llm: providerFor(mock, runId),
        tools: [look],
        prepareTurn: (context) => {
          asked.push(context.step);
          return context.step === 2 ? { messages: promptOf(context) } : { messages: promptOf(context), llm: perTurn };
        },
      }),
    );

    assert.equal(finalOf(events).reason, 'done');
    assert.deepEqual(asked, [1, 2, 3]);
    assert.deepEqual(look.calls.map((call) => [call.step, call.args.n]), [
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    assert.equal(mock.requests(turnId).length, 2, 'steps 1 and 3 went to the per-turn provider');
    assert.equal(mock.requests(runId).length, 1, 'step 2 went to the run’s provider');
    // The per-turn provider's call sees the transcript the run's call left, like any other turn.
    const third = mock.requests(turnId)[1]!.body.messages as Array<{ role: string }>;
    assert.equal(third.filter((message) => message.role === 'tool').length, 2);
    assert.equal(ofType(events, 'llm-call').length, 3);
  });

  it('asks prepareTurn again on a retry, so the retried call may go elsewhere', BOUND, async () => {
    const failingId = scenarioId('turn-llm-failing');
    const fallbackId = scenarioId('turn-llm-fallback');
    mock.script(failingId, [{ status: 503, error: { message: 'vision model overloaded' } }]);
    mock.script(fallbackId, [envelopeTurn([{ narrate: 'Done.', tool: 'look' }], { final: true })]);
    const providers = [providerFor(mock, failingId), providerFor(mock, fallbackId)];
    let calls = 0;
    const events = await drain(
      runLoop({
        llm: providerFor(mock, scenarioId('turn-llm-unused')),
        tools: [recordingTool('look')],
        retryDelayMs: 0,
        prepareTurn: (context) => ({ messages: promptOf(context), llm: providers[calls++]! }),
      }),
    );
    assert.equal(finalOf(events).reason, 'done');
    assert.deepEqual(ofType(events, 'error').map((event) => event.retrying), [true]);
    assert.equal(mock.requests(failingId).length, 1);
    assert.equal(mock.requests(fallbackId).length, 1);
  });

  it('ends the run with an invalid_config error when the per-turn llm is not a provider', { timeout: 2_000 }, async () => {
    const unreachable: LLMProvider = {
      name: 'unreachable',
      complete: () => Promise.reject(new Error('no call expected')),
      stream: () => {
        throw new Error('no call expected');
      },
    };
    const events = await drain(
      runLoop({ llm: unreachable, tools: [], prepareTurn: (context) => ({ messages: promptOf(context), llm: { name: 'half' } as unknown as LLMProvider }) }),
    );
    const final = finalOf(events);
    assert.equal(final.reason, 'error');
    assert.ok(final.error instanceof LoopError && final.error.code === 'invalid_config');
    assert.match(final.error.message, /the `llm` that `prepareTurn` returned must be an LLMProvider/);
    assert.equal(ofType(events, 'thinking').length, 0, 'no model call started');
  });
});

describe('the turn facts of a prepared turn (PreparedTurn.turn)', () => {
  it('go to the provider with the call, per turn, and only when the policy gave them', BOUND, async () => {
    const id = scenarioId('turn-facts');
    mock.script(id, [envelopeTurn([{ tool: 'look', args: { n: 1 } }]), envelopeTurn([{ narrate: 'Seen.', tool: 'look', args: { n: 2 } }], { final: true })]);
    const inner = providerFor(mock, id);
    const seen: Array<CompleteOptions['turn']> = [];
    const watching: LLMProvider = {
      name: 'watching',
      complete: (options) => inner.complete(options),
      stream: (options) => {
        seen.push(options.turn);
        return inner.stream(options);
      },
    };
    const facts: TurnFacts = { request: 'Look at the chart.', url: '/chart', pageLines: ['# Chart'], priorTurns: [] };
    const events = await drain(
      runLoop({ llm: watching, tools: [recordingTool('look')], prepareTurn: (context) => ({ messages: promptOf(context), ...(context.step === 1 ? { turn: facts } : {}) }) }),
    );
    assert.equal(finalOf(events).reason, 'done');
    assert.equal(seen.length, 2);
    assert.equal(seen[0], facts, 'passed as it was given');
    assert.equal(seen[1], undefined);
  });
});
