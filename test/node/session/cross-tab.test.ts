import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { composeStoredSession, serializeSessionBody } from '../../../core/agent/session/session-codec.js';
import { createSessionStore, type SessionStore, type SessionStoreOptions } from '../../../core/agent/session/session-store.js';
import { memoryStorage, type KeyValueStorage as StorageAdapter } from '../../../core/storage/index.js';
import { manualClock, nextEvent, recordEvents } from './support.js';

const opened: SessionStore[] = [];
let channelCount = 0;
afterEach(() => {
  for (const store of opened.splice(0)) store.dispose();
});

/** Two "tabs": each its own storage (sessionStorage is per tab) unless one is shared, one channel name per test. */
function tabs(options: { shared?: StorageAdapter } & SessionStoreOptions = {}) {
  const clock = manualClock();
  const channelName = `dddk-test-${process.pid}-${++channelCount}`;
  const make = (storage: StorageAdapter) => {
    const store = createSessionStore({ storage, now: clock.now, crossTabSync: { channelName }, ...options });
    opened.push(store);
    return store;
  };
  const storageA = options.shared ?? memoryStorage();
  const storageB = options.shared ?? memoryStorage();
  return { clock, a: make(storageA), b: make(storageB), storageA, storageB, channelName };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

test('another tab learns of a new session and of every later write', async () => {
  const { a, b, storageB, clock } = tabs();
  const arrived = nextEvent(b, 'remote_update');
  const { session } = a.begin('Compare plans', { currentPage: '/pricing' });
  const first = await arrived;
  assert.deepEqual(first.session, session);
  assert.equal(b.current()?.id, session.id);
  assert.ok(storageB.get('dddk.webagent.session'), 'the receiving tab stores it, so its own reload sees it');

  clock.advance(1000);
  const second = nextEvent(b, 'remote_update');
  session.status = 'executing';
  a.save(session);
  assert.equal((await second).session.status, 'executing');
  assert.equal(b.current()?.version, session.version);
});

test('the receiving tab can continue the session, and the first tab adopts its write', async () => {
  const { a, b, clock } = tabs();
  const inB = nextEvent(b, 'remote_update');
  a.begin('one');
  await inB;
  const inA = nextEvent(a, 'remote_update');
  clock.advance(1000);
  const shared = b.current()!;
  shared.status = 'done';
  assert.equal(b.save(shared).status, 'saved');
  const adopted = await inA;
  assert.equal(adopted.session.status, 'done');
  assert.equal(a.current()?.status, 'done');
});

test('a tab holding an outdated copy cannot overwrite the newer write', async () => {
  const { a, b, clock } = tabs();
  const arrived = nextEvent(b, 'remote_update');
  const { session: inA } = a.begin('task');
  await arrived;
  const inB = b.current()!;

  clock.advance(1000);
  inB.status = 'executing';
  const toA = nextEvent(a, 'remote_update');
  b.save(inB);
  await toA;

  const events = recordEvents(a);
  inA.status = 'failed';
  assert.equal(a.save(inA).status, 'stale', 'A\'s object was replaced by B\'s newer write');
  assert.equal(a.current()?.status, 'executing');
  const refusal = events.find((event) => event.type === 'stale_write_refused');
  assert.ok(refusal?.type === 'stale_write_refused' && refusal.source === 'local');
});

test('an update older than what a tab holds is refused with an event, not merged', async () => {
  const { a, b, clock, channelName } = tabs();
  const arrived = nextEvent(b, 'remote_update');
  const { session } = a.begin('task');
  await arrived;
  const local = b.current()!;
  clock.advance(1000);
  local.status = 'executing';
  b.save(local); // B is now at version 2
  await settle();

  // A forged old write: version 1 of the same session arriving after version 2.
  const old = structuredClone(session);
  old.status = 'failed';
  const refused = nextEvent(b, 'stale_write_refused');
  const channel = new BroadcastChannel(channelName);
  channel.postMessage({ protocol: 'dddk.session/1', type: 'update', key: b.key, origin: 'forger', text: composeStoredSession(old, serializeSessionBody(old)) });
  const event = await refused;
  channel.close();
  assert.equal(event.source, 'remote');
  assert.equal(event.version, 1);
  assert.equal(event.latest?.version, 2);
  assert.equal(b.current()?.status, 'executing');
});

test('two writes of the same version race: both tabs settle on the same one', async () => {
  const { a, b, clock } = tabs();
  const arrived = nextEvent(b, 'remote_update');
  const { session: inA } = a.begin('task');
  await arrived;
  const inB = b.current()!;

  clock.advance(1000);
  inA.status = 'executing';
  inB.status = 'waiting';
  a.save(inA);
  b.save(inB); // same version, same time: neither has seen the other's write
  await settle();
  await settle();
  assert.equal(a.current()?.status, b.current()?.status, 'the tie is settled the same way in both tabs');
  assert.equal(a.current()?.version, 2);
  const loser = a.current()?.status === 'executing' ? { store: b, object: inB } : { store: a, object: inA };
  loser.object.status = 'failed';
  assert.equal(loser.store.save(loser.object).status, 'stale', 'the losing tab cannot overwrite the winner later');
});

test('with shared storage, a write the channel has not delivered yet still makes an older save stale', () => {
  const shared = memoryStorage();
  const { a, b, clock } = tabs({ shared });
  const { session } = a.begin('task');
  const inB = b.load()!;
  clock.advance(1000);
  session.status = 'executing';
  a.save(session);
  // No await: B's channel has not delivered A's write yet, but the shared storage shows it.
  inB.status = 'failed';
  assert.equal(b.save(inB).status, 'stale');
  assert.equal(b.load()?.status, 'executing');
});

test('clearing in one tab clears the other', async () => {
  const { a, b, storageB } = tabs();
  const arrived = nextEvent(b, 'remote_update');
  const { session } = a.begin('task');
  await arrived;
  const cleared = nextEvent(b, 'remote_clear');
  a.clear();
  assert.equal((await cleared).id, session.id);
  assert.equal(b.current(), null);
  assert.equal(storageB.get('dddk.webagent.session'), null);
});

test('a corrupt message from another tab is dropped with an event', async () => {
  const { b, channelName } = tabs();
  const dropped = nextEvent(b, 'record_dropped');
  const channel = new BroadcastChannel(channelName);
  channel.postMessage({ protocol: 'dddk.session/1', type: 'update', key: b.key, origin: 'other', text: '{"format":"dddk.session"' });
  const event = await dropped;
  channel.close();
  assert.equal(event.source, 'remote');
  assert.equal(event.reason, 'corrupt-json');
  assert.equal(b.current(), null);
});

test('without crossTabSync, tabs do not hear each other', async () => {
  const clock = manualClock();
  const a = createSessionStore({ storage: 'memory', now: clock.now });
  const b = createSessionStore({ storage: 'memory', now: clock.now });
  opened.push(a, b);
  const events = recordEvents(b);
  a.begin('task');
  await settle();
  assert.deepEqual(events, []);
  assert.equal(b.current(), null);
});
