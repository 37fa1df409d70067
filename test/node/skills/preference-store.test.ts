import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryStorage, type KeyValueStorage, type MemoryStorage, type StorageFailure } from '../../../core/storage/index.js';
import { createPreferenceStore, type PreferenceSubject } from '../../../core/skills/index.js';
import { schema } from './fixtures.js';

const skill: PreferenceSubject = { id: 'shop:search', preferences: schema };

function setup<Storage extends KeyValueStorage = MemoryStorage>(options: { secretStorage?: KeyValueStorage; storage?: Storage } = {}) {
  const storage = options.storage ?? (memoryStorage() as KeyValueStorage as Storage);
  const failures: StorageFailure[] = [];
  const store = createPreferenceStore({ storage, ...(options.secretStorage ? { secretStorage: options.secretStorage } : {}), onFailure: (failure) => failures.push(failure) });
  return { storage, store, failures };
}

/** Every string the storage holds, keys and values. */
const everything = (storage: KeyValueStorage): string => (storage.keys?.() ?? []).map((key) => `${key}=${storage.get(key)}`).join('\n');

test('read gives the defaults until something is written; write merges, null clears', () => {
  const { store } = setup();
  assert.deepEqual(store.read(skill), { maxResults: 5, region: 'eu', notify: false, language: 'en' });
  store.write(skill, { maxResults: 8, language: 'fr' });
  store.write(skill, { notify: true });
  assert.deepEqual(store.read(skill), { maxResults: 8, region: 'eu', notify: true, language: 'fr' });
  store.write(skill, { maxResults: null });
  assert.equal(store.read(skill).maxResults, 5, 'cleared, so the default again');
  assert.ok(Object.isFrozen(store.read(skill)));
});

test('a password never reaches the persistent storage: without a secret store it lives in memory for the page', () => {
  const { store, storage } = setup();
  store.write(skill, { apiKey: 'sk-SECRET', maxResults: 3 });
  // Looked at before any read, which would scrub a copy that slipped through.
  assert.doesNotMatch(everything(storage), /SECRET/);
  assert.equal(store.read(skill).apiKey, 'sk-SECRET');
  assert.match(everything(storage), /"maxResults":3/);
  const reloaded = createPreferenceStore({ storage });
  assert.equal(reloaded.read(skill).apiKey, undefined, 'gone with the page');
  assert.equal(reloaded.read(skill).maxResults, 3);
});

test('with a secret store, a password goes there and only there', () => {
  const secretStorage = memoryStorage();
  const { store, storage } = setup({ secretStorage });
  store.write(skill, { apiKey: 'sk-SECRET' });
  assert.doesNotMatch(everything(storage), /SECRET/);
  assert.equal(storage.size, 0);
  assert.match(everything(secretStorage), /sk-SECRET/);
  assert.equal(createPreferenceStore({ storage, secretStorage }).read(skill).apiKey, 'sk-SECRET');
  store.write(skill, { apiKey: null });
  assert.equal(store.read(skill).apiKey, undefined);
  assert.equal(secretStorage.size, 0);
});

test('a field that became a password has its old copy scrubbed from the persistent storage', () => {
  const storage = memoryStorage();
  storage.set('dddk.skills.prefs.shop:search', JSON.stringify({ apiKey: 'sk-OLD', maxResults: 2 }));
  const { store } = setup({ storage });
  const values = store.read(skill);
  assert.equal(values.apiKey, undefined, 'not read from there either');
  assert.equal(values.maxResults, 2);
  assert.doesNotMatch(everything(storage), /sk-OLD/);
});

test('corrupt JSON is ignored and reported once, never thrown; the next save replaces it', () => {
  const storage = memoryStorage();
  storage.set('dddk.skills.prefs.shop:search', '{not json');
  const { store, failures } = setup({ storage });
  assert.deepEqual(store.read(skill), { maxResults: 5, region: 'eu', notify: false, language: 'en' });
  store.read(skill);
  assert.equal(failures.length, 1, 'told once');
  assert.deepEqual([failures[0]!.reason, failures[0]!.operation, failures[0]!.key], ['corrupt', 'decode', 'dddk.skills.prefs.shop:search']);
  assert.match(failures[0]!.message, /cannot be read \(SyntaxError: .*\); they count as empty, and the next save replaces them/);
  store.write(skill, { maxResults: 4 });
  assert.equal(createPreferenceStore({ storage }).read(skill).maxResults, 4, 'saved for the next page: the storage stays in use');
});

test('a record that is JSON but not an object counts as corrupt too; values of the wrong kind are dropped', () => {
  const storage = memoryStorage();
  storage.set('dddk.skills.prefs.a', '[1,2]');
  storage.set('dddk.skills.prefs.b', JSON.stringify({ maxResults: 'many', notify: 'yes', language: 'de', region: 'us' }));
  const { store, failures } = setup({ storage });
  assert.deepEqual(store.read({ id: 'a', preferences: schema }).maxResults, 5);
  assert.equal(failures[0]?.reason, 'corrupt');
  assert.deepEqual(store.read({ id: 'b', preferences: schema }), { maxResults: 5, region: 'us', notify: false, language: 'en' });
});

test('a storage that throws never crashes a call: values carry on in memory and the failure is told', () => {
  const broken: KeyValueStorage = {
    get: () => { throw Object.assign(new Error('denied'), { name: 'SecurityError' }); },
    set: () => { throw Object.assign(new Error('denied'), { name: 'SecurityError' }); },
    remove: () => undefined,
  };
  const { store, failures } = setup({ storage: broken, secretStorage: broken });
  store.write(skill, { maxResults: 9, apiKey: 'k' });
  assert.equal(store.read(skill).maxResults, 9);
  assert.equal(store.read(skill).apiKey, 'k');
  assert.ok(failures.length >= 1);
  assert.equal(failures[0]!.reason, 'blocked');
});

test('remove forgets every setting, secrets included, by skill or by id', () => {
  const secretStorage = memoryStorage();
  const { store, storage } = setup({ secretStorage });
  const other: PreferenceSubject = { id: 'shop:search2', preferences: schema };
  store.write(skill, { apiKey: 'a', maxResults: 1 });
  store.write(other, { apiKey: 'b', maxResults: 2 });
  store.remove('shop:search');
  assert.deepEqual(store.read(skill), { maxResults: 5, region: 'eu', notify: false, language: 'en' });
  assert.equal(store.read(other).apiKey, 'b', 'a skill whose id starts the same is left alone');
  store.remove(other);
  assert.equal(storage.size + secretStorage.size, 0);
  assert.throws(() => store.remove(3 as unknown as string), { name: 'TypeError', message: /preferences\.remove\(skill\): pass a skill or its id/ });
});

test('missingRequired lists the required fields without a value', () => {
  const { store } = setup();
  const consent: PreferenceSubject = { id: 'c', preferences: [...schema, { name: 'agree', title: 'Agree', kind: 'checkbox', required: true }, { name: 'n', title: 'N', kind: 'number', required: true, default: 1 }] };
  assert.deepEqual(store.missingRequired(consent).map((field) => field.name), ['apiKey', 'agree']);
  store.write(consent, { apiKey: 'k', agree: true });
  assert.deepEqual(store.missingRequired(consent), []);
  assert.deepEqual(store.missingRequired({ id: 'none' }), []);
});

test('write refuses names the schema lacks and values of the wrong kind', () => {
  const { store } = setup();
  assert.throws(() => store.write(skill, { maxResult: 3 }), { name: 'TypeError', message: 'preferences.write(skill, values): values.maxResult is not a setting of "shop:search"; it has apiKey, maxResults, region, notify, language, store' });
  assert.throws(() => store.write(skill, { maxResults: '3' }), { name: 'TypeError', message: /values\.maxResults must be a number for a number field, got the string "3"; check entered values with validatePreferences first/ });
  assert.throws(() => store.write(skill, { notify: 1 }), /values\.notify must be a boolean/);
  assert.throws(() => store.write(skill, 'x' as never), /values must be an object of settings by name/);
  assert.throws(() => store.read({ preferences: [] } as never), /preferences\.read\(skill\): pass a skill/);
  assert.throws(() => createPreferenceStore({} as never), { name: 'TypeError', message: /createPreferenceStore\(options\): options\.storage must be a key-value storage/ });
});

test('contextFor gives the skill get/set: set checks the whole picture and writes only what it was given', () => {
  const { store, storage } = setup();
  const context = store.contextFor(skill);
  assert.equal(context.isComplete(), false);
  assert.deepEqual(context.missingRequired().map((field) => field.name), ['apiKey']);
  const refused = context.set({ maxResults: '20' });
  assert.deepEqual(refused.errors.map((error) => error.field), ['apiKey', 'maxResults']);
  assert.equal(refused.values.maxResults, '20', 'entered value kept');
  assert.equal(context.get().maxResults, 5, 'nothing written on refusal');
  const accepted = context.set({ apiKey: 'sk-1', maxResults: '6' });
  assert.equal(accepted.ok, true);
  assert.deepEqual(context.get(), { apiKey: 'sk-1', maxResults: 6, region: 'eu', notify: false, language: 'en' });
  assert.doesNotMatch(everything(storage), /region|notify|language/, 'defaults are not written as values');
  assert.equal(context.isComplete(), true);
  assert.equal(context.set({ apiKey: null }).ok, false, 'a required secret cannot be cleared');
  assert.throws(() => context.set({ colour: 'red' }), { name: 'TypeError', message: /values\.colour is not a setting of "shop:search"/ });
});

test('contextFor messages follow the store’s locale', () => {
  const store = createPreferenceStore({ storage: memoryStorage(), locale: () => 'zh-TW' });
  assert.equal(store.contextFor(skill).set({ maxResults: 'x' }).errors.find((error) => error.field === 'maxResults')?.message, '「Results」請輸入數字。');
});
