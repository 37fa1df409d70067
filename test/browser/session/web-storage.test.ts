import { expect } from '@open-wc/testing';
import { createSessionStore, type SessionStore, type SessionStoreEvent } from '../../../core/agent/session/session-store.js';
import type { KeyValueStorage as StorageAdapter } from '../../../core/storage/index.js';

const KEY = 'dddk.test.session';
const FILLER = 'dddk.test.filler.';
const stores: SessionStore[] = [];

function open(options: Parameters<typeof createSessionStore>[0]): { store: SessionStore; events: SessionStoreEvent[] } {
  const events: SessionStoreEvent[] = [];
  const store = createSessionStore({ key: KEY, onEvent: (event) => events.push(event), ...options });
  stores.push(store);
  return { store, events };
}

function removeFillers(): void {
  for (let i = localStorage.length - 1; i >= 0; i -= 1) {
    const key = localStorage.key(i);
    if (key?.startsWith(FILLER)) localStorage.removeItem(key);
  }
}

afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
  sessionStorage.removeItem(KEY);
  localStorage.removeItem(KEY);
  removeFillers();
});

describe('session store on the browser\'s storage', () => {
  it('keeps the session in sessionStorage by default, and a reload reads it back', () => {
    const { store, events } = open({});
    const { session } = store.begin('Compare plans', { currentPage: '/pricing' });
    session.status = 'executing';
    session.completedSteps.push('step-1');
    store.save(session);
    expect(sessionStorage.getItem(KEY)).to.be.a('string');
    expect(localStorage.getItem(KEY)).to.equal(null);

    const { store: reloaded } = open({});
    const resumed = reloaded.resumable();
    expect(resumed).to.deep.equal(session);
    expect(events).to.deep.equal([]);
  });

  it('uses localStorage when asked', () => {
    const { store } = open({ storage: 'local' });
    store.begin('hello');
    expect(localStorage.getItem(KEY)).to.contain('"format":"dddk.session"');
    expect(sessionStorage.getItem(KEY)).to.equal(null);
  });

  it('a full localStorage (a real QuotaExceededError) falls back to memory with an event', () => {
    // Fill the origin's quota with large, then smaller, values until nothing more fits.
    let filled = 0;
    for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8]) {
      const chunk = 'x'.repeat(size);
      for (;;) {
        try {
          localStorage.setItem(`${FILLER}${filled}`, chunk);
          filled += 1;
        } catch {
          break;
        }
      }
    }
    expect(filled).to.be.greaterThan(0);

    const { store, events } = open({ storage: 'local' });
    const { session } = store.begin('x'.repeat(50_000));
    expect(session.version).to.equal(1);
    const failures = events.filter((event) => event.type === 'storage_failure');
    expect(failures).to.have.length(1);
    const failure = failures[0] as Extract<SessionStoreEvent, { type: 'storage_failure' }>;
    expect(failure.reason).to.equal('quota-exceeded');
    expect(failure.operation).to.equal('set');
    expect(failure.message).to.contain('localStorage is full');

    // The run goes on in memory.
    session.status = 'executing';
    expect(store.save(session).status).to.equal('saved');
    expect(store.load()?.status).to.equal('executing');
    expect(localStorage.getItem(KEY)).to.equal(null, 'no stale copy is left for a reload to resume');
  });

  it('blocked storage (a real SecurityError) falls back to memory with an event', async () => {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.srcdoc = '<p>sandboxed</p>';
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
    try {
      // The sandboxed frame has an opaque origin: touching its storage throws a SecurityError.
      const blocked: StorageAdapter = {
        get: (key) => frame.contentWindow!.localStorage.getItem(key),
        set: (key, value) => frame.contentWindow!.localStorage.setItem(key, value),
        remove: (key) => frame.contentWindow!.localStorage.removeItem(key),
      };
      const { store, events } = open({ storage: blocked });
      expect(store.load()).to.equal(null);
      const { session } = store.begin('hello');
      expect(store.load()?.id).to.equal(session.id);
      expect(events.map((event) => event.type === 'storage_failure' && event.reason)).to.deep.equal(['blocked']);
    } finally {
      frame.remove();
    }
  });

  it('corrupt data in sessionStorage is dropped with an event', () => {
    sessionStorage.setItem(KEY, '{"format":"dddk.session","schema":1,');
    const { store, events } = open({});
    expect(store.load()).to.equal(null);
    expect(sessionStorage.getItem(KEY)).to.equal(null);
    expect(events).to.have.length(1);
    expect(events[0]!.type === 'record_dropped' && events[0]!.reason).to.equal('corrupt-json');
  });
});
