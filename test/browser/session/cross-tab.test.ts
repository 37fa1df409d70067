import { expect } from '@open-wc/testing';
import { createSessionStore, type SessionStore, type SessionStoreEvent } from '../../../core/agent/session/session-store.js';
import { memoryStorage, type KeyValueStorage as StorageAdapter } from '../../../core/storage/index.js';
import type { SessionChannelPort } from '../../../core/agent/session/cross-tab-channel.js';

const KEY = 'dddk.test.crosstab';
const stores: SessionStore[] = [];
const frames: HTMLIFrameElement[] = [];
let counter = 0;

afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
  for (const frame of frames.splice(0)) frame.remove();
  localStorage.removeItem(KEY);
});

function nextEvent<T extends SessionStoreEvent['type']>(store: SessionStore, type: T, timeoutMs = 2000) {
  return new Promise<Extract<SessionStoreEvent, { type: T }>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
    const off = store.subscribe((event) => {
      if (event.type !== type) return;
      clearTimeout(timer);
      off();
      resolve(event as Extract<SessionStoreEvent, { type: T }>);
    });
  });
}

function open(storage: StorageAdapter, channelName: string, createChannel?: (name: string) => SessionChannelPort) {
  const store = createSessionStore({ key: KEY, storage, crossTabSync: { channelName, createChannel } });
  stores.push(store);
  return store;
}

/** A same-origin frame: its own realm, with its own BroadcastChannel and Storage constructors. */
async function sameOriginFrame(): Promise<Window> {
  const frame = document.createElement('iframe');
  frames.push(frame);
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.srcdoc = '<p>second tab</p>';
  document.body.append(frame);
  await loaded;
  return frame.contentWindow!;
}

describe('cross-tab session sync over BroadcastChannel', () => {
  it('two channels on one page: the second store adopts every write of the first', async () => {
    const name = `dddk-wtr-${++counter}`;
    const a = open(memoryStorage(), name);
    const b = open(memoryStorage(), name);
    const arrived = nextEvent(b, 'remote_update');
    const { session } = a.begin('Compare plans');
    expect((await arrived).session).to.deep.equal(session);

    const again = nextEvent(b, 'remote_update');
    session.status = 'executing';
    a.save(session);
    expect((await again).session.status).to.equal('executing');
    expect(b.current()?.version).to.equal(session.version);
  });

  it('a store in another realm (a same-origin frame) syncs, and its outdated copy is refused', async () => {
    const other = await sameOriginFrame();
    const name = `dddk-wtr-${++counter}`;
    const FrameChannel = (other as unknown as { BroadcastChannel: typeof BroadcastChannel }).BroadcastChannel;
    const here = open(memoryStorage(), name);
    const there = open(memoryStorage(), name, (channelName) => new FrameChannel(channelName));

    const toThere = nextEvent(there, 'remote_update');
    const { session: mine } = here.begin('Fill the form');
    await toThere;
    const theirs = there.current()!;

    const toHere = nextEvent(here, 'remote_update');
    theirs.status = 'waiting';
    there.save(theirs);
    expect((await toHere).session.status).to.equal('waiting');

    const refused = nextEvent(here, 'stale_write_refused');
    mine.status = 'failed';
    expect(here.save(mine).status).to.equal('stale');
    expect((await refused).source).to.equal('local');
    expect(here.current()?.status).to.equal('waiting');
  });

  it('sharing localStorage between realms: a write not yet delivered still makes an older save stale', async () => {
    const other = await sameOriginFrame();
    const name = `dddk-wtr-${++counter}`;
    const storageIn = (win: Window): StorageAdapter => ({
      get: (key) => win.localStorage.getItem(key),
      set: (key, value) => win.localStorage.setItem(key, value),
      remove: (key) => win.localStorage.removeItem(key),
    });
    const FrameChannel = (other as unknown as { BroadcastChannel: typeof BroadcastChannel }).BroadcastChannel;
    const a = open(storageIn(window), name);
    const b = open(storageIn(other), name, (channelName) => new FrameChannel(channelName));

    const { session } = a.begin('task');
    const copyInB = b.load()!;
    expect(copyInB.id).to.equal(session.id);
    session.status = 'executing';
    a.save(session);
    copyInB.status = 'failed';
    expect(b.save(copyInB).status).to.equal('stale');
    expect(JSON.parse(localStorage.getItem(KEY)!).body.status).to.equal('executing');
  });
});
