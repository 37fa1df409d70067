import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { anthropic } from '../../../core/llm/index.js';
import { runLoop, type LoopEvent } from '../../../core/loop/index.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import {
  BOUND,
  argumentsOf,
  drain,
  envelopeTurn,
  eventsThrough,
  finalOf,
  ofType,
  providerFor,
  recordingTool,
  requestMessages,
  scenarioId,
  simplePrompt,
} from './loop-support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

const clickParameters = { type: 'object', properties: { index: { type: 'integer' } }, required: ['index'], additionalProperties: false };

describe('envelope mode: one forced agent_turn call per turn', () => {
  it('runs a multi-step task: forced agent_turn with a tool enum, narration, actions in order, results fed back', BOUND, async () => {
    const id = scenarioId('envelope-multi');
    mock.script(id, [
      envelopeTurn([
        { narrate: 'This is the pricing table.', about: ['e12'], tool: 'highlight', args: { id: 'e12' } },
        { narrate: 'Now I open the plans.', tool: 'click', args: { index: 4 } },
      ]),
      envelopeTurn([{ narrate: 'The Pro plan fits you best.', tool: 'highlight', args: { id: 'e40' } }], { final: true, memory: 'pro plan' }),
    ]);
    const highlight = recordingTool('highlight', { respond: (args) => ({ ok: true, message: `highlighted ${String(args.id)}` }) });
    const click = recordingTool('click', { parameters: clickParameters });
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [highlight, click], prepareTurn: simplePrompt() }));

    const final = finalOf(events);
    assert.equal(final.reason, 'done');
    assert.equal(final.summary, 'The Pro plan fits you best.');
    assert.deepEqual(highlight.calls.map((call) => [call.step, call.actionIndex, call.args.id]), [
      [1, 0, 'e12'],
      [2, 0, 'e40'],
    ]);
    assert.deepEqual(click.calls.map((call) => [call.step, call.actionIndex, call.args.index]), [[1, 1, 4]]);

    const narrated = ofType(events, 'narrate-complete').map((event) => [event.step, event.actionIndex, event.text]);
    assert.deepEqual(narrated, [
      [1, 0, 'This is the pricing table.'],
      [1, 1, 'Now I open the plans.'],
      [2, 0, 'The Pro plan fits you best.'],
    ]);
    const deltas = ofType(events, 'narrate-delta').filter((event) => event.step === 1 && event.actionIndex === 0);
    assert.equal(deltas.map((event) => event.text).join(''), 'This is the pricing table.');
    assert.deepEqual(ofType(events, 'about')[0], { type: 'about', step: 1, actionIndex: 0, ids: ['e12'] });

    // Each action's narration comes before its tool runs, and the next action's after it.
    const kinds = events.filter((event) => event.step === 1).map((event) => event.type + ('actionIndex' in event ? `#${event.actionIndex}` : ''));
    assert.ok(kinds.indexOf('narrate-complete#0') < kinds.indexOf('tool-start#0'));
    assert.ok(kinds.indexOf('tool-end#0') < kinds.indexOf('narrate-delta#1'));

    const body = mock.requests(id)[0]!.body;
    assert.deepEqual(body.tool_choice, { type: 'function', function: { name: 'agent_turn' } });
    assert.equal(body.tools.length, 1);
    const agentTurn = body.tools[0].function;
    assert.equal(agentTurn.name, 'agent_turn');
    assert.deepEqual(agentTurn.parameters.properties.actions.items.properties.tool.enum, ['highlight', 'click']);
    assert.match(agentTurn.description, /## click\nThe click tool\.\nargs: \{"type":"object"/);

    const second = requestMessages(mock, id, 1);
    assert.equal(second[2].role, 'assistant');
    assert.equal(second[2].tool_calls[0].function.name, 'agent_turn');
    assert.equal(JSON.parse(second[2].tool_calls[0].function.arguments).actions.length, 2);
    assert.equal(second[3].role, 'tool');
    assert.equal(second[3].tool_call_id, second[2].tool_calls[0].id);
    assert.match(second[3].content, /actions\[0\] \(highlight\) succeeded\.\nhighlighted e12/);
    assert.match(second[3].content, /actions\[1\] \(click\) succeeded\./);

    const turns = ofType(events, 'step').flatMap((event) => (event.record.kind === 'turn' ? [event.record] : []));
    assert.deepEqual(turns.map((turn) => [turn.step, turn.ending, turn.final, turn.envelope?.memory]), [
      [1, 'complete', false, 'notes'],
      [2, 'complete', true, 'pro plan'],
    ]);
  });

  it('yields narration and runs each action while the model is still streaming', BOUND, async () => {
    const id = scenarioId('envelope-early');
    // Every argument byte is sent, then the stream stalls before its end: all that happens during the stall
    // happened before the last byte.
    mock.script(id, [
      envelopeTurn(
        [
          { narrate: 'First I point at the search box.', tool: 'highlight', args: { id: 'e1' } },
          { narrate: 'Then I type your query.', tool: 'highlight', args: { id: 'e2' } },
        ],
        { final: true, deltaSize: 5, fault: { type: 'stall', ms: 1_500, afterEvents: 'end' } },
      ),
    ]);
    const streamOpenWhenRun: boolean[] = [];
    const highlight = recordingTool('highlight', {
      respond: () => {
        streamOpenWhenRun.push(mock.requests(id)[0]!.outcome === 'pending');
        return { ok: true };
      },
    });
    let streamOpenAtFirstNarration: boolean | undefined;
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [highlight], prepareTurn: simplePrompt() }), {
      onEvent: (event) => {
        if (event.type === 'narrate-delta' && streamOpenAtFirstNarration === undefined) streamOpenAtFirstNarration = mock.requests(id)[0]!.outcome === 'pending';
      },
    });
    assert.equal(finalOf(events).reason, 'done');
    assert.equal(streamOpenAtFirstNarration, true, 'the first narrate-delta came before the response ended');
    assert.deepEqual(streamOpenWhenRun, [true, true], 'both actions ran before the response ended');
    assert.ok(ofType(events, 'narrate-delta').filter((event) => event.actionIndex === 0).length > 1, 'narration streamed in pieces');
  });

  it('runs an action as soon as its object closes, before the next one has arrived', BOUND, async () => {
    const id = scenarioId('envelope-per-object');
    const turn = envelopeTurn([
      { tool: 'stop_here', args: { n: 0 } },
      { tool: 'stop_here', args: { n: 1 } },
    ]);
    // The stream stalls right after actions[0] closes. If the first tool only ran once actions[1] had
    // arrived, the whole answer would have been sent by the time it stops the run.
    mock.script(id, [{ ...turn, deltaSize: 4, fault: { type: 'stall', ms: 3_000, afterEvents: eventsThrough(turn, '{"n":0}}', 4) } }]);
    let run: ReturnType<typeof runLoop> | undefined;
    const stopHere = recordingTool('stop_here', {
      respond: () => {
        run?.stop();
        return { ok: true };
      },
    });
    run = runLoop({ llm: providerFor(mock, id), tools: [stopHere], prepareTurn: simplePrompt() });
    const events = await drain(run);
    assert.equal(finalOf(events).reason, 'stopped');
    assert.deepEqual(stopHere.calls.map((call) => call.args.n), [0]);
    for (let i = 0; i < 50 && mock.requests(id)[0]!.outcome === 'pending'; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(mock.requests(id)[0]!.outcome, 'client-closed');
  });

  it('works the same over the Anthropic wire', BOUND, async () => {
    const id = scenarioId('envelope-anthropic');
    mock.script(id, [envelopeTurn([{ narrate: 'Hello.', tool: 'note', args: { n: 1 } }]), envelopeTurn([], { final: true })]);
    const llm = anthropic({ baseURL: mock.anthropicBaseURL(id), apiKey: 'test-key', model: 'claude-test', maxRetries: 0 });
    const note = recordingTool('note');
    const events = await drain(runLoop({ llm, tools: [note], prepareTurn: simplePrompt() }));
    assert.equal(finalOf(events).reason, 'done');
    assert.deepEqual(note.calls.map((call) => call.args), [{ n: 1 }]);
    assert.equal(ofType(events, 'narrate-complete')[0]!.text, 'Hello.');
    const body = mock.requests(id)[0]!.body;
    assert.deepEqual(body.tool_choice, { type: 'tool', name: 'agent_turn' });
    const second = mock.requests(id)[1]!.body.messages;
    assert.equal(second.at(-1).content[0].type, 'tool_result');
  });

  it('never runs an action cut off by a broken stream, and tells the next turn which actions ran', BOUND, async () => {
    const id = scenarioId('envelope-cut');
    const broken = envelopeTurn([
      { narrate: 'Opening the menu.', tool: 'click', args: { index: 1 } },
      { narrate: 'Choosing settings.', tool: 'click', args: { index: 2 } },
      { narrate: 'Saving.', tool: 'click', args: { index: 3 } },
    ]);
    const text = argumentsOf(broken);
    const deltaSize = 4;
    // The cut falls inside actions[1], after actions[0] closed: events are the role chunk, the call's header, then argument pieces.
    const insideSecond = text.indexOf('"tool":"click","args":{"index":2}');
    assert.ok(insideSecond > text.indexOf('"index":1}}'));
    mock.script(id, [
      { ...broken, deltaSize, fault: { type: 'cut', afterEvents: 2 + Math.floor(insideSecond / deltaSize) } },
      envelopeTurn([{ narrate: 'Choosing settings again.', tool: 'click', args: { index: 2 } }], { final: true }),
    ]);
    const click = recordingTool('click', { parameters: clickParameters });
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [click], prepareTurn: simplePrompt(), retryDelayMs: 1 }));

    assert.deepEqual(click.calls.map((call) => [call.step, call.args.index]), [
      [1, 1],
      [2, 2],
    ]);
    const errors = ofType(events, 'error');
    assert.equal(errors.length, 1);
    assert.equal(errors[0]!.retrying, true);
    assert.equal(finalOf(events).reason, 'done');
    const broke = ofType(events, 'step').find((event) => event.record.kind === 'turn' && event.step === 1)!.record;
    assert.ok(broke.kind === 'turn');
    assert.equal(broke.ending, 'broken');
    assert.deepEqual(broke.actions, [{ actionIndex: 0, tool: 'click', ran: true, ok: true }]);

    const feedback = requestMessages(mock, id, 1).at(-1);
    assert.equal(feedback.role, 'tool');
    assert.match(feedback.content, /actions\[0\] \(click\) succeeded/);
    assert.match(feedback.content, /broke off inside actions\[1\], which did not run/);
    const sent = JSON.parse(requestMessages(mock, id, 1).at(-2).tool_calls[0].function.arguments);
    assert.deepEqual(sent.actions.map((action: any) => action.args.index), [1], 'the transcript shows only the actions that arrived');
  });

  it('feeds back an unknown tool, invalid args and an unreadable action, then goes on', BOUND, async () => {
    const id = scenarioId('envelope-invalid');
    mock.script(id, [
      {
        toolCalls: [
          {
            name: 'agent_turn',
            arguments: {
              memory: '',
              actions: [
                { narrate: 'Flying.', about: [], tool: 'fly', args: {} },
                { narrate: 'Clicking.', about: [], tool: 'click', args: { index: 'x' } },
                { narrate: 'Odd.', about: 'e1', tool: 'click', args: { index: 1 } },
                { narrate: 'Fine.', about: [], tool: 'click', args: { index: 5 } },
              ],
              is_final: false,
            },
          },
        ],
      },
      envelopeTurn([], { final: true }),
    ]);
    const click = recordingTool('click', { parameters: clickParameters });
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [click], prepareTurn: simplePrompt() }));
    assert.equal(finalOf(events).reason, 'done');
    assert.deepEqual(click.calls.map((call) => call.args.index), [5]);
    assert.deepEqual(
      ofType(events, 'tool-end').map((event) => (event.result.ok ? 'ok' : event.result.code)),
      ['unknown_tool', 'invalid_arguments', 'invalid_arguments', 'ok'],
    );
    const feedback = requestMessages(mock, id, 1).at(-1).content as string;
    assert.match(feedback, /actions\[0\] \(fly\) failed \(unknown_tool\)\. There is no tool named "fly"/);
    assert.match(feedback, /actions\[1\] \(click\) failed \(invalid_arguments\)\. .*args\.index must be an integer/);
    assert.match(feedback, /actions\[2\] failed \(invalid_arguments\)\. actions\[2\]\.about must be an array/);
    assert.match(feedback, /actions\[3\] \(click\) succeeded/);
  });

  it('answers a malformed envelope with a model-facing error turn counted against maxErrors', BOUND, async () => {
    const id = scenarioId('envelope-malformed');
    mock.script(id, [
      // The server says it finished, but the arguments are cut: a malformed envelope.
      { ...envelopeTurn([{ narrate: 'Hi.', tool: 'click', args: { index: 1 } }]), fault: { type: 'cut-tool-arguments', thenFinish: true } },
      { text: 'I will just talk.' },
      envelopeTurn([], { final: true }),
    ]);
    const click = recordingTool('click', { parameters: clickParameters });
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [click], prepareTurn: simplePrompt(), retryDelayMs: 1, maxErrors: 3 }));
    assert.equal(finalOf(events).reason, 'done');
    assert.equal(click.calls.length, 0);
    assert.deepEqual(ofType(events, 'error').map((event) => event.retrying), [true, true]);

    const third = requestMessages(mock, id, 2);
    const afterFirst = third.slice(2, 4);
    assert.equal(afterFirst[0].role, 'assistant');
    assert.equal(afterFirst[1].role, 'tool');
    assert.match(afterFirst[1].content, /not valid JSON/);
    assert.deepEqual(third.slice(4).map((message: any) => message.role), ['assistant', 'user']);
    assert.equal(third[4].content, 'I will just talk.');
    assert.match(third[5].content, /calling the agent_turn tool/);
  });

  it('ends the run after the actions of an is_final turn, or at once on an empty actions list', BOUND, async () => {
    const id = scenarioId('envelope-final');
    mock.script(id, [envelopeTurn([], { final: false })]);
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [recordingTool('click')], prepareTurn: simplePrompt() }));
    assert.equal(finalOf(events).reason, 'done');
    assert.equal(mock.requests(id).length, 1);
  });

  it('pace visitor: waits before each action, naming it and its narration, until resumed', BOUND, async () => {
    const id = scenarioId('envelope-pause');
    mock.script(id, [
      envelopeTurn([
        { narrate: 'One.', tool: 'note', args: { n: 1 } },
        { tool: 'note', args: { n: 2 } },
      ]),
      envelopeTurn([{ narrate: 'Three.', tool: 'note', args: { n: 3 } }], { final: true }),
    ]);
    const note = recordingTool('note');
    const events: LoopEvent[] = [];
    const callsAtPause: number[] = [];
    for await (const event of runLoop({ llm: providerFor(mock, id), tools: [note], prepareTurn: simplePrompt(), pace: 'visitor' })) {
      events.push(event);
      if (event.type === 'pause') {
        callsAtPause.push(note.calls.length);
        // Resumed later, from outside the iteration: the loop waits for it.
        setTimeout(() => event.resume(), 30);
      }
    }
    assert.equal(finalOf(events).reason, 'done');
    assert.deepEqual(ofType(events, 'pause').map((event) => [event.step, event.actionIndex, event.name, event.args.n, event.narrate]), [
      [1, 0, 'note', 1, 'One.'],
      [1, 1, 'note', 2, undefined],
      [2, 0, 'note', 3, 'Three.'],
    ]);
    assert.deepEqual(callsAtPause, [0, 1, 2], 'each pause comes before its action runs');
  });

  it('pace self (the default): never pauses, narrated or not, and still gates every action', BOUND, async () => {
    const id = scenarioId('envelope-nopause');
    mock.script(id, [envelopeTurn([{ narrate: 'One.', tool: 'note' }, { narrate: '', tool: 'delete_note' }, { tool: 'delete_note' }], { final: true })]);
    const note = recordingTool('note');
    const remove = recordingTool('delete_note');
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [note, remove], prepareTurn: simplePrompt() }), { approve: false });
    assert.equal(note.calls.length, 1);
    assert.equal(ofType(events, 'pause').length, 0);
    assert.equal(ofType(events, 'confirm').length, 2, 'an empty narration skips no gate');
    assert.equal(remove.calls.length, 0);
  });

  it('yields navigating and navigated around a result that moves the page, before the next action', BOUND, async () => {
    const id = scenarioId('envelope-navigate');
    mock.script(id, [envelopeTurn([{ tool: 'navigate', args: { path: '/pricing' } }, { tool: 'note' }], { final: true })]);
    const navigate = recordingTool('navigate', { respond: (args) => ({ ok: true, navigation: { to: String(args.path) } }) });
    const events = await drain(runLoop({ llm: providerFor(mock, id), tools: [navigate, recordingTool('note')], prepareTurn: simplePrompt() }));
    const sequence = events
      .filter((event) => ['tool-start', 'tool-end', 'navigating', 'navigated'].includes(event.type))
      .map((event) => `${event.type}${'to' in event ? `:${event.to}` : ''}`);
    assert.deepEqual(sequence, ['tool-start', 'tool-end', 'navigating:/pricing', 'navigated:/pricing', 'tool-start', 'tool-end']);
  });
});
