import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSubtitleModel } from '../../../core/subtitle/subtitle-model.js';
import { FakeClock } from '../../support/fake-clock.js';
import { connectSubtitle } from '../../../core/subtitle/subtitle.connect.js';
import type { SubtitleActionName } from '../../../core/subtitle/subtitle.types.js';


const LONG = 'The first sentence is here. The second one follows it. A third closes the text.';

test('a long shown text is paged on sentence ends; nextPage walks to the last page', () => {
  const model = createSubtitleModel({ paging: { maxChars: 40 } });
  model.show(LONG);
  const state = model.getState();
  assert.deepEqual(state.pages, ['The first sentence is here.', 'The second one follows it.', 'A third closes the text.']);
  assert.equal(state.page, 0);
  assert.equal(state.text, LONG);
  assert.equal(model.nextPage(), true);
  assert.equal(model.nextPage(), true);
  assert.equal(model.getState().page, 2);
  assert.equal(model.nextPage(), false);
});

test('paging is per message: a sentence count, or false for one page; streams and replacements are not paged', () => {
  const model = createSubtitleModel({ paging: { maxChars: 40 } });
  model.show({ text: LONG, paging: { maxChars: 0, maxSentences: 2 } });
  assert.equal(model.getState().pages?.length, 2);
  model.show({ text: LONG, paging: false });
  assert.equal(model.getState().pages, undefined);
  model.append(LONG);
  model.finalize();
  assert.equal(model.getState().pages, undefined);
  model.show(LONG);
  model.replace(`${LONG} More.`);
  assert.equal(model.getState().pages, undefined);
});

test('the view shows the page, its counter and hint, and Space (accept) turns pages while awaiting the user', () => {
  const model = createSubtitleModel({ paging: { maxChars: 40 } });
  model.show(LONG);
  let view = connectSubtitle(model, 'en');
  assert.equal(view.displayText, 'The first sentence is here.');
  assert.deepEqual(view.announcement, ['The first sentence is here.']);
  assert.deepEqual(
    { counter: view.page?.counter, label: view.page?.label, hint: view.page?.hint },
    { counter: '1 / 3', label: 'Page 1 of 3', hint: 'Space for more' },
  );
  assert.equal(view.awaitingUser, true);
  assert.equal(view.gesture('accept'), true);
  model.nextPage();
  view = connectSubtitle(model, 'zh-TW');
  assert.deepEqual({ counter: view.page?.counter, label: view.page?.label, hint: view.page?.hint }, { counter: '3 / 3', label: '第 3 頁，共 3 頁', hint: '' });
  assert.equal(view.awaitingUser, false, 'the last page of a message without buttons awaits nothing');
  assert.equal(view.gesture('accept'), false);
});

test('actions: accept, reject and cancel hide the bar and reach onAction once; copy keeps it', () => {
  const model = createSubtitleModel();
  const heard: SubtitleActionName[] = [];
  const show = () => model.show({ text: 'Apply the discount?', actions: ['accept', 'reject', 'cancel', 'copy'], onAction: (a) => heard.push(a) });
  show();
  const view = connectSubtitle(model, 'en');
  assert.deepEqual(view.actions.map((a) => a.label), ['Accept', 'Reject', 'Cancel', 'Copy']);
  assert.equal(view.awaitingUser, true);
  assert.equal(view.canAcceptLine, true);
  assert.equal(model.act('copy'), true);
  assert.equal(model.getState().visible, true);
  assert.equal(model.act('accept'), true);
  assert.equal(model.getState().visible, false);
  assert.equal(model.act('reject'), false, 'nothing is offered once hidden');
  show();
  assert.equal(connectSubtitle(model, 'en').gesture('reject'), true);
  show();
  assert.equal(connectSubtitle(model, 'en').gesture('dismiss'), true);
  assert.deepEqual(heard, ['copy', 'accept', 'reject', 'cancel']);
  model.show({ text: 'Plain', actions: ['copy'] });
  assert.equal(model.act('accept'), false);
  assert.throws(() => model.act('explode' as SubtitleActionName), /action must be one of accept, reject, cancel, copy/);
  assert.throws(() => model.show({ text: 'x', actions: ['nope' as SubtitleActionName] }), /input\.actions/);
});

test('on a paged message with an accept button, Space turns pages and accepts on the last; Tab accepts at once', () => {
  const model = createSubtitleModel({ paging: { maxChars: 40 } });
  const heard: SubtitleActionName[] = [];
  model.show({ text: LONG, actions: ['accept'], onAction: (a) => heard.push(a) });
  connectSubtitle(model, 'en').gesture('accept');
  connectSubtitle(model, 'en').gesture('accept');
  assert.equal(heard.length, 0);
  connectSubtitle(model, 'en').gesture('accept');
  assert.deepEqual(heard, ['accept']);
  model.show({ text: LONG, actions: ['accept'], onAction: (a) => heard.push(a) });
  assert.equal(connectSubtitle(model, 'en').gesture('accept-line'), true);
  assert.deepEqual(heard, ['accept', 'accept']);
});

test('a double tap (reject) on a paged message without buttons hides it; Esc (dismiss) leaves closing to the view', () => {
  const model = createSubtitleModel({ paging: { maxChars: 40 } });
  model.show(LONG);
  assert.equal(connectSubtitle(model, 'en').gesture('dismiss'), false);
  assert.equal(model.getState().visible, true);
  assert.equal(connectSubtitle(model, 'en').gesture('reject'), true);
  assert.equal(model.getState().visible, false);
});

test('a gesture read from an old view does not act on a newer message', () => {
  const model = createSubtitleModel();
  const heard: string[] = [];
  model.show({ text: 'Old', actions: ['accept'], onAction: () => heard.push('old') });
  const stale = connectSubtitle(model, 'en');
  model.show({ text: 'New', actions: ['accept'], onAction: () => heard.push('new') });
  assert.equal(stale.gesture('accept'), false);
  assert.deepEqual(heard, []);
});

test('autoHide true hides after a time proportional to the text; a number is taken as ms', () => {
  const clock = new FakeClock();
  const model = createSubtitleModel({ clock, readingTime: { minMs: 1000, msPerChar: 100, maxMs: 10_000 } });
  model.show({ text: 'x'.repeat(30), autoHide: true });
  assert.equal(model.getState().autoHideMs, 3000);
  clock.advance(2999);
  assert.equal(model.getState().visible, true);
  clock.advance(1);
  assert.equal(model.getState().visible, false);
  model.show({ text: 'Saved', autoHide: 500 });
  clock.advance(500);
  assert.equal(model.getState().visible, false);
});

test('a message without autoHide, or persistent, stays', () => {
  const clock = new FakeClock();
  const model = createSubtitleModel({ clock });
  model.show('Stays');
  model.show({ text: 'Stays too', persistent: true, autoHide: 100 });
  assert.equal(model.getState().persistent, true);
  assert.equal(model.getState().autoHideMs, undefined);
  clock.advance(60_000);
  assert.equal(model.getState().visible, true);
  assert.equal(clock.pending, 0);
});

test('auto-hide waits for the last page, a pending prompt and the end of a stream, and holds pause it', async () => {
  const clock = new FakeClock();
  const model = createSubtitleModel({ clock, paging: { maxChars: 40 } });
  model.show({ text: LONG, autoHide: 1000 });
  clock.advance(5000);
  assert.equal(model.getState().visible, true, 'not on the last page yet');
  model.nextPage();
  model.nextPage();
  const release = model.holdAutoHide();
  clock.advance(5000);
  assert.equal(model.getState().visible, true, 'held by hover or focus');
  release();
  release();
  clock.advance(999);
  assert.equal(model.getState().visible, true, 'a release gives the full time again');
  const asked = model.ask({ kind: 'confirm', message: 'Sure?' });
  clock.advance(5000);
  assert.equal(model.getState().visible, true, 'a waiting prompt keeps the bar');
  model.answerPrompt({ kind: 'confirm', accepted: true });
  await asked;
  clock.advance(1000);
  assert.equal(model.getState().visible, false);
});

test('indicators show the bar on their own, carry a localized or given label, and go with hide()', () => {
  const model = createSubtitleModel();
  model.setIndicator('listening');
  assert.equal(model.getState().visible, true);
  assert.deepEqual(connectSubtitle(model, 'en').indicator, { kind: 'listening', label: 'Listening' });
  assert.deepEqual(connectSubtitle(model, 'zh-TW').indicator, { kind: 'listening', label: '聆聽中' });
  model.setIndicator('processing', 'Checking stock');
  assert.deepEqual(connectSubtitle(model, 'en').indicator, { kind: 'processing', label: 'Checking stock' });
  model.show('Found it.');
  assert.equal(model.getState().indicator?.kind, 'processing', 'an indicator outlives a message');
  model.setIndicator(undefined);
  assert.equal(model.getState().visible, true);
  model.setIndicator('done');
  model.hide();
  assert.equal(model.getState().indicator, undefined);
  assert.equal(model.getState().visible, false);
  model.setIndicator('done');
  model.setIndicator(undefined);
  assert.equal(model.getState().visible, false, 'an indicator alone leaves with its removal');
  assert.throws(() => model.setIndicator('thinking' as never), /listening, processing, done/);
});

test('avatars: a checked URL or initials, kept across messages', () => {
  const model = createSubtitleModel();
  model.setAvatar({ label: 'Shop Assistant', src: 'https://example.com/a.png' });
  model.show('Hi');
  assert.deepEqual(connectSubtitle(model, 'en').avatar, { src: 'https://example.com/a.png', initials: 'SA', label: 'Shop Assistant' });
  model.append('Streaming');
  assert.equal(model.getState().avatar?.label, 'Shop Assistant');
  model.setAvatar({ label: 'Duck', initials: '鴨' });
  assert.deepEqual(connectSubtitle(model, 'en').avatar, { src: undefined, initials: '鴨', label: 'Duck' });
  for (const src of ['javascript:alert(1)', 'data:text/html,<script>', 'data:image/svg+xml,<svg>', '//evil.example/a.png']) {
    assert.throws(() => model.setAvatar({ label: 'x', src }), /avatar\.src must be/, src);
  }
  assert.throws(() => model.setAvatar({ label: '' }), /avatar\.label/);
  assert.throws(() => model.setAvatar({ label: 'x', initials: 'ABCD' }), /one to three characters/);
  model.setAvatar({ label: 'Local', src: 'img/duck.png' });
  model.setAvatar({ label: 'Inline', src: 'data:image/png;base64,iVBORw0KGgo=' });
  model.setAvatar(undefined);
  assert.equal(model.getState().avatar, undefined);
});

test('markdown messages render as markdown when complete; the live region hears words, not markers', () => {
  const model = createSubtitleModel();
  model.show({ text: 'See **the docs**. Then [ask](https://example.com) me.', format: 'markdown' });
  const view = connectSubtitle(model, 'en');
  assert.equal(view.format, 'markdown');
  assert.deepEqual(view.announcement, ['See the docs.', 'Then ask me.']);
  model.append('**plain** while streaming');
  assert.equal(connectSubtitle(model, 'en').format, 'text');
  assert.throws(() => model.show({ text: 'x', format: 'html' as never }), /input\.format/);
});

test('onSpeak hears each sentence of a Latin stream once, as its end arrives, and the tail on finalize', () => {
  const spoken: string[] = [];
  const model = createSubtitleModel({ onSpeak: (sentence) => spoken.push(sentence) });
  for (const delta of ['Opening the ', 'cart. It has ', '3.5 items, e.g. ', 'socks! Is that ', 'right? Let me', ' check']) model.append(delta);
  assert.deepEqual(spoken, ['Opening the cart.', 'It has 3.5 items, e.g. socks!', 'Is that right?']);
  model.finalize();
  assert.deepEqual(spoken, ['Opening the cart.', 'It has 3.5 items, e.g. socks!', 'Is that right?', 'Let me check']);
  model.finalize();
  assert.equal(spoken.length, 4);
});

test('onSpeak handles CJK streams without spaces, and a new stream starts afresh', () => {
  const spoken: string[] = [];
  const model = createSubtitleModel({ onSpeak: (sentence) => spoken.push(sentence) });
  for (const delta of ['我找', '到購物車了。', '裡面有三件', '商品！要結帳嗎？', '好']) model.append(delta);
  assert.deepEqual(spoken, ['我找到購物車了。', '裡面有三件商品！', '要結帳嗎？']);
  model.finalize();
  assert.deepEqual(spoken.at(-1), '好');
  spoken.length = 0;
  model.append('New run. ');
  assert.deepEqual(spoken, ['New run.']);
});

test('onSpeak hears a shown message page by page, and a throwing hook is reported, not fatal', () => {
  const spoken: string[] = [];
  const errors: unknown[] = [];
  const model = createSubtitleModel({ paging: { maxChars: 40 }, onSpeak: (s) => spoken.push(s), onListenerError: (e) => errors.push(e) });
  model.show(LONG);
  assert.deepEqual(spoken, ['The first sentence is here.']);
  model.nextPage();
  assert.deepEqual(spoken, ['The first sentence is here.', 'The second one follows it.']);
  const throwing = createSubtitleModel({ onSpeak: () => { throw new Error('tts down'); }, onListenerError: (e) => errors.push(e) });
  throwing.append('One. Two. ');
  assert.equal(throwing.getState().text, 'One. Two. ');
  assert.equal(errors.length, 2);
});

test('show() refuses bad options with the field name', () => {
  const model = createSubtitleModel();
  assert.throws(() => model.show({ text: 'x', autoHide: -1 }), /input\.autoHide/);
  assert.throws(() => model.show({ text: 'x', persistent: 'yes' as never }), /input\.persistent/);
  assert.throws(() => model.show({ text: 'x', onAction: 1 as never }), /input\.onAction/);
  assert.throws(() => model.show({ text: 'x', paging: 3 as never }), /input\.paging/);
});

test('the user type echoes what the user said, with a spoken prefix', () => {
  const model = createSubtitleModel();
  model.show({ text: 'Find blue socks', type: 'user' });
  assert.equal(connectSubtitle(model, 'en').announcementPrefix, 'You said:');
  assert.equal(connectSubtitle(model, 'zh-TW').announcementPrefix, '你說：');
});

test('followAgentActivity shows processing while the agent thinks and clears it when it speaks or ends', async () => {
  const { createDddk } = await import('../../../core/controller/create-dddk.js');
  const { followAgentActivity } = await import('../../../core/subtitle/follow-agent-activity.js');
  const dddk = createDddk({ locale: 'en' });
  try {
    const stop = followAgentActivity(dddk);
    dddk.emit('agent_thinking', { runId: 'r1', step: 1 });
    assert.equal(dddk.subtitle.getState().indicator?.kind, 'processing');
    dddk.emit('agent_narrate_delta', { runId: 'r1', step: 1, actionIndex: 0, text: 'Hi' });
    assert.equal(dddk.subtitle.getState().indicator, undefined);
    dddk.emit('agent_thinking', { runId: 'r1', step: 2 });
    dddk.emit('agent_final', { runId: 'r1', reason: 'done' as never });
    assert.equal(dddk.subtitle.getState().indicator, undefined);
    dddk.subtitle.setIndicator('listening');
    dddk.emit('agent_final', { runId: 'r1', reason: 'done' as never });
    assert.equal(dddk.subtitle.getState().indicator?.kind, 'listening', 'only its own indicator is cleared');
    stop();
    dddk.subtitle.setIndicator(undefined);
    dddk.emit('agent_thinking', { runId: 'r1', step: 3 });
    assert.equal(dddk.subtitle.getState().indicator, undefined);
  } finally {
    dddk.destroy();
  }
});
