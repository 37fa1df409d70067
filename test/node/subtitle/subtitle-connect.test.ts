import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSubtitleModel } from '../../../core/subtitle/subtitle-model.js';
import { connectSubtitle } from '../../../core/subtitle/subtitle.connect.js';

test('a hidden bar announces nothing and is not busy', () => {
  const view = connectSubtitle(createSubtitleModel(), 'en');
  assert.equal(view.visible, false);
  assert.deepEqual(view.announcement, []);
  assert.equal(view.liveRegion['aria-busy'], 'false');
  assert.deepEqual(
    { role: view.liveRegion.role, live: view.liveRegion['aria-live'] },
    { role: 'status', live: 'polite' },
  );
});

test('while streaming the live region is busy and holds finished sentences only', () => {
  const model = createSubtitleModel();
  model.append('Opening the cart. Then I will');
  const view = connectSubtitle(model, 'en');
  assert.equal(view.streaming, true);
  assert.equal(view.liveRegion['aria-busy'], 'true');
  assert.deepEqual(view.announcement, ['Opening the cart.']);
  assert.equal(view.text, 'Opening the cart. Then I will');
  model.finalize();
  const done = connectSubtitle(model, 'en');
  assert.equal(done.liveRegion['aria-busy'], 'false');
  assert.deepEqual(done.announcement, ['Opening the cart.', 'Then I will']);
});

test('the close label is localized for en and zh-TW, and other Chinese locales read zh-TW', () => {
  const model = createSubtitleModel();
  assert.equal(connectSubtitle(model, 'en-US').closeButton.label, 'Close subtitles');
  assert.equal(connectSubtitle(model, 'zh-TW').closeButton.label, '關閉字幕');
  assert.equal(connectSubtitle(model, 'zh-Hant-HK').closeButton.label, '關閉字幕');
  assert.equal(connectSubtitle(model, 'fr').closeButton.label, 'Close subtitles');
});

test('notices whose meaning is shown by colour get a spoken prefix; info and agent do not', () => {
  const model = createSubtitleModel();
  model.show({ text: 'Payment failed.', type: 'error' });
  assert.equal(connectSubtitle(model, 'en').announcementPrefix, 'Error:');
  assert.equal(connectSubtitle(model, 'zh-TW').announcementPrefix, '錯誤：');
  model.show({ text: 'Hello.', type: 'info' });
  assert.equal(connectSubtitle(model, 'en').announcementPrefix, '');
});

test('close() hides the bar through the model', () => {
  const model = createSubtitleModel();
  model.show('x');
  connectSubtitle(model, 'en').close();
  assert.equal(model.getState().visible, false);
});
