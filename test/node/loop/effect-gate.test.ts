import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Effect } from '../../../core/effects/effect.types.js';
import { runLoop, type EffectGateOptions, type LoopEvent, type LoopTool } from '../../../core/loop/index.js';
import { startMockLLM, type MockLLM, type MockToolCall } from '../../support/mock-llm/server.js';
import { BOUND, drain, finalOf, ofType, providerFor, recordingTool, requestMessages, scenarioId, simplePrompt } from './loop-support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

/** One classic turn calling `calls`, then a closing text turn; returns the events and the tool results the model read. */
async function gateRun(name: string, calls: MockToolCall[], tools: LoopTool[], effects: EffectGateOptions = {}, approve: boolean | ((event: Extract<LoopEvent, { type: 'confirm' }>) => boolean) = true) {
  const id = scenarioId(name);
  mock.script(id, [{ toolCalls: calls }, { text: 'Done.' }]);
  const events = await drain(runLoop({ llm: providerFor(mock, id), mode: 'classic', tools, prepareTurn: simplePrompt(), effects }), { approve });
  assert.equal(finalOf(events).reason, 'done');
  const results = requestMessages(mock, id, 1).filter((message: any) => message.role === 'tool').map((message: any) => message.content as string);
  return { events, results, confirms: ofType(events, 'confirm') };
}

describe('the effect gate in a run', () => {
  it('asks before a tool whose name matches a default pattern, and runs it once approved', BOUND, async () => {
    const remove = recordingTool('delete_item');
    const { confirms, events } = await gateRun('gate-approve', [{ name: 'delete_item', arguments: { id: 7 } }], [remove], {}, true);
    assert.deepEqual(confirms.map((event) => [event.name, event.args]), [['delete_item', { id: 7 }]]);
    assert.equal(remove.calls.length, 1);
    const order = events.map((event) => event.type).filter((type) => ['confirm', 'tool-start', 'tool-end'].includes(type));
    assert.deepEqual(order, ['confirm', 'tool-start', 'tool-end']);
  });

  it('feeds a refusal back as user_declined and never runs the tool', BOUND, async () => {
    const remove = recordingTool('delete_item');
    const { results, events } = await gateRun('gate-reject', [{ name: 'delete_item', arguments: { id: 7 } }], [remove], {}, false);
    assert.equal(remove.calls.length, 0);
    const end = ofType(events, 'tool-end')[0]!;
    assert.equal(end.result.ok ? 'ok' : end.result.code, 'user_declined');
    assert.match(results[0]!, /failed \(user_declined\)\. The user declined to run "delete_item"/);
  });

  it('waits for a decision given later, from outside the iteration', BOUND, async () => {
    const id = scenarioId('gate-later');
    mock.script(id, [{ toolCalls: [{ name: 'purchase', arguments: {} }] }, { text: 'Bought.' }]);
    const purchase = recordingTool('purchase');
    let ranBeforeDecision = false;
    const events: LoopEvent[] = [];
    for await (const event of runLoop({ llm: providerFor(mock, id), mode: 'classic', tools: [purchase], prepareTurn: simplePrompt() })) {
      events.push(event);
      if (event.type === 'confirm') {
        setTimeout(() => {
          ranBeforeDecision = purchase.calls.length > 0;
          event.decide(true);
        }, 50);
      }
    }
    assert.equal(ranBeforeDecision, false);
    assert.equal(purchase.calls.length, 1);
    assert.equal(finalOf(events).reason, 'done');
  });

  it('honours requireConfirmation: false, true and a predicate on the arguments', BOUND, async () => {
    const quietDelete = recordingTool('delete_draft', { requireConfirmation: false });
    const alwaysAsk = recordingTool('share', { requireConfirmation: true });
    const bigOnly = recordingTool('set_amount', { requireConfirmation: (args) => Number(args.amount) > 100 });
    const { confirms } = await gateRun(
      'gate-per-tool',
      [
        { name: 'delete_draft', arguments: {} },
        { name: 'share', arguments: {} },
        { name: 'set_amount', arguments: { amount: 5 } },
        { name: 'set_amount', arguments: { amount: 500 } },
      ],
      [quietDelete, alwaysAsk, bigOnly],
    );
    assert.deepEqual(confirms.map((event) => [event.name, event.args]), [
      ['share', {}],
      ['set_amount', { amount: 500 }],
    ]);
    assert.equal(quietDelete.calls.length + alwaysAsk.calls.length + bigOnly.calls.length, 4);
  });

  it('asks from what the assessment says a call would do, and shows the question in the user’s words', BOUND, async () => {
    const click = recordingTool('click', { parameters: { type: 'object', properties: { index: { type: 'integer' } } } });
    const effects: Record<number, Effect[]> = {
      1: [{ kind: 'activate', subject: { role: 'button', name: 'Show details' } }],
      2: [{ kind: 'submit', subject: { role: 'button', name: 'Delete account' }, destination: 'http://site.test/account', sameOrigin: true }],
      3: [{ kind: 'new-window', destination: 'https://example.com/x', sameOrigin: false }],
    };
    const { confirms } = await gateRun(
      'gate-assess',
      [1, 2, 3].map((index) => ({ name: 'click', arguments: { index } })),
      [click],
      { assess: (_tool, args) => effects[Number(args.index)] },
    );
    assert.deepEqual(confirms.map((event) => [event.args.index, event.question]), [
      [2, 'Submit the form on this page with the button "Delete account"?'],
      [3, 'Open example.com in a new tab?'],
    ]);
    assert.equal(click.calls.length, 3);
  });

  it('an assessment of no effect lets even a destructive-sounding tool through; undefined falls back to its name', BOUND, async () => {
    const remove = recordingTool('delete_item');
    const known = await gateRun('gate-known', [{ name: 'delete_item', arguments: {} }], [remove], { assess: () => [] });
    assert.equal(known.confirms.length, 0);
    const unknown = await gateRun('gate-unknown', [{ name: 'delete_item', arguments: {} }], [recordingTool('delete_item')], { assess: () => undefined });
    assert.equal(unknown.confirms.length, 1);
  });

  it('refuses what the policy refuses, with an engine note, and an assessment that throws refuses too', BOUND, async () => {
    const open = recordingTool('open_link');
    const refused = await gateRun('gate-refuse', [{ name: 'open_link', arguments: {} }], [open], {
      assess: () => [{ kind: 'javascript-url' }],
    });
    assert.equal(open.calls.length, 0);
    assert.equal(refused.confirms.length, 0);
    assert.match(refused.results[0]!, /failed \(not_allowed\)\. This action was not run: it would run a javascript: URL, and the assistant never runs javascript: URLs/);
    const shaky = recordingTool('open_link');
    const thrown = await gateRun('gate-assess-throws', [{ name: 'open_link', arguments: {} }], [shaky], {
      assess: () => {
        throw new Error('page gone');
      },
    });
    assert.equal(shaky.calls.length, 0);
    assert.match(thrown.results[0]!, /failed \(not_allowed\)/);
  });

  it('the host’s classes, extra wording and decide function', BOUND, async () => {
    const archive = recordingTool('archive_all');
    const custom = await gateRun('gate-custom', [{ name: 'archive_all', arguments: {} }, { name: 'delete_item', arguments: {} }], [archive, recordingTool('delete_item')], {
      policy: { destructivePatterns: [/\barchive\b/] },
    });
    assert.deepEqual(custom.confirms.map((event) => event.name), ['archive_all', 'delete_item'], 'extra wording adds to the shipped words');
    const quiet = await gateRun('gate-class', [{ name: 'delete_item', arguments: {} }], [recordingTool('delete_item')], { policy: { classes: { destructive: 'allow' } } });
    assert.equal(quiet.confirms.length, 0);
    const seen: string[] = [];
    const decided = await gateRun('gate-decide', [{ name: 'share', arguments: {} }], [recordingTool('share')], {
      policy: { decide: (effect, proposed) => (seen.push(`${effect.kind}:${proposed}`), 'confirm') },
    });
    assert.deepEqual(seen, ['host-action:allow']);
    assert.equal(decided.confirms.length, 1);
  });

  it('rejects a policy that would allow what is always refused, naming the field', () => {
    assert.throws(
      () => runLoop({ llm: providerFor(mock, 'unused'), tools: [], prepareTurn: simplePrompt(), effects: { policy: { classes: { 'javascript-url': 'allow' } as never } } }),
      /effects\.policy`\.classes\.javascript-url cannot be changed: javascript: URLs are always refused/,
    );
    assert.throws(
      () => runLoop({ llm: providerFor(mock, 'unused'), tools: [], prepareTurn: simplePrompt(), effects: { policy: { classes: { submit: 'maybe' as never } } } }),
      /classes\.submit must be "allow", "confirm" or "refuse", got the string "maybe"/,
    );
  });

  it('a predicate that throws asks rather than running unchecked', BOUND, async () => {
    const shaky = recordingTool('update', {
      requireConfirmation: () => {
        throw new Error('cannot tell');
      },
    });
    const { confirms } = await gateRun('gate-throws', [{ name: 'update', arguments: {} }], [shaky], {}, false);
    assert.equal(confirms.length, 1);
    assert.equal(shaky.calls.length, 0);
  });
});
