import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completeStep } from '../../../core/agent/session/session-record.js';
import { createSessionStore, type SessionStoreOptions } from '../../../core/agent/session/session-store.js';
import { memoryStorage } from '../../../core/storage/index.js';
import { countingStorage, manualClock, recordEvents } from './support.js';

const MINUTE = 60_000;

function setup(options: SessionStoreOptions = {}) {
  const clock = manualClock();
  const storage = countingStorage();
  let ids = 0;
  const store = createSessionStore({ storage: storage.adapter, now: clock.now, createId: () => `s${++ids}`, ...options });
  return { clock, storage, store, events: recordEvents(store) };
}

test('begin creates a running session with the task as its first turn and saves it', () => {
  const { store, storage, clock } = setup();
  const { session, continued, reason } = store.begin('Show me the pricing', { currentPage: '/home', selection: { text: 'Pro' } });
  assert.equal(continued, false);
  assert.equal(reason, 'no-session');
  assert.equal(session.id, 's1');
  assert.equal(session.status, 'thinking');
  assert.equal(session.task, 'Show me the pricing');
  assert.equal(session.currentPage, '/home');
  assert.deepEqual(session.turns, [{ kind: 'user', ts: clock.now(), text: 'Show me the pricing', selection: { text: 'Pro' } }]);
  assert.equal(session.version, 1);
  assert.equal(storage.calls.set, 1);
  assert.equal(store.current(), session);
});

test('save writes only when something changed, and bumps the version when it does', () => {
  const { store, storage, clock } = setup();
  const { session } = store.begin('task');
  const writes = storage.calls.set;
  assert.equal(store.save(session).status, 'unchanged');
  assert.equal(store.save(session).status, 'unchanged');
  assert.equal(storage.calls.set, writes);
  assert.equal(session.version, 1);

  clock.advance(1000);
  session.status = 'executing';
  completeStep(session, 'step-1');
  assert.equal(store.save(session).status, 'saved');
  assert.equal(session.version, 2);
  assert.equal(session.updatedAt, clock.now());
  assert.equal(storage.calls.set, writes + 1);
});

test('a reload (a new store on the same storage) reads the session back with its completed steps', () => {
  const { store, storage, clock } = setup();
  const { session } = store.begin('task', { currentPage: '/a' });
  session.status = 'navigating';
  session.transcript = { turns: [{ role: 'assistant', content: 'going' }] };
  completeStep(session, 'step-1');
  store.save(session);
  store.dispose();

  const reloaded = createSessionStore({ storage: storage.adapter, now: clock.now });
  const loaded = reloaded.resumable();
  assert.deepEqual(loaded, session);
  assert.notEqual(loaded, session);
  assert.equal(reloaded.save(loaded!).status, 'unchanged', 'a load counts as the last write');
  reloaded.dispose();
});

test('resumable: only a run in progress, and only within the resume window', () => {
  for (const status of ['thinking', 'executing', 'navigating', 'waiting'] as const) {
    const { store } = setup();
    const { session } = store.begin('t');
    session.status = status;
    store.save(session);
    assert.equal(store.resumable(), session, status);
  }
  for (const status of ['idle', 'interrupted', 'done', 'failed'] as const) {
    const { store } = setup();
    const { session } = store.begin('t');
    session.status = status;
    store.save(session);
    assert.equal(store.resumable(), null, status);
  }
  const { store, clock } = setup({ resumeWindowMs: 5 * MINUTE });
  store.begin('t');
  clock.advance(5 * MINUTE);
  assert.notEqual(store.resumable(), null, 'at the edge of the window');
  clock.advance(1);
  assert.equal(store.resumable(), null, 'past the window');
});

test('the default resume window is ten minutes', () => {
  const { store, clock } = setup();
  store.begin('t');
  clock.advance(10 * MINUTE);
  assert.notEqual(store.resumable(), null);
  clock.advance(1);
  assert.equal(store.resumable(), null);
});

test('continuity off (the default): every task starts a fresh session', () => {
  const { store, clock } = setup();
  const first = store.begin('one').session;
  first.status = 'done';
  store.save(first);
  clock.advance(1000);
  const second = store.begin('two');
  assert.equal(second.continued, false);
  assert.equal(second.reason, 'continuity-off');
  assert.notEqual(second.session.id, first.id);
  assert.equal(store.load()?.id, second.session.id);
});

test('continuity window: a follow-up within continuityMs is appended, a later one starts fresh', () => {
  const { store, clock } = setup({ continuityMs: 5 * MINUTE });
  const first = store.begin('What plans are there?').session;
  first.status = 'done';
  store.save(first);

  clock.advance(5 * MINUTE);
  const followUp = store.begin('And the cheapest?', { currentPage: '/pricing' });
  assert.equal(followUp.continued, true);
  assert.equal(followUp.reason, 'within-window');
  assert.equal(followUp.session, first);
  assert.equal(first.task, 'What plans are there?');
  assert.deepEqual(first.turns.map((turn) => turn.kind === 'user' && turn.text), ['What plans are there?', 'And the cheapest?']);
  assert.equal(first.status, 'thinking');
  assert.equal(first.currentPage, '/pricing');

  clock.advance(5 * MINUTE + 1);
  const later = store.begin('Something else');
  assert.equal(later.continued, false);
  assert.equal(later.reason, 'window-passed');
  assert.notEqual(later.session.id, first.id);
});

test('endContinuity and fresh close the time window early', () => {
  const { store, clock } = setup({ continuityMs: 5 * MINUTE });
  const first = store.begin('one').session;
  store.endContinuity();
  clock.advance(1000);
  const second = store.begin('two');
  assert.equal(second.reason, 'continuity-ended');
  assert.notEqual(second.session.id, first.id);
  const third = store.begin('three', { fresh: true });
  assert.equal(third.reason, 'fresh-requested');
  assert.notEqual(third.session.id, second.session.id);
});

test('palette scope: follow-ups continue until endContinuity, whatever the time', () => {
  const { store, clock, storage } = setup({ scope: 'palette' });
  const first = store.begin('one').session;
  clock.advance(60 * MINUTE);
  assert.equal(store.begin('two').continued, true);
  store.endContinuity();
  const third = store.begin('three');
  assert.equal(third.continued, false);
  assert.equal(third.reason, 'continuity-ended');
  assert.notEqual(third.session.id, first.id);

  // After a reload the palette is a new one: continuity does not carry over.
  const reloaded = createSessionStore({ storage: storage.adapter, now: clock.now, scope: 'palette' });
  assert.equal(reloaded.begin('four').continued, false);
  reloaded.dispose();
});

test('interruptForFollowup: the next task continues the interrupted run even with continuity off', () => {
  const { store, clock } = setup();
  const { session } = store.begin('Fill the form');
  session.status = 'executing';
  store.save(session);
  assert.equal(store.interruptForFollowup(), session);
  assert.equal(session.status, 'interrupted');
  assert.equal(store.load()?.status, 'interrupted', 'the interruption is saved');
  assert.equal(store.resumable(), null, 'an interrupted run waits for the follow-up instead of resuming');

  clock.advance(MINUTE);
  const followUp = store.begin('Use my work email');
  assert.equal(followUp.continued, true);
  assert.equal(followUp.reason, 'interrupted');
  assert.equal(followUp.session.id, session.id);
  assert.equal(followUp.session.status, 'thinking');
});

test('interruptForFollowup does nothing when no run is in progress', () => {
  const { store } = setup();
  assert.equal(store.interruptForFollowup(), null);
  const { session } = store.begin('t');
  session.status = 'done';
  store.save(session);
  assert.equal(store.interruptForFollowup(), null);
  assert.equal(session.status, 'done');
});

test('a stale interrupted session is not continued', () => {
  const { store, clock } = setup();
  const { session } = store.begin('t');
  store.interruptForFollowup();
  clock.advance(11 * MINUTE);
  const next = store.begin('later');
  assert.equal(next.continued, false);
  assert.notEqual(next.session.id, session.id);
});

test('a session replaced by a fresh one can no longer be saved over it', () => {
  const { store, events } = setup();
  const old = store.begin('one').session;
  const fresh = store.begin('two').session;
  old.status = 'done';
  assert.equal(store.save(old).status, 'stale');
  assert.equal(store.load()?.id, fresh.id);
  const refusal = events.find((event) => event.type === 'stale_write_refused');
  assert.ok(refusal?.type === 'stale_write_refused');
  assert.equal(refusal.source, 'local');
  assert.equal(refusal.id, old.id);
  assert.match(refusal.message, /replaced by a newer session/);
});

test('a copy older than the stored version is refused, never merged', () => {
  const { store } = setup();
  const { session } = store.begin('t');
  const copy = structuredClone(session);
  session.status = 'executing';
  store.save(session);
  copy.status = 'failed';
  assert.equal(store.save(copy).status, 'stale');
  assert.equal(store.load()?.status, 'executing');
});

test('clear removes the stored session; a late save of it is refused', () => {
  const { store, storage } = setup();
  const { session } = store.begin('t');
  store.clear();
  assert.equal(storage.inner.get('dddk.webagent.session'), null);
  assert.equal(store.current(), null);
  session.status = 'done';
  assert.equal(store.save(session).status, 'stale');
  assert.equal(store.load(), null);
});

test('the storage key is configurable and keys do not mix', () => {
  const storage = memoryStorage();
  const a = createSessionStore({ storage, key: 'agent.a' });
  const b = createSessionStore({ storage, key: 'agent.b' });
  a.begin('for a');
  assert.equal(b.load(), null);
  assert.equal(a.key, 'agent.a');
  assert.ok(storage.get('agent.a'));
  a.dispose();
  b.dispose();
});

test('begin rejects a task that is not a string', () => {
  const { store } = setup();
  assert.throws(() => store.begin(undefined as unknown as string), /task must be a string/);
});
