import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDddk } from '../../../core/controller/create-dddk.js';
import { memoryStorage } from '../../../core/storage/memory-storage.js';
import { scopedStorage } from '../../../core/storage/scoped-storage.js';
import type { Skill } from '../../../core/skills/skill.types.js';

const storages = () => ({ storage: memoryStorage(), sessionStorage: memoryStorage() });

test('config.skills and config.skillOptions are checked for shape when the controller is made', () => {
  assert.throws(() => createDddk({ skills: 'tour' as never }), { name: 'TypeError', message: /config\.skills must be an array of skills/ });
  assert.throws(() => createDddk({ skills: [null] as never }), { name: 'TypeError', message: /config\.skills must be an array/ });
  assert.throws(() => createDddk({ skillOptions: { storgae: memoryStorage() } as never }), { name: 'TypeError', message: /"storgae" is none of them/ });
  assert.throws(() => createDddk({ skillOptions: { targetTimeoutMs: -1 } }), { name: 'TypeError', message: /targetTimeoutMs must be a positive number/ });
});

test('dddk.skills throws until loaded; loadSkills() rejects with the field of a config skill that is wrong, and loads once it is fixed', async () => {
  const bad = createDddk({ skills: [{ id: 'x', name: 'X', kind: 'prompt' } as never], skillOptions: storages() });
  assert.throws(() => bad.skills, { message: /await dddk\.loadSkills\(\)/ });
  await assert.rejects(bad.loadSkills(), { name: 'TypeError', message: /config\.skills\[0\]/ });
  bad.destroy();

  const dddk = createDddk({ skills: [{ id: 'greet', name: 'Greet', kind: 'prompt', prompt: 'Say hello to {{who}}.', via: 'llm' }], skillOptions: storages() });
  const registry = await dddk.loadSkills();
  assert.equal(dddk.skills, registry);
  assert.deepEqual(registry.listAll().map((skill) => skill.id), ['greet']);
  assert.ok(dddk.palette.getItems().some((item) => item.id === 'skill:greet'), 'the skill is a palette row');
  assert.ok(dddk.palette.getItems().some((item) => item.id === 'skill-commands'), 'and the / commands row');
  dddk.destroy();
});

test('runSkill(): a skill that cannot start says why in the subtitle bar and in the outcome', async () => {
  const dddk = createDddk({ locale: 'en', skills: [{ id: 'greet', name: 'Greet', kind: 'prompt', prompt: 'Hello.', via: 'llm' }], skillOptions: storages() });
  const unknown = await dddk.runSkill('/nothing-here');
  assert.equal(unknown.status, 'failed');
  assert.match(dddk.subtitle.getState().text, /no command “\/nothing-here”/);
  const offline = await dddk.runSkill('greet');
  assert.equal(offline.status, 'failed');
  assert.match(dddk.subtitle.getState().text, /needs a language model/);
  dddk.destroy();
});

test("a skill's code gets its own corner of the lasting storage and cannot read another skill's keys", async () => {
  const lasting = memoryStorage();
  lasting.set('dddk.skills.data.other.secret', 'theirs');
  const seen: Array<string | null> = [];
  const skills: Skill[] = [
    {
      id: 'counter',
      name: 'Counter',
      kind: 'action',
      handler: (context) => {
        context.storage.set('count', String(Number(context.storage.get('count') ?? '0') + 1));
        seen.push(context.storage.get('count'), context.storage.get('secret'));
      },
    },
  ];
  const dddk = createDddk({ skills, skillOptions: { storage: lasting, sessionStorage: memoryStorage() } });
  assert.equal((await dddk.runSkill('counter')).status, 'done');
  assert.equal((await dddk.runSkill('counter')).status, 'done');
  assert.deepEqual(seen, ['1', null, '2', null]);
  assert.equal(lasting.get('dddk.skills.data.counter.count'), '2');
  dddk.destroy();
});

test('scopedStorage: reads, writes and lists only its own keys, the prefix hidden', () => {
  const shared = memoryStorage();
  shared.set('a.one', '1');
  shared.set('b.two', '2');
  const scoped = scopedStorage(shared, 'a.');
  assert.equal(scoped.get('one'), '1');
  assert.equal(scoped.get('b.two'), null);
  scoped.set('three', '3');
  assert.deepEqual(scoped.keys!().sort(), ['one', 'three']);
  scoped.remove('one');
  assert.equal(shared.get('a.one'), null);
  assert.equal(shared.get('b.two'), '2');
});

test('destroy() disposes the skills: their palette rows and agent tools go, and a later loadSkills() rejects', async () => {
  const dddk = createDddk({ skills: [{ id: 'look', name: 'Look', kind: 'action', agentTool: { description: 'Looks' }, handler: () => undefined }], skillOptions: storages() });
  await dddk.loadSkills();
  assert.ok(dddk.tools.list().some((tool) => tool.name === 'skill_look'));
  const palette = dddk.palette;
  dddk.destroy();
  assert.ok(!palette.getItems().some((item) => item.id.startsWith('skill')), 'the rows are withdrawn');
  await assert.rejects(dddk.loadSkills(), /destroyed/);
});
