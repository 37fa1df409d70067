import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createOfflineNoticeModel, DEFAULT_OFFLINE_NOTICE_MS, OFFLINE_NOTICE_KEY } from '../../../core/offline-notice/offline-notice-model.js';
import { connectOfflineNotice, type OfflineNoticeKeyEvent } from '../../../core/offline-notice/offline-notice.connect.js';
import { memoryStorage } from '../../../core/storage/memory-storage.js';
import type { KeyValueStorage } from '../../../core/storage/key-value-storage.js';
import { FakeClock } from '../../support/fake-clock.js';

function notice(options: { offline?: boolean; storage?: KeyValueStorage; autoHideMs?: number } = {}) {
  const clock = new FakeClock();
  const storage = options.storage ?? memoryStorage();
  const model = createOfflineNoticeModel({ offline: options.offline ?? true, storage, clock, ...(options.autoHideMs ? { autoHideMs: options.autoHideMs } : {}) });
  return { clock, storage, model };
}

function key(init: Partial<OfflineNoticeKeyEvent> & { key: string }): OfflineNoticeKeyEvent {
  return { defaultPrevented: false, ...init };
}

const throwing: KeyValueStorage = {
  get: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  set: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  remove: () => undefined,
};

describe('the offline notice model', () => {
  it('shows once per session: made offline it shows, and a second model over the same storage does not', () => {
    const first = notice();
    assert.equal(first.model.getState().visible, true);
    assert.equal(first.storage.get(OFFLINE_NOTICE_KEY), 'shown');
    const second = notice({ storage: first.storage });
    assert.equal(second.model.getState().visible, false);
  });

  it('never shows online', () => {
    const { model, storage, clock } = notice({ offline: false });
    assert.equal(model.getState().visible, false);
    assert.equal(storage.get(OFFLINE_NOTICE_KEY), null, 'an online page leaves the session free to show it later');
    assert.equal(clock.pending, 0);
  });

  it(`hides by itself after ${DEFAULT_OFFLINE_NOTICE_MS} ms, or after the configured time`, () => {
    const byDefault = notice();
    byDefault.clock.advance(DEFAULT_OFFLINE_NOTICE_MS - 1);
    assert.equal(byDefault.model.getState().visible, true);
    byDefault.clock.advance(1);
    assert.equal(byDefault.model.getState().visible, false);

    const quick = notice({ autoHideMs: 2000 });
    quick.clock.advance(2000);
    assert.equal(quick.model.getState().visible, false);
  });

  it('stays while held, and gets its full time again once every hold is let go', () => {
    const { model, clock } = notice({ autoHideMs: 1000 });
    clock.advance(900);
    const pointer = model.holdAutoHide();
    const focus = model.holdAutoHide();
    clock.advance(5000);
    assert.equal(model.getState().visible, true);
    pointer();
    pointer();
    clock.advance(5000);
    assert.equal(model.getState().visible, true, 'one hold is still on');
    focus();
    clock.advance(999);
    assert.equal(model.getState().visible, true);
    clock.advance(1);
    assert.equal(model.getState().visible, false);
  });

  it('remembers a dismissal for the session', () => {
    const { model, storage, clock } = notice();
    const states: boolean[] = [];
    model.subscribe((state) => states.push(state.visible));
    model.dismiss();
    assert.deepEqual(states, [false]);
    assert.equal(storage.get(OFFLINE_NOTICE_KEY), 'dismissed');
    assert.equal(clock.pending, 0, 'its timer is gone');
    model.dismiss();
    assert.deepEqual(states, [false], 'a second dismissal changes nothing');
    assert.equal(notice({ storage }).model.getState().visible, false);
  });

  it('still shows when storage throws on every call', () => {
    const { model } = notice({ storage: throwing });
    assert.equal(model.getState().visible, true);
    model.dismiss();
    assert.equal(model.getState().visible, false);
  });

  it('dispose() stops its timer, hides it and drops its listeners', () => {
    const { model, clock } = notice();
    let heard = 0;
    model.subscribe(() => heard++);
    model.dispose();
    assert.equal(model.getState().visible, false);
    assert.equal(clock.pending, 0);
    const before = heard;
    model.dismiss();
    assert.equal(heard, before);
  });
});

describe('connectOfflineNotice', () => {
  it('gives the text for a polite region, the close button its name, in English and Traditional Chinese', () => {
    const { model } = notice();
    const en = connectOfflineNotice(model.getState(), 'en', model);
    assert.equal(en.visible, true);
    assert.match(en.text, /^Offline mode: .*without an AI model\.$/);
    assert.equal(en.dismissButton['aria-label'], 'Dismiss the offline notice');
    const zh = connectOfflineNotice(model.getState(), 'zh-TW', model);
    assert.match(zh.text, /^離線模式/);
    assert.equal(zh.dismissButton['aria-label'], '關閉離線通知');
    model.dismiss();
    assert.equal(connectOfflineNotice(model.getState(), 'en', model).text, '');
  });

  it('closes on Esc, but not while an IME composes or when something else took the key', () => {
    const { model } = notice();
    const view = connectOfflineNotice(model.getState(), 'en', model);
    view.onPageKeyDown(key({ key: 'Escape', isComposing: true }));
    view.onPageKeyDown(key({ key: 'Escape', keyCode: 229 }));
    view.onPageKeyDown(key({ key: 'Escape', defaultPrevented: true }));
    view.onPageKeyDown(key({ key: 'Enter' }));
    assert.equal(model.getState().visible, true);
    view.onPageKeyDown(key({ key: 'Escape' }));
    assert.equal(model.getState().visible, false);
  });
});
