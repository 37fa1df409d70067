import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  adaptWebStorage,
  memoryStorage,
  webStorage,
  withMemoryFallback,
  type KeyValueStorage,
  type StorageFailure,
  type WebStorageLike,
} from '../../../core/storage/index.js';

function domException(name: string, code = 0): Error {
  const error = new Error(`${name} thrown by the test`);
  Object.defineProperty(error, 'name', { value: name });
  Object.defineProperty(error, 'code', { value: code });
  return error;
}

/** A memory storage that starts throwing `error` from the named operations when told to. */
function breakableStorage(initial: Record<string, string> = {}) {
  const inner = memoryStorage();
  for (const [key, value] of Object.entries(initial)) inner.set(key, value);
  const broken = new Map<string, unknown>();
  const guard = (operation: string) => {
    if (broken.has(operation)) throw broken.get(operation);
  };
  const storage: Required<KeyValueStorage> = {
    get: (key) => (guard('get'), inner.get(key)),
    set: (key, value) => (guard('set'), inner.set(key, value)),
    remove: (key) => (guard('remove'), inner.remove(key)),
    keys: () => (guard('keys'), inner.keys()),
  };
  return { storage, inner, breakOn: (operations: string[], error: unknown) => operations.forEach((name) => broken.set(name, error)) };
}

function recorded() {
  const failures: StorageFailure[] = [];
  return { failures, onFallback: (failure: StorageFailure) => void failures.push(failure) };
}

test('while the primary works, the wrapper reads and writes it and lists its keys', () => {
  const { storage, inner } = breakableStorage({ old: '0' });
  const { failures, onFallback } = recorded();
  const wrapped = withMemoryFallback(storage, onFallback);
  wrapped.set('a', '1');
  assert.equal(inner.get('a'), '1');
  assert.equal(wrapped.get('old'), '0');
  assert.deepEqual(wrapped.keys().sort(), ['a', 'old']);
  wrapped.remove('a');
  assert.equal(inner.get('a'), null);
  assert.equal(wrapped.degraded, false);
  assert.deepEqual(failures, []);
});

test('a full storage: the write lands in memory, earlier values and untouched keys stay readable, one event', () => {
  const { storage, inner, breakOn } = breakableStorage({ untouched: 'u' });
  const { failures, onFallback } = recorded();
  const wrapped = withMemoryFallback(storage, onFallback, { storageName: 'localStorage', subject: 'use counts' });
  wrapped.set('a', '1');
  breakOn(['set'], domException('QuotaExceededError', 22));
  wrapped.set('b', '2');
  wrapped.set('c', '3');
  assert.equal(wrapped.degraded, true);
  assert.equal(wrapped.get('a'), '1');
  assert.equal(wrapped.get('b'), '2');
  assert.equal(wrapped.get('untouched'), 'u', 'a full storage can still be read');
  assert.deepEqual(wrapped.keys().sort(), ['a', 'b', 'c', 'untouched']);
  wrapped.remove('a');
  assert.equal(wrapped.get('a'), null);
  assert.equal(inner.get('a'), '1', 'after the switch the primary is not written');
  assert.equal(failures.length, 1);
  assert.deepEqual([failures[0]!.reason, failures[0]!.operation, failures[0]!.key], ['quota-exceeded', 'set', 'b']);
  assert.match(failures[0]!.message, /^localStorage is full \(set "b": QuotaExceededError: .*\); use counts are kept in memory for the rest of this page\. Free space/);
});

test('a failed write removes the primary\'s older copy unless told to keep it', () => {
  for (const dropStaleCopy of [true, false]) {
    const { storage, inner, breakOn } = breakableStorage({ k: 'old' });
    const wrapped = withMemoryFallback(storage, () => {}, { dropStaleCopy });
    breakOn(['set'], domException('QuotaExceededError', 22));
    wrapped.set('k', 'new');
    assert.equal(wrapped.get('k'), 'new');
    assert.equal(inner.get('k'), dropStaleCopy ? null : 'old');
  }
});

test('a getItem that starts throwing: what was read or written before stays readable from memory', () => {
  const { storage, breakOn } = breakableStorage({ seen: 's', unseen: 'x' });
  const { failures, onFallback } = recorded();
  const wrapped = withMemoryFallback(storage, onFallback);
  wrapped.set('written', 'w');
  assert.equal(wrapped.get('seen'), 's');
  breakOn(['get', 'set', 'remove', 'keys'], domException('SecurityError', 18));
  assert.equal(wrapped.get('written'), 'w');
  assert.equal(wrapped.get('seen'), 's');
  assert.equal(wrapped.get('unseen'), null, 'a blocked storage cannot be read any more');
  assert.deepEqual(wrapped.keys().sort(), ['seen', 'written']);
  wrapped.set('later', 'l');
  assert.equal(wrapped.get('later'), 'l');
  assert.deepEqual(failures.map((failure) => [failure.reason, failure.operation, failure.key]), [['blocked', 'get', 'written']]);
});

test('a value the caller cannot decode: memory from then on, the entry left as is and read as absent, one event', () => {
  const { storage, inner } = breakableStorage({ prefs: '{"v":1', other: 'o' });
  const { failures, onFallback } = recorded();
  const wrapped = withMemoryFallback(storage, onFallback, { storageName: 'localStorage' });
  const raw = wrapped.get('prefs')!;
  let error: unknown;
  try {
    JSON.parse(raw);
  } catch (caught) {
    error = caught;
  }
  wrapped.reportCorrupt('prefs', error);
  assert.equal(wrapped.degraded, true);
  assert.equal(wrapped.get('prefs'), null);
  assert.equal(wrapped.get('other'), 'o', 'the other keys are still read');
  wrapped.set('prefs', '{"v":1}');
  assert.equal(wrapped.get('prefs'), '{"v":1}');
  assert.equal(inner.get('prefs'), '{"v":1', 'the corrupt entry is left for whoever wrote it');
  wrapped.reportCorrupt('other', new SyntaxError('again'));
  assert.equal(wrapped.get('other'), null);
  assert.equal(failures.length, 1, 'one event per switch');
  assert.deepEqual([failures[0]!.reason, failures[0]!.operation], ['corrupt', 'decode']);
  assert.match(failures[0]!.message, /localStorage holds data under "prefs" that cannot be read; it was left as is/);
});

test('a missing storage is unavailable; a throwing listener is logged and changes nothing', (t) => {
  const logged = t.mock.method(console, 'error', () => {});
  const reasons: string[] = [];
  // Node has no localStorage.
  const wrapped = withMemoryFallback(webStorage('local'), (failure) => {
    reasons.push(failure.reason);
    throw new Error('host bug');
  });
  assert.doesNotThrow(() => wrapped.set('k', 'v'));
  assert.equal(wrapped.get('k'), 'v');
  assert.deepEqual(reasons, ['unavailable']);
  assert.equal(logged.mock.callCount(), 1);
});

test('the web adapter speaks the port over a Web Storage object', () => {
  const items = new Map<string, string>([['a', '1']]);
  const storage: WebStorageLike = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
  const adapter = adaptWebStorage(storage);
  adapter.set('b', '2');
  assert.deepEqual(adapter.keys(), ['a', 'b']);
  adapter.remove('a');
  assert.equal(adapter.get('a'), null);
  const bare = adaptWebStorage({ getItem: () => null, setItem: () => {} }, 'the page store');
  assert.throws(() => bare.keys(), /the page store cannot list its keys/);
});
