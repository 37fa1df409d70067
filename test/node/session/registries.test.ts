import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSessionsRegistry } from '../../../core/agent/session/sessions-registry.js';
import { memoryStorage } from '../../../core/storage/index.js';

test('sessions: every caller of a name gets the same session object', () => {
  const sessions = createSessionsRegistry({ storage: 'memory' });
  const first = sessions.get('support', { currentPage: '/help' });
  const again = sessions.get('support');
  assert.equal(first, again);
  assert.equal(first.currentPage, '/help');
  assert.notEqual(sessions.get('sales'), first);
  assert.deepEqual(sessions.list(), ['support', 'sales']);
  assert.equal(sessions.has('support'), true);
  assert.equal(sessions.has('billing'), false);
});

test('sessions: reset gives a fresh session under the same name', () => {
  const sessions = createSessionsRegistry({ storage: 'memory' });
  const old = sessions.get('support');
  old.turns.push({ kind: 'user', ts: 1, text: 'hi' });
  const fresh = sessions.reset('support', { currentPage: '/x' });
  assert.notEqual(fresh.id, old.id);
  assert.deepEqual(fresh.turns, []);
  assert.equal(sessions.get('support'), fresh);
  assert.equal(sessions.reset('new-name').turns.length, 0, 'resetting an unknown name creates it');
});

test('sessions: a persisted session survives a new registry on the same storage; a memory one does not', () => {
  const storage = memoryStorage();
  const sessions = createSessionsRegistry({ storage });
  const kept = sessions.get('support', { persistKey: 'dddk.sessions.support' });
  kept.turns.push({ kind: 'user', ts: 1, text: 'remember me' });
  assert.equal(sessions.persist('support')?.status, 'saved');
  const memoryOnly = sessions.get('scratch');
  assert.equal(sessions.persist('scratch'), undefined);

  const later = createSessionsRegistry({ storage });
  const restored = later.get('support', { persistKey: 'dddk.sessions.support' });
  assert.equal(restored.id, kept.id);
  assert.deepEqual(restored.turns, kept.turns);
  assert.notEqual(later.get('scratch').id, memoryOnly.id);
});

test('sessions: clear forgets the session and its stored copy', () => {
  const storage = memoryStorage();
  const sessions = createSessionsRegistry({ storage });
  sessions.get('support', { persistKey: 'k' });
  sessions.persist('support');
  assert.ok(storage.get('k'));
  sessions.clear('support');
  assert.equal(storage.get('k'), null);
  assert.equal(sessions.has('support'), false);
  assert.doesNotThrow(() => sessions.clear('never-there'));
});

test('sessions: a second persistKey for the same name is a configuration error', () => {
  const sessions = createSessionsRegistry({ storage: 'memory' });
  sessions.get('support', { persistKey: 'a' });
  assert.throws(() => sessions.get('support', { persistKey: 'b' }), /already kept under "a"/);
  assert.throws(() => sessions.persist('unknown'), /call sessions.get\("unknown"\) first/);
});
