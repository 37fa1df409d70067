// The offline notice as a capability of the controller: what createDddk reads from its config,
// who may show it, and destroy() disposing it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDddk } from '../../../core/controller/create-dddk.js';
import { getDefaultController, setDefaultController } from '../../../core/controller/default-controller.js';
import type { LLMProvider } from '../../../core/llm/types.js';
import { controllerOfflineNotice } from '../../../core/offline-notice/controller-offline-notice.js';
import { OFFLINE_NOTICE_KEY } from '../../../core/offline-notice/offline-notice-model.js';
import { OFFLINE_NOTICE_SETTINGS, offlineNoticeWanted } from '../../../core/offline-notice/offline-notice-settings.js';

// A session of our own: the notice's storage looks sessionStorage up on every call.
const session = new Map<string, string>();
(globalThis as { sessionStorage?: unknown }).sessionStorage = {
  getItem: (key: string) => session.get(key) ?? null,
  setItem: (key: string, value: string) => void session.set(key, value),
  removeItem: (key: string) => void session.delete(key),
};

const provider: LLMProvider = {
  name: 'fake',
  complete: async () => {
    throw new Error('not used');
  },
  stream: async function* () {
    throw new Error('not used');
  },
};

describe('the controller’s offline notice', () => {
  it('is wanted only when the agent runs on the offline guide and the config leaves it on', () => {
    const cases = [
      [{}, true],
      [{ offlineNotice: true }, true],
      [{ offlineNotice: { autoHideMs: 3000 } }, true],
      [{ offlineNotice: false }, false],
      [{ llm: provider }, false],
      [{ agent: { llm: provider } }, false],
    ] as const;
    for (const [config, wanted] of cases) {
      const dddk = createDddk(config);
      assert.equal(offlineNoticeWanted(dddk), wanted, JSON.stringify(config));
      dddk.destroy();
      assert.equal(offlineNoticeWanted(dddk), false, 'a destroyed controller shows nothing');
    }
    const timed = createDddk({ offlineNotice: { autoHideMs: 3000 } });
    assert.deepEqual(timed.slots.peek(OFFLINE_NOTICE_SETTINGS), { show: true, autoHideMs: 3000 });
    timed.destroy();
  });

  it('is not wanted for the stand-in default an element makes before the page sets its own', () => {
    const standIn = getDefaultController();
    assert.equal(offlineNoticeWanted(standIn), false);
    const own = createDddk();
    setDefaultController(own);
    assert.equal(offlineNoticeWanted(own), true);
    setDefaultController(undefined);
    own.destroy();
  });

  it('refuses a config it cannot use, naming the field', () => {
    for (const value of ['yes', 0, null, { autoHideMs: -1 }, { autoHideMs: Number.NaN }, { autoHideMs: '5s' }, { duration: 5 }]) {
      assert.throws(() => createDddk({ offlineNotice: value as never }), { name: 'TypeError', message: /config\.offlineNotice must be true, false or \{ autoHideMs/ });
    }
  });

  it('shows once a session, in one slot per controller, and destroy() takes it away', () => {
    session.clear();
    const first = createDddk();
    const notice = controllerOfflineNotice(first);
    assert.equal(controllerOfflineNotice(first), notice, 'one notice per controller');
    assert.equal(notice.getState().visible, true);
    assert.equal(session.get(OFFLINE_NOTICE_KEY), 'shown');
    first.destroy();
    assert.equal(notice.getState().visible, false);

    const later = createDddk();
    assert.equal(controllerOfflineNotice(later).getState().visible, false, 'already seen this session');
    later.destroy();
    assert.throws(() => controllerOfflineNotice(later), /destroyed/);
  });
});
