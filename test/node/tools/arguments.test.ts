// A host tool's arguments are checked against its schema before the handler runs; a call that does
// not fit is refused with the model told what is wrong and where, and the run goes on.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { validateArguments } from '../../../core/loop/validate-args.js';
import type { ToolParameters } from '../../../core/tools/tools.types.js';
import { BOUND, destroyAll, orderTool, toolReply, toolsController } from './support.js';

afterEach(destroyAll);

const CART: ToolParameters = {
  type: 'object',
  properties: {
    sku: { type: 'string', minLength: 3, maxLength: 12, pattern: '^[A-Z0-9-]+$' },
    qty: { type: 'integer', minimum: 1, maximum: 10 },
    size: { enum: ['S', 'M', 'L'] },
    gift: { type: 'boolean' },
    lines: { type: 'array', maxItems: 2, items: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
  },
  required: ['sku', 'qty'],
  additionalProperties: false,
};

describe('a host tool’s arguments', () => {
  it('the shared validator covers what tool schemas use: required, types, enum, bounds, patterns, items, additionalProperties', () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ sku: 'AB-1', qty: 2 }, []],
      [{ qty: 2 }, ['args.sku is required']],
      [{ sku: 'AB-1', qty: 0 }, ['args.qty must be at least 1; got 0']],
      [{ sku: 'AB-1', qty: 11 }, ['args.qty must be at most 10; got 11']],
      [{ sku: 'AB-1', qty: 2.5 }, ['args.qty must be an integer; got number 2.5']],
      [{ sku: 'AB-1', qty: '2' }, ['args.qty must be an integer; got the string "2"']],
      [{ sku: 'ab', qty: 1 }, ['args.sku must have at least 3 characters; got 2', 'args.sku must match /^[A-Z0-9-]+$/; got the string "ab"']],
      [{ sku: 'AB-1', qty: 1, size: 'XL' }, ['args.size must be one of "S", "M", "L"; got the string "XL"']],
      [{ sku: 'AB-1', qty: 1, gift: 'yes' }, ['args.gift must be true or false; got the string "yes"']],
      [{ sku: 'AB-1', qty: 1, coupon: 'X' }, ['args.coupon is not a known argument (known: sku, qty, size, gift, lines)']],
      [{ sku: 'AB-1', qty: 1, lines: [{ text: 'a' }, {}] }, ['args.lines[1].text is required']],
      [{ sku: 'AB-1', qty: 1, lines: [{ text: 'a' }, { text: 'b' }, { text: 'c' }] }, ['args.lines must have at most 2 items; got 3']],
    ];
    for (const [args, problems] of cases) assert.deepEqual(validateArguments(args, CART), problems, JSON.stringify(args));
  });

  it('a call that does not fit is refused before the handler runs, naming the defect; the run goes on', BOUND, async () => {
    const calls: unknown[] = [];
    const { dddk, model } = toolsController([
      [{ tool: 'add_item', args: { sku: 'AB-1', qty: 0, size: 'XL', coupon: 'FREE' } }],
      [{ tool: 'add_item', args: { sku: 'AB-1', qty: 2, size: 'M' } }],
      [],
    ]);
    dddk.tools.register(orderTool({ name: 'add_item', description: 'Adds an item to the order.', parameters: CART, handler: (args) => (calls.push(args), 'added') }));
    const outcome = await dddk.startAgent('Add two of AB-1 in medium').done;
    assert.equal(outcome.reason, 'done');
    const refusal = toolReply(model, 1);
    assert.match(refusal, /actions\[0\] \(add_item\) failed \(invalid_arguments\)\. The arguments do not fit the parameters of add_item: /);
    assert.match(refusal, /args\.qty must be at least 1; got 0/);
    assert.match(refusal, /args\.size must be one of "S", "M", "L"; got the string "XL"/);
    assert.match(refusal, /args\.coupon is not a known argument/);
    assert.deepEqual(calls, [{ sku: 'AB-1', qty: 2, size: 'M' }], 'only the call that fits ran');
  });

  it('the handler gets a copy of its arguments: what it changes stays out of the transcript', BOUND, async () => {
    const { dddk, model } = toolsController([[{ tool: 'lookup_order', args: { id: 'A-100' } }], []]);
    dddk.tools.register(
      orderTool({
        handler: (args) => {
          args.id = 'changed by the handler';
          return 'ok';
        },
      }),
    );
    await dddk.startAgent('Find A-100').done;
    const assistant = JSON.stringify(model.requests[1]!.messages.filter((message) => message.role === 'assistant'));
    assert.match(assistant, /A-100/);
    assert.doesNotMatch(assistant, /changed by the handler/);
  });
});
