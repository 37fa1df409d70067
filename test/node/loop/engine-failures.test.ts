import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LLMError } from '../../../core/llm/index.js';
import { LoopError, runLoop, type LoopEvent, type LoopRun } from '../../../core/loop/index.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { BOUND, drain, envelopeTurn, eventsThrough, finalOf, ofType, providerFor, recordingTool, requestMessages, scenarioId, simplePrompt } from './loop-support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

/** Polls until the scenario's latest request has been closed by the client (bounded). */
async function clientClosed(id: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const outcome = mock.requests(id).at(-1)?.outcome;
    if (outcome !== 'pending') return String(outcome);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return 'pending';
}

/** Pulls events until `stopWhen` says so, then stops the run (with its AbortController) and drains the rest. */
async function stopAt(run: LoopRun, controller: AbortController, stopWhen: (event: LoopEvent) => boolean): Promise<{ events: LoopEvent[]; afterStopMs: number }> {
  const events: LoopEvent[] = [];
  let stoppedAt = 0;
  for await (const event of run) {
    events.push(event);
    if (!stoppedAt && stopWhen(event)) {
      stoppedAt = Date.now();
      setTimeout(() => controller.abort(), 20);
    }
  }
  return { events, afterStopMs: Date.now() - stoppedAt };
}

describe('caps: steps, errors, timeouts', () => {
  it('ends with max_steps after maxSteps turns of a model that never finishes', BOUND, async () => {
    const id = scenarioId('max-steps');
    mock.script(id, [1, 2, 3, 4].map((index) => envelopeTurn([{ tool: 'note', args: { index } }])));
    const note = recordingTool('note');
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [note], prepareTurn: simplePrompt(), maxSteps: 3 }));
    const final = finalOf(events);
    assert.equal(final.reason, 'max_steps');
    assert.equal(final.step, 3);
    assert.equal(mock.requests(id).length, 3);
    assert.equal(note.calls.length, 3);
  });

  it('retries failed model calls with error events, and gives up after maxErrors in a row', BOUND, async () => {
    const id = scenarioId('max-errors');
    mock.script(id, [{ status: 500 }, { status: 503 }, { status: 502 }, envelopeTurn([], { final: true })]);
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [], prepareTurn: simplePrompt(), maxErrors: 3, retryDelayMs: 1 }));
    const errors = ofType(events, 'error');
    assert.deepEqual(errors.map((event) => event.retrying), [true, true, false]);
    assert.ok(errors.every((event) => event.error instanceof LLMError && event.step === 1));
    const final = finalOf(events);
    assert.equal(final.reason, 'error');
    assert.equal((final.error as LLMError).status, 502);
    assert.equal(ofType(events, 'thinking').length, 3);
    assert.equal(mock.requests(id).length, 3);
  });

  it('recovers when a retry succeeds, with the same prompt', BOUND, async () => {
    const id = scenarioId('retry-recovers');
    mock.script(id, [{ status: 429, error: { message: 'slow down' } }, envelopeTurn([{ tool: 'note' }], { final: true })]);
    const note = recordingTool('note');
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [note], prepareTurn: simplePrompt(), retryDelayMs: 1 }));
    assert.equal(finalOf(events).reason, 'done');
    assert.deepEqual(ofType(events, 'error').map((event) => event.retrying), [true]);
    assert.deepEqual(requestMessages(mock, id, 0), requestMessages(mock, id, 1));
    assert.equal(note.calls.length, 1);
  });

  it('does not retry a refusal that will not change (HTTP 401)', BOUND, async () => {
    const id = scenarioId('no-retry-401');
    mock.script(id, [{ status: 401, error: { message: 'bad key' } }, envelopeTurn([], { final: true })]);
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [], prepareTurn: simplePrompt(), retryDelayMs: 1 }));
    assert.deepEqual(ofType(events, 'error').map((event) => event.retrying), [false]);
    assert.equal(finalOf(events).reason, 'error');
    assert.equal(mock.requests(id).length, 1);
  });

  it('aborts a model call that streams longer than llmTimeoutMs and retries it', BOUND, async () => {
    const id = scenarioId('llm-timeout');
    mock.script(id, [{ ...envelopeTurn([{ tool: 'note' }]), fault: { type: 'stall', ms: 5_000, afterEvents: 2 } }, envelopeTurn([{ tool: 'note' }], { final: true })]);
    const note = recordingTool('note');
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [note], prepareTurn: simplePrompt(), llmTimeoutMs: 300, retryDelayMs: 1 }));
    const errors = ofType(events, 'error');
    assert.equal(errors.length, 1);
    assert.ok(errors[0]!.error instanceof LoopError && errors[0]!.error.code === 'llm_timeout', String(errors[0]!.error));
    assert.match(errors[0]!.error.message, /llmTimeoutMs/);
    assert.equal(mock.requests(id)[0]!.outcome, 'client-closed');
    assert.equal(finalOf(events).reason, 'done');
    assert.equal(note.calls.length, 1, 'nothing of the timed-out call ran');
  });

  it('gives a timed-out tool a timeout result, aborts its signal and tells the model', BOUND, async () => {
    const id = scenarioId('tool-timeout');
    mock.script(id, [envelopeTurn([{ tool: 'slow' }, { tool: 'fast' }]), envelopeTurn([], { final: true })]);
    let slowSignal: AbortSignal | undefined;
    const slow = recordingTool('slow', {
      timeoutMs: 100,
      respond: (_args, signal) => {
        slowSignal = signal;
        return new Promise(() => {});
      },
    });
    const fast = recordingTool('fast');
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [slow, fast], prepareTurn: simplePrompt(), toolTimeoutMs: 20_000 }));
    assert.equal(finalOf(events).reason, 'done');
    const ends = ofType(events, 'tool-end');
    assert.deepEqual(ends[0]!.result, { ok: false, code: 'timeout', message: 'It did not finish within 100 ms and was stopped.' });
    assert.equal(slowSignal?.aborted, true);
    assert.equal(fast.calls.length, 1, 'the next action still ran');
    assert.match(requestMessages(mock, id, 1).at(-1).content, /actions\[0\] \(slow\) failed \(timeout\)/);
  });
});

describe('stopping: the signal, stop() and an abandoned iterator end everything at once', () => {
  it('during the stream', BOUND, async () => {
    const id = scenarioId('abort-stream');
    const turn = envelopeTurn([{ narrate: 'Hello there, reader.', tool: 'note' }]);
    mock.script(id, [{ ...turn, deltaSize: 4, fault: { type: 'stall', ms: 6_000, afterEvents: eventsThrough(turn, 'Hello', 4) } }]);
    const note = recordingTool('note');
    const controller = new AbortController();
    const run = runLoop({ llm: providerFor(mock, id), tools: [note], prepareTurn: simplePrompt(), signal: controller.signal });
    const { events, afterStopMs } = await stopAt(run, controller, (event) => event.type === 'narrate-delta');
    assert.equal(finalOf(events).reason, 'stopped');
    assert.ok(afterStopMs < 3_000, `stopped ${afterStopMs} ms after the abort, not when the stalled stream ended`);
    assert.equal(await clientClosed(id), 'client-closed');
    assert.equal(note.calls.length, 0);
  });

  it('during a tool: its signal aborts and the loop does not wait for it', BOUND, async () => {
    const id = scenarioId('abort-tool');
    mock.script(id, [envelopeTurn([{ tool: 'hang' }, { tool: 'note' }])]);
    let hangSignal: AbortSignal | undefined;
    const hang = recordingTool('hang', {
      respond: (_args, signal) => {
        hangSignal = signal;
        return new Promise(() => {});
      },
    });
    const note = recordingTool('note');
    const controller = new AbortController();
    const run = runLoop({ llm: providerFor(mock, id), tools: [hang, note], prepareTurn: simplePrompt(), signal: controller.signal });
    const { events } = await stopAt(run, controller, (event) => event.type === 'tool-start');
    assert.equal(finalOf(events).reason, 'stopped');
    assert.equal(hangSignal?.aborted, true);
    assert.deepEqual(ofType(events, 'tool-end')[0]!.result.ok ? 'ok' : (ofType(events, 'tool-end')[0]!.result as { code: string }).code, 'cancelled');
    assert.equal(note.calls.length, 0);
  });

  it('during a confirm nobody answers', BOUND, async () => {
    const id = scenarioId('abort-confirm');
    mock.script(id, [envelopeTurn([{ tool: 'delete_item', args: { id: 1 } }])]);
    const remove = recordingTool('delete_item');
    const controller = new AbortController();
    const run = runLoop({ llm: providerFor(mock, id), tools: [remove], prepareTurn: simplePrompt(), signal: controller.signal });
    const { events } = await stopAt(run, controller, (event) => event.type === 'confirm');
    assert.deepEqual(events.slice(-2).map((event) => event.type), ['confirm', 'final']);
    assert.equal(finalOf(events).reason, 'stopped');
    assert.equal(remove.calls.length, 0);
  });

  it('during a pause nobody resumes, with stop()', BOUND, async () => {
    const id = scenarioId('abort-pause');
    mock.script(id, [envelopeTurn([{ narrate: 'One.', tool: 'note' }, { narrate: 'Two.', tool: 'note' }])]);
    const note = recordingTool('note');
    const run = runLoop({ llm: providerFor(mock, id), tools: [note], prepareTurn: simplePrompt(), pace: 'visitor' });
    const events: LoopEvent[] = [];
    let pauses = 0;
    for await (const event of run) {
      events.push(event);
      if (event.type === 'pause' && ++pauses === 2) setTimeout(() => run.stop(), 20);
      else if (event.type === 'pause') event.resume();
    }
    assert.deepEqual(events.slice(-2).map((event) => event.type), ['pause', 'final']);
    assert.equal(finalOf(events).reason, 'stopped');
    assert.equal(note.calls.length, 1, 'the second action waited at its pause and never ran');
    assert.ok(finalOf(events).checkpoint.pendingTurn, 'the final checkpoint keeps the unfinished turn');
  });

  it('when the consumer breaks out of the iteration, the stream is closed and nothing more runs', BOUND, async () => {
    const id = scenarioId('abandon');
    const turn = envelopeTurn([{ narrate: 'Hello there, reader.', tool: 'note' }]);
    mock.script(id, [{ ...turn, deltaSize: 4, fault: { type: 'stall', ms: 6_000, afterEvents: eventsThrough(turn, 'Hello', 4) } }]);
    const note = recordingTool('note');
    for await (const event of runLoop({ llm: providerFor(mock, id), tools: [note], prepareTurn: simplePrompt() })) {
      if (event.type === 'narrate-delta') break;
    }
    assert.equal(await clientClosed(id), 'client-closed');
    assert.equal(note.calls.length, 0);
  });

  it('return() while the loop waits on a confirm settles the pending pull with the final event', BOUND, async () => {
    const id = scenarioId('return-pending');
    mock.script(id, [envelopeTurn([{ tool: 'delete_item' }])]);
    const remove = recordingTool('delete_item');
    const run = runLoop({ llm: providerFor(mock, id), tools: [remove], prepareTurn: simplePrompt() });
    let event = (await run.next()).value as LoopEvent;
    while (event.type !== 'confirm') event = (await run.next()).value as LoopEvent;
    const pending = run.next();
    const returned = await run.return!();
    assert.equal(returned.done, true);
    const last = await pending;
    assert.equal(last.done ? 'done' : (last.value as LoopEvent).type, 'final');
    assert.equal(remove.calls.length, 0);
    assert.equal((await run.next()).done, true);
  });
});
