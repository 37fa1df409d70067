// Which turns are offered a host tool: from the first turn when registered before the agent's code
// loads, from the next turn when registered during a run (never the turn in flight), and none after
// it is withdrawn.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { BOUND, destroyAll, orderTool, toolReply, toolsController } from './support.js';

afterEach(destroyAll);

describe('host tools reach the agent', () => {
  it('a tool registered before the agent has loaded is offered from the first turn, and runs with its arguments', BOUND, async () => {
    const calls: unknown[] = [];
    const { dddk, model } = toolsController([[{ tool: 'lookup_order', args: { id: 'A-100' } }], []]);
    dddk.tools.register(orderTool({ handler: (args) => (calls.push(args), { status: 'shipped' }) }));
    assert.throws(() => dddk.agent, /has not loaded yet/);
    const outcome = await dddk.startAgent('Where is order A-100?').done;
    assert.equal(outcome.reason, 'done');
    assert.ok(model.requests[0]!.tools.includes('lookup_order'), `first turn offered ${model.requests[0]!.tools.join(', ')}`);
    assert.deepEqual(calls, [{ id: 'A-100' }]);
    assert.match(toolReply(model, 1), /actions\[0\] \(lookup_order\) succeeded\./);
    assert.match(toolReply(model, 1), /\{"status":"shipped"\}/);
  });

  it('a tool registered while a turn is in flight is offered from the next turn, not that one', BOUND, async () => {
    const { dddk, model } = toolsController([
      () => {
        // Turn 1 has read its tools already.
        dddk.tools.register(orderTool({ name: 'apply_coupon', description: 'Applies a coupon code.', handler: () => 'applied' }));
        return [{ tool: 'lookup_order', args: { id: 'A-100' } }];
      },
      [{ tool: 'apply_coupon', args: { id: 'SAVE10' } }],
      [],
    ]);
    dddk.tools.register(orderTool());
    await dddk.startAgent('Apply my coupon').done;
    const offered = model.requests.map((request) => request.tools.filter((name) => name === 'lookup_order' || name === 'apply_coupon'));
    assert.deepEqual(offered, [['lookup_order'], ['lookup_order', 'apply_coupon'], ['lookup_order', 'apply_coupon']]);
    assert.match(toolReply(model, 2), /actions\[0\] \(apply_coupon\) succeeded\.[\s\S]*applied/);
  });

  it('a tool the model calls in the turn that first sees it is registered by an earlier tool of the run', BOUND, async () => {
    const { dddk, model } = toolsController([[{ tool: 'open_cart' }], [{ tool: 'choose_shipping', args: { id: 'express' } }], []]);
    const chosen: unknown[] = [];
    dddk.tools.register(
      orderTool({
        name: 'open_cart',
        description: 'Opens the cart.',
        parameters: { type: 'object' },
        handler: () => {
          dddk.tools.register(orderTool({ name: 'choose_shipping', description: 'Picks a shipping option.', handler: (args) => void chosen.push(args) }));
          return 'the cart is open';
        },
      }),
    );
    await dddk.startAgent('Ship it fast').done;
    assert.ok(!model.requests[0]!.tools.includes('choose_shipping'));
    assert.ok(model.requests[1]!.tools.includes('choose_shipping'));
    assert.deepEqual(chosen, [{ id: 'express' }]);
  });

  it('a withdrawn tool is offered no more, and a call the turn in flight still makes does not reach its handler', BOUND, async () => {
    let ran = 0;
    const { dddk, model } = toolsController([
      [{ tool: 'narrate', args: { text: 'Looking.' } }],
      () => {
        dddk.tools.unregister('lookup_order');
        return [{ tool: 'lookup_order', args: { id: 'A-100' } }];
      },
      [],
    ]);
    dddk.tools.register(orderTool({ handler: () => void (ran += 1) }));
    await dddk.startAgent('Find it').done;
    assert.deepEqual(
      model.requests.map((request) => request.tools.includes('lookup_order')),
      [true, true, false],
    );
    assert.equal(ran, 0);
    assert.match(toolReply(model, 2), /\(lookup_order\) failed \(unknown\)[\s\S]*withdrawn by the site/);
  });

  it('registers on a loaded agent at once, and destroy() withdraws every tool with the agent', BOUND, async () => {
    const { dddk } = toolsController([[]]);
    const agent = await dddk.loadAgent();
    dddk.tools.register(orderTool());
    // The agent's own registry now holds the name: a direct registration of it is refused.
    assert.throws(() => agent.registerTool({ name: 'lookup_order', description: 'x', parameters: { type: 'object' }, run: async () => ({ ok: true }) }), /already offered/);
    dddk.tools.unregister('lookup_order');
    agent.registerTool({ name: 'lookup_order', description: 'x', parameters: { type: 'object' }, run: async () => ({ ok: true }) }).remove();
  });

  it('a name the agent already offers (registered on the agent directly) is reported on the bus, once', BOUND, async () => {
    const { dddk } = toolsController([[]]);
    const errors: Array<{ source: string; error: unknown }> = [];
    dddk.on('error', (event) => errors.push(event));
    const agent = await dddk.loadAgent();
    agent.registerTool({ name: 'lookup_order', description: 'x', parameters: { type: 'object' }, run: async () => ({ ok: true }) });
    dddk.tools.register(orderTool());
    dddk.tools.register(orderTool({ name: 'other' }));
    assert.deepEqual(errors.map((error) => error.source), ['host-tools']);
    assert.match(String(errors[0]!.error), /a tool named "lookup_order" is already offered/);
  });
});
