import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSubtitleModel } from '../../../core/subtitle/subtitle-model.js';
import { connectSubtitle } from '../../../core/subtitle/subtitle.connect.js';

const plans = [
  { value: 'seedling', label: 'Seedling' },
  { value: 'grove', label: 'Grove' },
  { value: 'estate', label: 'Estate' },
];

test('no prompt, no prompt view', () => {
  const model = createSubtitleModel();
  model.show('Hello');
  assert.equal(connectSubtitle(model, 'en').prompt, undefined);
});

test('a confirm prompt offers accept first (focused), then reject, with host labels when given', async () => {
  const model = createSubtitleModel();
  const answer = model.ask({ kind: 'confirm', message: 'Delete?', acceptLabel: 'Delete' });
  const view = connectSubtitle(model, 'en').prompt!;
  assert.deepEqual(view.buttons, [
    { action: 'accept', label: 'Delete', primary: true },
    { action: 'reject', label: 'Cancel', primary: false },
  ]);
  assert.equal(view.initialFocus, 'primary-button');
  assert.equal(view.hint, 'Space or Enter to confirm, Esc to cancel');
  assert.equal(view.accept(), true);
  assert.deepEqual(await answer, { kind: 'confirm', accepted: true });
  assert.equal(view.accept(), false, 'a second gesture on a settled prompt does nothing');
});

test('a choice numbers its first nine options and picks by digit', async () => {
  const model = createSubtitleModel();
  const many = Array.from({ length: 11 }, (_, index) => ({ value: `v${index}`, label: `Option ${index}` }));
  const first = model.ask({ kind: 'choice', message: 'Which?', options: many });
  const view = connectSubtitle(model, 'en').prompt!;
  assert.deepEqual(view.options.map((option) => option.shortcut), ['1', '2', '3', '4', '5', '6', '7', '8', '9', undefined, undefined]);
  assert.equal(view.hint, 'Press 1–9 to choose, Esc to dismiss');
  assert.equal(view.chooseByShortcut('0'), false);
  assert.equal(view.chooseByShortcut('3'), true);
  assert.deepEqual(await first, { kind: 'choice', value: 'v2' });

  const second = model.ask({ kind: 'choice', message: 'Plan?', options: plans });
  const planView = connectSubtitle(model, 'en').prompt!;
  assert.equal(planView.hint, 'Press 1–3 to choose, Esc to dismiss');
  assert.equal(planView.textField, undefined, 'no free text unless allowed');
  assert.equal(planView.submitText('other'), false);
  assert.equal(planView.initialFocus, 'first-option');
  assert.equal(planView.reject(), true);
  assert.deepEqual(await second, { kind: 'choice', value: null });
});

test('a text prompt has a labelled field; blank text is not sent', async () => {
  const model = createSubtitleModel();
  const answer = model.ask({ kind: 'text', message: 'Name?', placeholder: 'Ada' });
  const view = connectSubtitle(model, 'en').prompt!;
  assert.deepEqual(view.textField, { label: 'Your answer', placeholder: 'Ada', submitLabel: 'Send' });
  assert.equal(view.initialFocus, 'text-field');
  assert.equal(view.submitText('   '), false);
  assert.equal(model.getState().prompt?.kind, 'text');
  assert.equal(view.submitText('  Ada Park '), true);
  assert.deepEqual(await answer, { kind: 'text', value: 'Ada Park' });
});

test('a pause hint says "Space to continue"; accept continues, reject stops', async () => {
  const model = createSubtitleModel();
  const first = model.pauseHint({ message: 'Sign in first.' });
  const view = connectSubtitle(model, 'en').prompt!;
  assert.match(view.hint, /^Space to continue/);
  assert.deepEqual(view.buttons.map((button) => [button.action, button.label]), [
    ['accept', 'Continue'],
    ['reject', 'Stop'],
  ]);
  view.accept();
  assert.equal(await first, 'continue');
  const second = model.pauseHint({ message: 'Again.' });
  connectSubtitle(model, 'en').prompt!.reject();
  assert.equal(await second, 'stop');
});

test('a view rendered for an old prompt cannot answer a newer one', async () => {
  const model = createSubtitleModel();
  void model.ask({ kind: 'confirm', message: 'Old?' });
  const stale = connectSubtitle(model, 'en').prompt!;
  const current = model.ask({ kind: 'confirm', message: 'New?' });
  assert.equal(stale.accept(), false);
  assert.equal(model.getState().prompt?.message, 'New?');
  model.cancelPrompt();
  assert.deepEqual(await current, { kind: 'confirm', accepted: false, reason: 'cancelled' });
});

test('prompt labels are localized for zh-TW', () => {
  const model = createSubtitleModel();
  void model.ask({ kind: 'choice', message: '哪一個？', options: plans, allowFreeText: true });
  const choice = connectSubtitle(model, 'zh-TW').prompt!;
  assert.equal(choice.hint, '按 1–3 選擇，Esc 略過');
  assert.equal(choice.textField?.label, '或用自己的話回答');
  assert.deepEqual(choice.buttons.map((button) => button.label), ['略過']);
  void model.pauseHint({ message: '請先登入。' });
  const pause = connectSubtitle(model, 'zh-Hant').prompt!;
  assert.equal(pause.hint, '按空白鍵繼續，Esc 停止');
  assert.deepEqual(pause.buttons.map((button) => button.label), ['繼續', '停止']);
  void model.ask({ kind: 'confirm', message: '確定？' });
  assert.deepEqual(connectSubtitle(model, 'zh-TW').prompt!.buttons.map((button) => button.label), ['確認', '取消']);
  model.cancelPrompt();
});
