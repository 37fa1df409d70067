import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_DESTRUCTIVE_PATTERNS, matchesDestructive, runLoop, type ConfirmationOptions, type LoopEvent, type LoopTool } from '../../../core/loop/index.js';
import { startMockLLM, type MockLLM, type MockToolCall } from '../../support/mock-llm/server.js';
import { BOUND, drain, finalOf, ofType, providerFor, recordingTool, requestMessages, scenarioId, simplePrompt } from './loop-support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

describe('default destructive patterns', () => {
  const gated = (text: string) => matchesDestructive([text], DEFAULT_DESTRUCTIVE_PATTERNS);

  it('match destructive verbs however the name is written', () => {
    for (const text of ['delete_item', 'deleteAccount', 'remove-member', 'DropTable', 'purge', 'wipe_data', 'Cancel order', 'cancel_subscription',
      'unsubscribe', 'Pay now', 'purchase', 'checkout', 'Submit payment', 'transfer_funds', 'refund', 'send_money', 'close_account', 'Place order', 'Buy']) {
      assert.ok(gated(text), `${text} should be gated`);
    }
  });

  it('leave harmless names alone', () => {
    for (const text of ['display', 'payload_view', 'open_dropdown', 'Open drop-down', 'click', 'scroll_to', 'fill_input', 'cancel_edit', 'View payment history', 'highlight', 'navigate']) {
      assert.ok(!gated(text), `${text} should not be gated`);
    }
  });

  it('host patterns with the g flag give the same answer every time', () => {
    const patterns = [/archive/g];
    assert.deepEqual([1, 2, 3].map(() => matchesDestructive(['archive_all'], patterns)), [true, true, true]);
  });
});

/** One classic turn calling `calls`, then a closing text turn; returns the events and the tool results the model read. */
async function gateRun(name: string, calls: MockToolCall[], tools: LoopTool[], confirmations: ConfirmationOptions = {}, approve: boolean | ((event: Extract<LoopEvent, { type: 'confirm' }>) => boolean) = true) {
  const id = scenarioId(name);
  mock.script(id, [{ toolCalls: calls }, { text: 'Done.' }]);
  const events = await drain(runLoop({ llm: providerFor(mock, id), mode: 'classic', tools, prepareTurn: simplePrompt(), confirmations }), { approve });
  assert.equal(finalOf(events).reason, 'done');
  const results = requestMessages(mock, id, 1).filter((message: any) => message.role === 'tool').map((message: any) => message.content as string);
  return { events, results, confirms: ofType(events, 'confirm') };
}

describe('the confirmation gate in a run', () => {
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
    assert.equal(end.result.ok ? 'ok' : end.result.reason, 'user_declined');
    assert.match(results[0]!, /failed \(user_declined\)\. The user declined/);
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

  it('disableConfirmations skips every gate except a tool that says requireConfirmation: true', BOUND, async () => {
    const remove = recordingTool('delete_item');
    const predicate = recordingTool('set_amount', { requireConfirmation: () => true });
    const alwaysAsk = recordingTool('share', { requireConfirmation: true });
    const { confirms } = await gateRun(
      'gate-disabled',
      [
        { name: 'delete_item', arguments: {} },
        { name: 'set_amount', arguments: {} },
        { name: 'share', arguments: {} },
      ],
      [remove, predicate, alwaysAsk],
      { disableConfirmations: true },
    );
    assert.deepEqual(confirms.map((event) => event.name), ['share']);
  });

  it('matches the policy description of a click (the label it would hit) and shows it with the confirm', BOUND, async () => {
    const labels: Record<number, string> = { 1: 'Show details', 2: 'Delete account' };
    const click = recordingTool('click', { parameters: { type: 'object', properties: { index: { type: 'integer' } } } });
    const { confirms } = await gateRun(
      'gate-describe',
      [
        { name: 'click', arguments: { index: 1 } },
        { name: 'click', arguments: { index: 2 } },
      ],
      [click],
      { describeForGate: (tool, args) => (tool.name === 'click' ? labels[Number(args.index)] : undefined) },
    );
    assert.deepEqual(confirms.map((event) => [event.args.index, event.description]), [[2, 'Delete account']]);
  });

  it('custom destructivePatterns replace the defaults; an empty list turns them off', BOUND, async () => {
    const archive = recordingTool('archive_all');
    const remove = recordingTool('delete_item');
    const custom = await gateRun('gate-custom', [{ name: 'archive_all', arguments: {} }, { name: 'delete_item', arguments: {} }], [archive, remove], {
      destructivePatterns: [/\barchive\b/],
    });
    assert.deepEqual(custom.confirms.map((event) => event.name), ['archive_all']);
    const none = await gateRun('gate-none', [{ name: 'delete_item', arguments: {} }], [recordingTool('delete_item')], { destructivePatterns: [] });
    assert.equal(none.confirms.length, 0);
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
