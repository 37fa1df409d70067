import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { createDddk } from '../../../core/controller/create-dddk.js';
import type { ToolsState } from '../../../core/tools/tools.types.js';
import { scriptedPage } from '../web-agent/support.js';
import { destroyAll, orderTool, toolsController } from './support.js';

afterEach(destroyAll);

/** Asserts that registering `tool` throws a TypeError whose message matches `message`. */
function refuses(register: (tool: unknown) => unknown, tool: unknown, message: RegExp): void {
  assert.throws(() => register(tool), (error: unknown) => {
    assert.ok(error instanceof TypeError, `a TypeError, got ${String(error)}`);
    assert.match(error.message, /^dddk\.tools\.register\(tool\): /);
    assert.match(error.message, message);
    return true;
  });
}

describe('dddk.tools', () => {
  it('is one registry per controller, made on first use, following the model contract', () => {
    const { dddk } = toolsController();
    const tools = dddk.tools;
    assert.equal(dddk.tools, tools);
    assert.deepEqual(tools.getState().tools, []);
    const states: ToolsState[] = [];
    tools.subscribe((state) => states.push(state));
    const handle = tools.register(orderTool());
    assert.equal(handle.name, 'lookup_order');
    assert.equal(states.length, 1);
    assert.equal(tools.getState(), states[0]);
    assert.ok(Object.isFrozen(states[0]!.tools) && Object.isFrozen(states[0]!.tools[0]));
    assert.deepEqual(tools.list().map((tool) => tool.name), ['lookup_order']);
  });

  it('keeps a frozen copy: changing the definition afterwards changes nothing', () => {
    const { dddk } = toolsController();
    const definition = orderTool({ label: '  Order lookup ' });
    dddk.tools.register(definition);
    (definition.parameters as Record<string, unknown>).properties = {};
    definition.description = 'changed';
    const [kept] = dddk.tools.list();
    assert.equal(kept!.description, 'Looks an order up by its number.');
    assert.equal(kept!.label, 'Order lookup');
    assert.deepEqual(Object.keys(kept!.parameters.properties as object), ['id']);
    assert.ok(Object.isFrozen(kept!.parameters.properties));
  });

  it('unregister(name) and handle.remove() take the tool away, each saying whether it was there', () => {
    const { dddk } = toolsController();
    const first = dddk.tools.register(orderTool());
    dddk.tools.register(orderTool({ name: 'add_to_cart', effects: true }));
    assert.equal(dddk.tools.unregister('add_to_cart'), true);
    assert.equal(dddk.tools.unregister('add_to_cart'), false);
    assert.equal(dddk.tools.unregister(42 as never), false);
    assert.equal(first.remove(), true);
    assert.equal(first.remove(), false);
    assert.deepEqual(dddk.tools.list(), []);
  });

  it("a handle removes only its own registration, not a later tool of the same name", () => {
    const { dddk } = toolsController();
    const old = dddk.tools.register(orderTool());
    dddk.tools.unregister('lookup_order');
    dddk.tools.register(orderTool({ description: 'The newer one.' }));
    assert.equal(old.remove(), false);
    assert.deepEqual(dddk.tools.list().map((tool) => tool.description), ['The newer one.']);
  });

  it('checks each field at once, naming it and saying what it must be', () => {
    const { dddk } = toolsController();
    const register = (tool: unknown) => dddk.tools.register(tool as never);
    refuses(register, null, /tool must be an object \{ name, description, parameters, handler \}, got null/);
    refuses(register, { ...orderTool(), run: () => ({}) }, /tool\.run is not a field of a tool \(a host tool does its work in `handler\(args, ctx\)`\)/);
    refuses(register, orderTool({ name: 'look up' }), /tool\.name must be 1–64 letters, digits, "_" or "-", got the string "look up"/);
    refuses(register, orderTool({ name: 'x'.repeat(65) }), /tool\.name must be 1–64/);
    refuses(register, orderTool({ name: '' }), /tool\.name must be 1–64/);
    refuses(register, orderTool({ description: '  ' }), /tool\.description must be a non-empty string \(the model reads it to decide when to call "lookup_order"\)/);
    refuses(register, orderTool({ parameters: { type: 'string' } as never }), /tool\.parameters must be a JSON Schema object such as \{ type: "object".*got an object with type the string "string"/);
    refuses(register, orderTool({ parameters: [] as never }), /tool\.parameters must be a JSON Schema object .*got an array/);
    refuses(register, orderTool({ handler: 'go' as never }), /tool\.handler must be a function \(args, ctx\) => result, got the string "go"/);
    refuses(register, orderTool({ effects: 'yes' as never }), /tool\.effects must be true \(it changes something: ask first\), false \(it only reads\) or left out, got the string "yes"/);
    refuses(register, orderTool({ label: '' }), /tool\.label must be a non-empty string of at most 80 characters/);
    refuses(register, orderTool({ timeoutMs: 0 }), /tool\.timeoutMs must be a positive number of milliseconds, got a number \(0\)/);
    refuses(register, orderTool({ timeoutMs: Number.POSITIVE_INFINITY }), /tool\.timeoutMs must be a positive number/);
    assert.deepEqual(dddk.tools.list(), [], 'nothing refused was registered');
  });

  it('refuses parameters that are not plain JSON, and keywords the argument check would not apply', () => {
    const { dddk } = toolsController();
    const register = (tool: unknown) => dddk.tools.register(tool as never);
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.self = cyclic;
    refuses(register, orderTool({ parameters: cyclic as never }), /tool\.parameters must be plain JSON \(it is sent to the model\)/);
    refuses(register, orderTool({ parameters: { type: 'object', properties: { tags: { type: 'array', uniqueItems: true } } } }), /tool\.parameters\.properties\.tags uses "uniqueItems", which the arguments are not checked against/);
    refuses(register, orderTool({ parameters: { type: 'object', anyOf: [{ $ref: '#/$defs/id' }] } }), /tool\.parameters\.anyOf\[0\] uses "\$ref"/);
    refuses(register, orderTool({ parameters: { type: 'object', properties: { list: { type: 'array', items: [{ type: 'string' }] } } } }), /tool\.parameters\.properties\.list\.items must be one schema/);
    // A property may be called like a keyword: only schema positions are read.
    dddk.tools.register(orderTool({ parameters: { type: 'object', properties: { not: { type: 'string', format: 'email', description: 'x' } } } }));
  });

  it('refuses a name that something else the agent is offered already has, saying which', () => {
    const { dddk } = toolsController([], {
      customActions: [{ name: 'book_table', description: 'Books a table.', parameters: { type: 'object' }, run: async () => ({ ok: true }) }],
    });
    const register = (tool: unknown) => dddk.tools.register(tool as never);
    refuses(register, orderTool({ name: 'click' }), /tool\.name "click" is a built-in page action \(change it with agent\.actionOverrides instead\); pick another name/);
    refuses(register, orderTool({ name: 'agent_turn' }), /"agent_turn" is the agent's own turn tool/);
    refuses(register, orderTool({ name: 'palette_search' }), /"palette_search" starts with "palette_", which names the palette commands offered to the agent/);
    refuses(register, orderTool({ name: 'book_table' }), /"book_table" is a customAction of the agent config \(agent\.customActions\)/);
    dddk.tools.register(orderTool());
    refuses(register, orderTool(), /"lookup_order" is already a registered host tool; unregister\("lookup_order"\) it first; pick another name/);
  });

  it('goes with its controller: destroy() ends it, registering afterwards throws, a listener hears nothing more', async () => {
    const dddk = createDddk({ locale: 'en', agent: { page: scriptedPage().page, sessionStorage: 'memory' } });
    const tools = dddk.tools;
    tools.register(orderTool());
    let heard = 0;
    tools.subscribe(() => (heard += 1));
    dddk.destroy();
    assert.throws(() => tools.register(orderTool({ name: 'other' })), /dddk\.tools\.register\(tool\): this controller was destroyed; create a new one with createDddk\(\)/);
    tools.unregister('lookup_order');
    assert.equal(heard, 0);
    assert.throws(() => dddk.tools, /the controller was destroyed, so its tools is gone/);
    await tools.flush();
  });

  it('a listener that throws is reported on the bus, and the others still hear the change', () => {
    const { dddk } = toolsController();
    const errors: Array<{ source: string }> = [];
    dddk.on('error', (event) => errors.push(event));
    let heard = 0;
    dddk.tools.subscribe(() => {
      throw new Error('view broke');
    });
    dddk.tools.subscribe(() => (heard += 1));
    dddk.tools.register(orderTool());
    assert.equal(heard, 1);
    assert.deepEqual(errors.map((error) => error.source), ['tools-listener']);
  });
});
