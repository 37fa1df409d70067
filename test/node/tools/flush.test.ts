// `flush()` resolves once the agent's next turn will see the registry as it is: at once with no run
// under way, else at the end of the turn in flight (also when that turn had read its tools before
// the registration, during its preparation), or when the run ends.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { gate } from '../../support/scripted-provider.js';
import { BOUND, destroyAll, orderTool, toolsController } from './support.js';

afterEach(destroyAll);

/** Settles after the callbacks already queued have run (a few turns of the event loop). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function watch(promise: Promise<void>): { readonly done: boolean } {
  const state = { done: false };
  void promise.then(() => (state.done = true));
  return state;
}

describe('dddk.tools.flush()', () => {
  it('resolves at once when no run is under way: before the agent has loaded, and once it has', BOUND, async () => {
    const { dddk } = toolsController([[]]);
    dddk.tools.register(orderTool());
    const early = watch(dddk.tools.flush());
    await Promise.resolve();
    await Promise.resolve();
    assert.equal(early.done, true);
    await dddk.startAgent('Hello').done;
    const idle = watch(dddk.tools.flush());
    await Promise.resolve();
    await Promise.resolve();
    assert.equal(idle.done, true);
  });

  it('during a run, waits for the end of the turn in flight; the next turn then sees the registry', BOUND, async () => {
    const held = gate();
    let flush: { readonly done: boolean } | undefined;
    let doneWhenCall2Began: boolean | undefined;
    const { dddk, model } = toolsController([
      async () => {
        dddk.tools.register(orderTool());
        flush = watch(dddk.tools.flush());
        await held.promise;
        return [{ tool: 'narrate', args: { text: 'One moment.' } }];
      },
      () => {
        doneWhenCall2Began = flush?.done;
        return [];
      },
    ]);
    const run = dddk.startAgent('Check my order');
    while (!flush) await settle();
    await settle();
    assert.equal(flush.done, false, 'not while the turn is in flight');
    held.open();
    await run.done;
    assert.equal(doneWhenCall2Began, true, 'resolved before the next turn began');
    assert.deepEqual(model.requests.map((request) => request.tools.includes('lookup_order')), [false, true]);
  });

  it('a registration made while a turn is prepared (after it read its tools) waits for that turn to end, not for it to start', BOUND, async () => {
    const order: string[] = [];
    let preparations = 0;
    const { dddk, model } = toolsController(
      [[{ tool: 'narrate', args: { text: 'First.' } }], [{ tool: 'narrate', args: { text: 'Second.' } }], []],
      {
        contextProviders: {
          page_summary: () => {
            preparations += 1;
            if (preparations === 2) {
              dddk.tools.register(orderTool());
              void dddk.tools.flush().then(() => order.push('flushed'));
            }
            return 'A shop page.';
          },
        },
      },
    );
    dddk.on('agent_thinking', ({ step }) => order.push(`thinking ${step}`));
    dddk.on('agent_turn_end', ({ step }) => order.push(`turn end ${step}`));
    await dddk.startAgent('Check my order').done;
    assert.deepEqual(order.slice(0, 5), ['thinking 1', 'turn end 1', 'thinking 2', 'turn end 2', 'flushed']);
    assert.deepEqual(model.requests.map((request) => request.tools.includes('lookup_order')), [false, false, true]);
  });

  it('resolves when the run ends, and when the controller is destroyed mid-run', BOUND, async () => {
    const held = gate();
    const first = toolsController([
      async () => {
        await held.promise;
        throw new Error('the model went away');
      },
    ], { maxErrors: 1 });
    const run = first.dddk.startAgent('Hello');
    await first.dddk.loadAgent();
    while (!first.dddk.agent.running) await settle();
    const ended = watch(first.dddk.tools.flush());
    held.open();
    await run.done;
    await settle();
    assert.equal(ended.done, true);

    const second = toolsController([() => new Promise(() => undefined)]);
    second.dddk.startAgent('Hello');
    await second.dddk.loadAgent();
    while (second.model.requests.length === 0) await settle();
    const destroyed = watch(second.dddk.tools.flush());
    await settle();
    assert.equal(destroyed.done, false);
    second.dddk.destroy();
    await settle();
    assert.equal(destroyed.done, true);
  });
});
