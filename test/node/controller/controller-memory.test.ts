import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDddk } from '../../../core/controller/create-dddk.js';

const memoryConfig = { core: { schema: { name: { type: 'text' as const } } }, episodic: {}, drawer: {}, store: { factory: null } };

test('config.memory: dddk.memory throws until loaded, then remembers; writes and forgets are said on the bus', async () => {
  const dddk = createDddk({ locale: 'en', memory: memoryConfig });
  assert.throws(() => dddk.memory, /await dddk\.loadMemory\(\)/);
  const events: string[] = [];
  dddk.on('memory_write', (event) => void events.push(`write ${event.tier} ${event.by}`));
  dddk.on('memory_forget', (event) => void events.push(`forget ${event.ids.length}`));
  const memory = await dddk.loadMemory();
  assert.equal(dddk.memory, memory);
  const outcome = await memory.remember({ tier: 'core', key: 'name', text: 'Ada', source: { by: 'visitor' } });
  assert.ok(outcome.ok);
  await memory.forget(outcome.record.id);
  assert.deepEqual(events, ['write core visitor', 'forget 1']);
  assert.deepEqual(dddk.tools.list().map((tool) => tool.name).sort(), ['recall', 'remember']);
  dddk.destroy();
});

test('memory off: reading it says how to turn it on; a malformed config names the field', async () => {
  const off = createDddk();
  assert.throws(() => off.memory, /memory is off; turn it on/);
  await assert.rejects(off.loadMemory(), /memory is off/);
  off.destroy();
  assert.throws(() => createDddk({ memory: 'yes' as never }), /config\.memory must be an object/);
  const errors: string[] = [];
  const bad = createDddk({ memory: { core: { schema: { Name: { type: 'text' } } } } as never });
  bad.on('error', ({ error }) => void errors.push(String(error)));
  await assert.rejects(bad.loadMemory(), /memory\.core\.schema\.Name/);
  bad.destroy();
});

test('the remember tool: the visitor\'s own words are kept as theirs, anything else as an inference', async () => {
  const dddk = createDddk({ memory: memoryConfig });
  const memory = await dddk.loadMemory();
  const remember = dddk.tools.list().find((tool) => tool.name === 'remember')!;
  const context = { signal: new AbortController().signal, locale: 'en' };
  // No run: nothing the visitor said to compare with, so the model's inference.
  const kept = (await remember.handler({ text: 'Likes window seats' }, context)) as { as: string };
  assert.equal(kept.as, 'your inference');
  assert.equal(memory.list()[0]!.source.by, 'model');
  await memory.remember({ tier: 'core', key: 'name', text: 'Ada', source: { by: 'visitor' } });
  await assert.rejects(async () => remember.handler({ text: 'Adelaide', key: 'name' }, context), /not kept: the visitor set name to "Ada"/);
  assert.deepEqual(memory.profile().map((record) => record.text), ['Ada']);
  dddk.destroy();
});
