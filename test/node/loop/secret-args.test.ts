import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runLoop, type LoopCheckpoint, type LoopEvent } from '../../../core/loop/index.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { BOUND, drain, envelopeTurn, finalOf, providerFor, recordingTool, scenarioId, simplePrompt } from './loop-support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

const SECRET = 'hunter2-correct-horse';
const secretArgs = (tool: string) => (tool === 'fill_secret' ? ['value'] : []);

describe('a secret the model writes into a call goes to the tool, and nowhere else', () => {
  it('envelope: records, checkpoints, events, later requests and the summary carry a placeholder', BOUND, async () => {
    const id = scenarioId('secret-envelope');
    mock.script(id, [
      envelopeTurn([
        { narrate: `Typing ${SECRET} now.`, tool: 'fill_secret', args: { target: 'pw', value: SECRET } },
        { narrate: 'Then on.', tool: 'note', args: { text: `remember ${SECRET}` } },
      ]),
      envelopeTurn([{ narrate: `Signed in with ${SECRET}.`, tool: 'note', args: {} }], { final: true, memory: `pw is ${SECRET}` }),
    ]);
    const fill = recordingTool('fill_secret', { respond: (args) => ({ ok: true, message: `Filled with ${String(args.value)}`, data: { echoed: args.value } }) });
    const note = recordingTool('note');
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [fill, note], prepareTurn: simplePrompt(), effects: { secretArgs } }));
    assert.equal(fill.calls[0]!.args.value, SECRET, 'the tool gets the real value');
    assert.equal(finalOf(events).reason, 'done');
    assert.equal(note.calls.length, 1, 'a call that would carry the secret out of its field is refused');
    const refused = events.find((event): event is Extract<LoopEvent, { type: 'tool-end' }> => event.type === 'tool-end' && event.actionIndex === 1 && event.step === 1)!;
    assert.deepEqual(refused.result.ok ? 'ok' : refused.result.code, 'not_allowed');
    // Narration streams to the screen before the call that makes its words a secret has arrived; what is kept is blanked.
    const kept = JSON.stringify(events.filter((event) => event.type !== 'narrate-delta' && event.type !== 'narrate-complete'));
    const secondRequest = JSON.stringify(mock.requests(id)[1]!.body);
    for (const [where, text] of [['events and checkpoints', kept], ['the next request', secondRequest]] as const) {
      assert.ok(!text.includes(SECRET), `${where} hold the secret`);
      assert.ok(text.includes('[secret]'), `${where} hold the placeholder`);
    }
    assert.equal(finalOf(events).summary, 'Signed in with [secret].');
  });

  it('classic: the native tool call’s own arguments are redacted too', BOUND, async () => {
    const id = scenarioId('secret-classic');
    mock.script(id, [{ toolCalls: [{ name: 'fill_secret', arguments: { value: SECRET } }] }, { text: 'Done.' }]);
    const fill = recordingTool('fill_secret');
    const events = await drain(runLoop({ llm: providerFor(mock, id), mode: 'classic', tools: [fill], prepareTurn: simplePrompt(), effects: { secretArgs } }));
    assert.equal(fill.calls[0]!.args.value, SECRET);
    assert.ok(!JSON.stringify(mock.requests(id)[1]!.body).includes(SECRET));
    assert.ok(!JSON.stringify(finalOf(events).checkpoint).includes(SECRET));
  });

  it('a secretArgs hook that throws treats every argument as secret', BOUND, async () => {
    const id = scenarioId('secret-throws');
    mock.script(id, [{ toolCalls: [{ name: 'fill_secret', arguments: { value: SECRET, target: 'pw' } }] }, { text: 'Done.' }]);
    const fill = recordingTool('fill_secret');
    const events = await drain(
      runLoop({
        llm: providerFor(mock, id),
        mode: 'classic',
        tools: [fill],
        prepareTurn: simplePrompt(),
        effects: {
          secretArgs: () => {
            throw new Error('cannot tell');
          },
        },
      }),
    );
    const start = events.find((event): event is Extract<LoopEvent, { type: 'tool-start' }> => event.type === 'tool-start')!;
    assert.deepEqual(start.args, { value: '[secret]', target: '[secret]' });
    assert.deepEqual(fill.calls[0]!.args, { value: SECRET, target: 'pw' });
  });

  it('a call cut off by a reload never fills a field with the placeholder: the secret is not kept to resume with', BOUND, async () => {
    const id = scenarioId('secret-resume');
    mock.script(id, [envelopeTurn([{ tool: 'wait_here', args: {} }, { tool: 'fill_secret', args: { value: SECRET } }])]);
    let checkpoint: LoopCheckpoint | undefined;
    const wait = recordingTool('wait_here', { respond: () => new Promise(() => undefined) });
    const run = runLoop({ llm: providerFor(mock, id), tools: [wait, recordingTool('fill_secret')], prepareTurn: simplePrompt(), effects: { secretArgs } });
    for await (const event of run) {
      if (event.type === 'step') checkpoint = event.checkpoint;
      if (event.type === 'tool-start' && event.name === 'wait_here') setTimeout(() => run.stop(), 50);
    }
    assert.ok(checkpoint?.pendingTurn, 'the run stopped inside its turn');
    assert.ok(!JSON.stringify(checkpoint).includes(SECRET));
    const second = scenarioId('secret-resume-2');
    mock.script(second, [envelopeTurn([], { final: true })]);
    const fill = recordingTool('fill_secret');
    const resumed = await drain(runLoop({ llm: providerFor(mock, second), tools: [recordingTool('wait_here'), fill], prepareTurn: simplePrompt(), effects: { secretArgs }, resume: checkpoint! }));
    assert.equal(fill.calls.length, 0);
    const end = resumed.find((event): event is Extract<LoopEvent, { type: 'tool-end' }> => event.type === 'tool-end' && event.name === 'fill_secret')!;
    assert.match(end.result.ok ? '' : (end.result.message ?? ''), /the secret it carried is never kept; ask the user to type it/);
  });
});
