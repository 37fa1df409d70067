import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runLoop, type LoopCheckpoint, type LoopEvent, type LoopOptions, type StepRecord } from '../../../core/loop/index.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { BOUND, drain, envelopeTurn, finalOf, ofType, providerFor, recordingTool, requestMessages, scenarioId, simplePrompt } from './loop-support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

/** Runs until `reloadAt` picks a step event, and returns its checkpoint as a reloaded page would read it back. */
async function runUntilReload(options: LoopOptions, reloadAt: (record: StepRecord) => boolean): Promise<LoopCheckpoint> {
  for await (const event of runLoop(options)) {
    if (event.type === 'pause') event.resume();
    if (event.type === 'step' && reloadAt(event.record)) return JSON.parse(JSON.stringify(event.checkpoint)) as LoopCheckpoint;
  }
  throw new Error('the run ended before the reload point');
}

const isAction = (step: number, index: number, status: string) => (record: StepRecord) =>
  record.kind === 'action' && record.step === step && record.actionIndex === index && record.status === status;

async function until(predicate: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !predicate(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('resume after a reload', () => {
  const threeActions = () =>
    envelopeTurn(
      [
        { narrate: 'First.', tool: 'act', args: { n: 0 } },
        { tool: 'act', args: { n: 1 } },
        { tool: 'act', args: { n: 2 } },
      ],
      // The stream stays open while the actions run, so the turn is still incomplete when the page "reloads".
      { fault: { type: 'stall', ms: 1_500, afterEvents: 'end' } },
    );

  /** The first action takes a moment, so the reader (which runs on) has received the other two by its end. */
  const slowFirstAct = () =>
    recordingTool('act', { respond: (args) => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), args.n === 0 ? 300 : 0)) });

  it('runs the actions not yet started, never one that completed', BOUND, async () => {
    const first = scenarioId('resume-done');
    mock.script(first, [threeActions()]);
    const before = slowFirstAct();
    const checkpoint = await runUntilReload({ llm: providerFor(mock, first), tools: [before], prepareTurn: simplePrompt() }, isAction(1, 0, 'done'));
    assert.deepEqual(before.calls.map((call) => call.args.n), [0]);
    assert.equal(checkpoint.pendingTurn?.complete, false);
    assert.deepEqual(checkpoint.pendingTurn?.actions.map((action) => action.status), ['done', 'pending', 'pending']);

    const second = scenarioId('resume-done-2');
    mock.script(second, [envelopeTurn([], { final: true })]);
    const after = recordingTool('act');
    const events = await drain(runLoop({ llm: providerFor(mock, second), tools: [after], prepareTurn: simplePrompt(), resume: checkpoint }));
    assert.deepEqual(after.calls.map((call) => [call.step, call.args.n]), [
      [1, 1],
      [1, 2],
    ]);
    assert.equal(finalOf(events).reason, 'done');
    assert.equal(finalOf(events).step, 2);

    const turn = ofType(events, 'step').find((event) => event.record.kind === 'turn')!.record;
    assert.ok(turn.kind === 'turn');
    assert.equal(turn.ending, 'interrupted');
    const messages = requestMessages(mock, second, 0);
    const results = messages.at(-1).content as string;
    assert.match(results, /actions\[0\] \(act\) succeeded[\s\S]*actions\[1\] \(act\) succeeded[\s\S]*actions\[2\] \(act\) succeeded/);
    assert.match(results, /page reloaded before your response was complete/);
    const sent = JSON.parse(messages.at(-2).tool_calls[0].function.arguments);
    assert.deepEqual(sent.actions.map((action: any) => action.args.n), [0, 1, 2]);
  });

  it('does not start again an action that was running when the page went away', BOUND, async () => {
    const first = scenarioId('resume-running');
    mock.script(first, [threeActions()]);
    const checkpoint = await runUntilReload({ llm: providerFor(mock, first), tools: [slowFirstAct()], prepareTurn: simplePrompt() }, isAction(1, 1, 'running'));
    assert.equal(checkpoint.pendingTurn?.actions[1]?.status, 'running');

    const second = scenarioId('resume-running-2');
    mock.script(second, [envelopeTurn([], { final: true })]);
    const after = recordingTool('act');
    const events = await drain(runLoop({ llm: providerFor(mock, second), tools: [after], prepareTurn: simplePrompt(), resume: checkpoint }));
    assert.deepEqual(after.calls.map((call) => call.args.n), [2]);
    const interrupted = ofType(events, 'tool-end').find((event) => event.actionIndex === 1)!;
    assert.deepEqual(interrupted.result.ok ? 'ok' : interrupted.result.code, 'navigation');
    assert.match(requestMessages(mock, second, 0).at(-1).content, /actions\[1\] \(act\) failed \(navigation\)\. The page reloaded while this action ran/);
  });

  it('trusts a completed step record in the transcript over a stale pending mark', BOUND, async () => {
    const first = scenarioId('resume-records');
    mock.script(first, [threeActions()]);
    const checkpoint = await runUntilReload({ llm: providerFor(mock, first), tools: [slowFirstAct()], prepareTurn: simplePrompt() }, isAction(1, 1, 'running'));
    // A checkpoint whose pending turn lags behind its records: action 1 is marked pending, but recorded as done.
    const action = checkpoint.pendingTurn!.actions[1]!;
    action.status = 'pending';
    checkpoint.transcript.records.push({ ...action, status: 'done', result: { ok: true, message: 'did it' }, resultBy: 'tool' });

    const second = scenarioId('resume-records-2');
    mock.script(second, [envelopeTurn([], { final: true })]);
    const after = recordingTool('act');
    await drain(runLoop({ llm: providerFor(mock, second), tools: [after], prepareTurn: simplePrompt(), resume: checkpoint }));
    assert.deepEqual(after.calls.map((call) => call.args.n), [2]);
    assert.match(requestMessages(mock, second, 0).at(-1).content, /actions\[1\] \(act\) succeeded\.\ndid it/);
  });

  it('ends without a model call when the interrupted turn was complete and final', BOUND, async () => {
    const first = scenarioId('resume-final');
    mock.script(first, [envelopeTurn([{ tool: 'act', args: { n: 0 } }, { tool: 'act', args: { n: 1 } }], { final: true })]);
    // The first action returns only once the whole answer has been read.
    const slow = recordingTool('act', {
      respond: async () => {
        await until(() => mock.requests(first)[0]?.outcome === 'complete');
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { ok: true };
      },
    });
    const checkpoint = await runUntilReload({ llm: providerFor(mock, first), tools: [slow], prepareTurn: simplePrompt() }, isAction(1, 0, 'done'));
    assert.equal(checkpoint.pendingTurn?.complete, true);
    assert.equal(checkpoint.pendingTurn?.final, true);

    const second = scenarioId('resume-final-2');
    const after = recordingTool('act');
    const events = await drain(runLoop({ llm: providerFor(mock, second), tools: [after], prepareTurn: simplePrompt(), resume: checkpoint }));
    assert.deepEqual(after.calls.map((call) => call.args.n), [1]);
    assert.equal(finalOf(events).reason, 'done');
    assert.equal(mock.requests(second).length, 0);
  });

  it('continues after the last finished turn, with its transcript, in classic mode too', BOUND, async () => {
    const first = scenarioId('resume-classic');
    mock.script(first, [{ toolCalls: [{ id: 'k1', name: 'act', arguments: { n: 0 } }, { id: 'k2', name: 'act', arguments: { n: 1 } }] }]);
    const checkpoint = await runUntilReload(
      { llm: providerFor(mock, first), mode: 'classic', tools: [recordingTool('act')], prepareTurn: simplePrompt() },
      isAction(1, 0, 'done'),
    );
    const second = scenarioId('resume-classic-2');
    mock.script(second, [{ toolCalls: [{ id: 'k3', name: 'act', arguments: { n: 2 } }] }, { text: 'Finished.' }]);
    const after = recordingTool('act');
    const events: LoopEvent[] = await drain(runLoop({ llm: providerFor(mock, second), mode: 'classic', tools: [after], prepareTurn: simplePrompt(), resume: checkpoint }));
    assert.deepEqual(after.calls.map((call) => [call.step, call.args.n]), [
      [1, 1],
      [2, 2],
    ]);
    assert.equal(finalOf(events).summary, 'Finished.');
    const messages = requestMessages(mock, second, 0);
    assert.deepEqual(messages.slice(2).map((message: any) => [message.role, message.tool_call_id]), [
      ['assistant', undefined],
      ['tool', 'k1'],
      ['tool', 'k2'],
    ]);

    // A checkpoint taken between turns resumes at the next step.
    const between = ofType(events, 'step').find((event) => event.record.kind === 'turn' && event.step === 1)!.checkpoint;
    assert.equal(between.pendingTurn, undefined);
    const third = scenarioId('resume-classic-3');
    mock.script(third, [{ text: 'Picked up again.' }]);
    const resumed = await drain(runLoop({ llm: providerFor(mock, third), mode: 'classic', tools: [], prepareTurn: simplePrompt(), resume: JSON.parse(JSON.stringify(between)) }));
    assert.equal(finalOf(resumed).step, 2);
    assert.equal(requestMessages(mock, third, 0).length, 2 + 3);
  });

  it('refuses a checkpoint from the other mode, naming the option', () => {
    const checkpoint: LoopCheckpoint = { version: 1, mode: 'classic', step: 1, transcript: { messages: [], records: [] } };
    assert.throws(() => runLoop({ llm: providerFor(mock, 'x'), tools: [], prepareTurn: simplePrompt(), resume: checkpoint }), /`resume` was taken in "classic" mode, but `mode` is "envelope"/);
  });
});
