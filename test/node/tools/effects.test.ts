// A host tool marked `effects: true` goes through the effect policy: the visitor is asked before it
// runs, and the policy may refuse it. `effects: false` never asks. Unmarked, it is judged as every
// host action is: by its name's wording (and the element it names), the `host-action` class, `decide`.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { DddkController } from '../../../core/controller/create-dddk.js';
import type { Effect, EffectDecision } from '../../../core/effects/effect.types.js';
import { BOUND, destroyAll, orderTool, toolReply, toolsController } from './support.js';

afterEach(destroyAll);

/** Answers each confirm prompt the bar shows with the next answer; returns the questions shown. */
function answer(dddk: DddkController, answers: boolean[]): string[] {
  const shown: string[] = [];
  dddk.subtitle.subscribe((state, previous) => {
    if (state.prompt && state.prompt !== previous.prompt) {
      shown.push(state.prompt.message);
      const accepted = answers.shift();
      if (accepted !== undefined) queueMicrotask(() => dddk.subtitle.answerPrompt({ kind: 'confirm', accepted }));
    }
  });
  return shown;
}

const call = (tool: string) => [[{ tool, args: { id: 'A-100' } }], []];

describe('a host tool and the effect policy', () => {
  it('effects: true asks the visitor before the handler runs; a yes runs it, a no tells the model it was declined', BOUND, async () => {
    const ran: string[] = [];
    const { dddk, model } = toolsController([[{ tool: 'add_to_cart', args: { id: 'A-100' } }], [{ tool: 'add_to_cart', args: { id: 'B-200' } }], []]);
    dddk.tools.register(orderTool({ name: 'add_to_cart', description: 'Adds an item to the cart.', effects: true, handler: (args) => void ran.push(String(args.id)) }));
    const questions = answer(dddk, [true, false]);
    await dddk.startAgent('Add both').done;
    assert.deepEqual(questions, ['Run "add to cart"?', 'Run "add to cart"?']);
    assert.deepEqual(ran, ['A-100']);
    assert.match(toolReply(model, 2), /\(add_to_cart\) failed \(user_declined\)/);
  });

  it('the policy sees the call as a host action that asks, and may refuse it: then nothing is asked and nothing runs', BOUND, async () => {
    const seen: Array<[Effect, EffectDecision]> = [];
    let ran = 0;
    const { dddk, model } = toolsController(call('place_order'), {
      effects: {
        decide: (effect, proposed) => {
          seen.push([effect, proposed]);
          return effect.tool === 'place_order' ? 'refuse' : undefined;
        },
      },
    });
    dddk.tools.register(orderTool({ name: 'place_order', description: 'Places the order.', effects: true, handler: () => void (ran += 1) }));
    const questions = answer(dddk, []);
    await dddk.startAgent('Order it').done;
    assert.deepEqual(questions, []);
    assert.equal(ran, 0);
    assert.deepEqual(seen.map(([effect, proposed]) => [effect.kind, effect.tool, effect.declared, proposed]), [['host-action', 'place_order', 'confirm', 'confirm']]);
    assert.match(toolReply(model, 1), /\(place_order\) failed \(not_allowed\)/);
  });

  it('a host-action class set to refuse refuses a tool with effects, which would otherwise only ask', BOUND, async () => {
    let ran = 0;
    const { dddk, model } = toolsController(call('add_to_cart'), { effects: { classes: { 'host-action': 'refuse' } } });
    dddk.tools.register(orderTool({ name: 'add_to_cart', description: 'Adds an item to the cart.', effects: true, handler: () => void (ran += 1) }));
    const questions = answer(dddk, [true]);
    await dddk.startAgent('Add it').done;
    assert.deepEqual(questions, []);
    assert.equal(ran, 0);
    assert.match(toolReply(model, 1), /\(add_to_cart\) failed \(not_allowed\)/);
  });

  it('effects: false runs without asking, whatever its name reads like', BOUND, async () => {
    let ran = 0;
    const { dddk } = toolsController(call('delete_saved_filter'));
    dddk.tools.register(orderTool({ name: 'delete_saved_filter', description: 'Clears a filter chip.', effects: false, handler: () => void (ran += 1) }));
    const questions = answer(dddk, []);
    await dddk.startAgent('Clear the filter').done;
    assert.deepEqual(questions, []);
    assert.equal(ran, 1);
  });

  it('unmarked, a tool is judged by its name: destructive wording asks, other names run', BOUND, async () => {
    const ran: string[] = [];
    const { dddk } = toolsController([[{ tool: 'cancel_my_order', args: { id: 'A-100' } }, { tool: 'lookup_order', args: { id: 'A-100' } }], []]);
    dddk.tools.register(orderTool({ name: 'cancel_my_order', description: 'Cancels an order.', handler: () => void ran.push('cancel') }));
    dddk.tools.register(orderTool({ handler: () => void ran.push('lookup') }));
    const questions = answer(dddk, [true]);
    await dddk.startAgent('Cancel it').done;
    assert.deepEqual(questions, ['Run "cancel my order"?']);
    assert.deepEqual(ran, ['cancel', 'lookup']);
  });
});
