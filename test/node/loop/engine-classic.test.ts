import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runLoop, type LoopTool } from '../../../core/loop/index.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { BOUND, drain, finalOf, ofType, providerFor, recordingTool, requestMessages, scenarioId, simplePrompt } from './loop-support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

describe('classic mode: native tool calls', () => {
  it('runs a multi-step task: tools in index order, results fed back as tool messages, a text-only turn ends it', BOUND, async () => {
    const id = scenarioId('classic-multi');
    mock.script(id, [
      { text: 'Looking first.', toolCalls: [{ id: 'c1', name: 'read_page', arguments: { section: 'top' } }] },
      {
        toolCalls: [
          { id: 'c2', name: 'click', arguments: { index: 3 } },
          { id: 'c3', name: 'read_page', arguments: { section: 'bottom' } },
        ],
        deltaSize: 3,
      },
      { text: 'All done: the form is sent.' },
    ]);
    const order: string[] = [];
    const readPage = recordingTool('read_page', {
      parameters: { type: 'object', properties: { section: { type: 'string' } }, required: ['section'] },
      respond: (args) => (order.push(`read_page:${String(args.section)}`), { ok: true, data: { heading: `Heading ${String(args.section)}` } }),
    });
    const click = recordingTool('click', {
      parameters: { type: 'object', properties: { index: { type: 'integer' } }, required: ['index'] },
      respond: (args) => (order.push(`click:${String(args.index)}`), { ok: true, message: 'Clicked.' }),
    });

    const events = await drain(
      runLoop({ llm: providerFor(mock, id), mode: 'classic', tools: [readPage, click], prepareTurn: simplePrompt(), temperature: 0.2, maxTokens: 500 }),
    );

    assert.deepEqual(order, ['read_page:top', 'click:3', 'read_page:bottom']);
    const final = finalOf(events);
    assert.equal(final.reason, 'done');
    assert.equal(final.summary, 'All done: the form is sent.');
    assert.equal(final.step, 3);
    assert.equal(ofType(events, 'text-delta').map((event) => event.text).join(''), 'Looking first.All done: the form is sent.');
    assert.equal(ofType(events, 'thinking').length, 3);
    assert.equal(ofType(events, 'llm-call').length, 3);
    assert.deepEqual(
      ofType(events, 'tool-end').map((event) => [event.step, event.actionIndex, event.callId, event.name, event.result.ok]),
      [
        [1, 0, 'c1', 'read_page', true],
        [2, 0, 'c2', 'click', true],
        [2, 1, 'c3', 'read_page', true],
      ],
    );
    const turnRecords = ofType(events, 'step').filter((event) => event.record.kind === 'turn');
    assert.equal(turnRecords.length, 3);

    const body = mock.requests(id)[1]!.body;
    assert.equal(body.tool_choice, 'auto');
    assert.equal(body.temperature, 0.2);
    assert.equal(body.max_tokens, 500);
    assert.deepEqual(body.tools.map((tool: any) => tool.function.name), ['read_page', 'click']);
    const second = requestMessages(mock, id, 1);
    assert.deepEqual(second.slice(2).map((message: any) => message.role), ['assistant', 'tool']);
    assert.equal(second[2].content, 'Looking first.');
    assert.equal(second[2].tool_calls[0].id, 'c1');
    assert.equal(second[3].tool_call_id, 'c1');
    assert.match(second[3].content, /Heading top/);
    const third = requestMessages(mock, id, 2);
    assert.deepEqual(third.slice(4).map((message: any) => [message.role, message.tool_call_id]), [
      ['assistant', undefined],
      ['tool', 'c2'],
      ['tool', 'c3'],
    ]);
    assert.match(third[6].content, /Heading bottom/);
  });

  it('answers an unknown tool and invalid arguments with an error result the model reads, never an exception', BOUND, async () => {
    const id = scenarioId('classic-unknown');
    mock.script(id, [
      {
        toolCalls: [
          { id: 'u1', name: 'teleport', arguments: { to: 'moon' } },
          { id: 'u2', name: 'click', arguments: { index: 'three' } },
          { id: 'u3', name: 'click', arguments: {} },
        ],
      },
      { text: 'Sorry.' },
    ]);
    const click = recordingTool('click', { parameters: { type: 'object', properties: { index: { type: 'integer' } }, required: ['index'] } });
    const events = await drain(runLoop({ llm: providerFor(mock, id), mode: 'classic', tools: [click], prepareTurn: simplePrompt() }));

    assert.equal(finalOf(events).reason, 'done');
    assert.equal(click.calls.length, 0);
    assert.deepEqual(
      ofType(events, 'tool-end').map((event) => (event.result.ok ? 'ok' : event.result.code)),
      ['unknown_tool', 'invalid_arguments', 'invalid_arguments'],
    );
    assert.equal(ofType(events, 'tool-start').length, 0, 'nothing started');
    const results = requestMessages(mock, id, 1).filter((message: any) => message.role === 'tool');
    assert.match(results[0].content, /no tool named "teleport".*click/s);
    assert.match(results[1].content, /args\.index must be an integer; got the string "three"/);
    assert.match(results[2].content, /args\.index is required/);
  });

  it('reads the tools at each step boundary: a tool registered during a step is offered from the next one', BOUND, async () => {
    const id = scenarioId('classic-tools-fn');
    mock.script(id, [
      { toolCalls: [{ id: 'r1', name: 'register', arguments: {} }] },
      { toolCalls: [{ id: 'r2', name: 'search', arguments: { q: 'shoes' } }] },
      { text: 'Found them.' },
    ]);
    const tools: LoopTool[] = [];
    const search = recordingTool('search');
    tools.push(
      recordingTool('register', {
        respond: () => {
          tools.push(search);
          return { ok: true };
        },
      }),
    );
    const events = await drain(runLoop({ llm: providerFor(mock, id), mode: 'classic', tools: () => [...tools], prepareTurn: simplePrompt() }));

    assert.equal(finalOf(events).reason, 'done');
    const offered = mock.requests(id).map((request) => request.body.tools.map((tool: any) => tool.function.name));
    assert.deepEqual(offered, [['register'], ['register', 'search'], ['register', 'search']]);
    assert.deepEqual(search.calls.map((call) => call.args), [{ q: 'shoes' }]);
  });

  it('a tool that throws or returns junk becomes a failed result, and the run goes on', BOUND, async () => {
    const id = scenarioId('classic-throws');
    mock.script(id, [
      {
        toolCalls: [
          { id: 't1', name: 'explode', arguments: {} },
          { id: 't2', name: 'junk', arguments: {} },
        ],
      },
      { text: 'Recovered.' },
    ]);
    const explode: LoopTool = { name: 'explode', description: 'x', parameters: { type: 'object' }, run: async () => Promise.reject(new Error('element detached')) };
    const junk: LoopTool = { name: 'junk', description: 'x', parameters: { type: 'object' }, run: async () => 42 as never };
    const events = await drain(runLoop({ llm: providerFor(mock, id), mode: 'classic', tools: [explode, junk], prepareTurn: simplePrompt() }));
    assert.equal(finalOf(events).summary, 'Recovered.');
    const results = ofType(events, 'tool-end').map((event) => event.result);
    assert.deepEqual(results[0], { ok: false, code: 'unknown', message: 'element detached' });
    assert.equal(results[1]!.ok, false);
    assert.match(requestMessages(mock, id, 1).at(-1).content, /returned a number \(42\) instead of a result/);
  });
});
