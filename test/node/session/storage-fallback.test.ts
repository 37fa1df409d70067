import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyStorageError, memoryStorage, webStorage, withMemoryFallback, StorageUnavailableError, type StorageFailure } from '../../../core/storage/index.js';
import { createSessionStore, type SessionStoreEvent } from '../../../core/agent/session/session-store.js';
import { domException, throwingStorage } from './support.js';

test('the memory adapter stores, returns and removes strings', () => {
  const storage = memoryStorage();
  assert.equal(storage.get('a'), null);
  storage.set('a', '1');
  assert.equal(storage.get('a'), '1');
  storage.remove('a');
  assert.equal(storage.get('a'), null);
  assert.equal(storage.size, 0);
});

test('storage errors are classified by the names and codes browsers use', () => {
  assert.equal(classifyStorageError(domException('QuotaExceededError', 22)), 'quota-exceeded');
  assert.equal(classifyStorageError(domException('NS_ERROR_DOM_QUOTA_REACHED', 1014)), 'quota-exceeded');
  assert.equal(classifyStorageError(domException('Error', 22)), 'quota-exceeded');
  assert.equal(classifyStorageError(domException('SecurityError', 18)), 'blocked');
  assert.equal(classifyStorageError(new StorageUnavailableError('none')), 'unavailable');
  assert.equal(classifyStorageError(new TypeError('odd')), 'failed');
  assert.equal(classifyStorageError('a string'), 'failed');
});

test('a failed write keeps the value in memory, removes the stale copy and reports once', () => {
  const { adapter, attempts } = throwingStorage(domException('QuotaExceededError', 22));
  const failures: StorageFailure[] = [];
  const storage = withMemoryFallback(adapter, (failure) => failures.push(failure), 'sessionStorage');
  storage.set('k', 'v1');
  assert.equal(storage.degraded, true);
  assert.equal(storage.get('k'), 'v1');
  storage.set('k', 'v2');
  assert.equal(storage.get('k'), 'v2');
  storage.remove('k');
  assert.equal(storage.get('k'), null);
  assert.deepEqual(attempts, ['set k', 'remove k'], 'after the first failure the primary is left alone');
  assert.equal(failures.length, 1);
  assert.equal(failures[0]!.reason, 'quota-exceeded');
  assert.equal(failures[0]!.operation, 'set');
  assert.match(failures[0]!.message, /sessionStorage is full/);
  assert.match(failures[0]!.message, /storage/);
});

test('blocked storage (SecurityError on read) falls back to memory', () => {
  const { adapter } = throwingStorage(domException('SecurityError', 18));
  const failures: StorageFailure[] = [];
  const storage = withMemoryFallback(adapter, (failure) => failures.push(failure));
  assert.equal(storage.get('k'), null);
  storage.set('k', 'v');
  assert.equal(storage.get('k'), 'v');
  assert.deepEqual(failures.map((failure) => [failure.reason, failure.operation]), [['blocked', 'get']]);
});

test('the web storage adapter reports missing storage as unavailable (Node has no sessionStorage)', () => {
  assert.equal((globalThis as { sessionStorage?: unknown }).sessionStorage, undefined);
  assert.throws(() => webStorage('session').get('k'), StorageUnavailableError);
  const failures: StorageFailure[] = [];
  const storage = withMemoryFallback(webStorage('local'), (failure) => failures.push(failure), 'localStorage');
  storage.set('k', 'v');
  assert.equal(storage.get('k'), 'v');
  assert.equal(failures[0]!.reason, 'unavailable');
  assert.match(failures[0]!.message, /localStorage is not available/);
});

test('a session store over a throwing adapter never throws and keeps working in memory', () => {
  const { adapter } = throwingStorage(domException('QuotaExceededError', 22));
  const events: SessionStoreEvent[] = [];
  const store = createSessionStore({ storage: adapter, onEvent: (event) => events.push(event) });
  const { session } = store.begin('compare the plans', { currentPage: '/' });
  session.status = 'executing';
  assert.equal(store.save(session).status, 'saved');
  assert.equal(store.load()?.status, 'executing');
  assert.equal(store.resumable()?.id, session.id);
  store.clear();
  assert.equal(store.load(), null);
  const failures = events.filter((event) => event.type === 'storage_failure');
  assert.equal(failures.length, 1);
  assert.equal(failures[0]!.type === 'storage_failure' && failures[0]!.reason, 'quota-exceeded');
  store.dispose();
});

test('a listener that throws does not stop the store or the other listeners', (t) => {
  const logged = t.mock.method(console, 'error', () => {});
  const { adapter } = throwingStorage(domException('SecurityError'));
  const seen: string[] = [];
  const store = createSessionStore({ storage: adapter, onEvent: () => { throw new Error('host bug'); } });
  store.subscribe((event) => seen.push(event.type));
  assert.doesNotThrow(() => store.begin('hello'));
  assert.deepEqual(seen, ['storage_failure']);
  assert.equal(logged.mock.callCount(), 1);
  store.dispose();
});
