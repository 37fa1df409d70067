import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SubtitleKeyEvent } from '../../../core/subtitle/key-event.js';
import { createSubtitleModel } from '../../../core/subtitle/subtitle-model.js';
import { connectSubtitle } from '../../../core/subtitle/subtitle.connect.js';
import type { SubtitleKeyPorts } from '../../../core/subtitle/subtitle-keys.js';

/** An element as the key rules read it: a tag, attributes, and no document. */
function element(localName: string, attributes: Record<string, string> = {}, type?: string) {
  return {
    nodeType: 1,
    localName,
    ...(type ? { type } : {}),
    isContentEditable: false,
    getAttribute: (name: string) => attributes[name] ?? null,
    hasAttribute: (name: string) => name in attributes,
    closest: () => null,
  };
}

const plainText = element('p');
const button = element('button');
const field = element('input', {}, 'text');

/** A key event that records what its handler did with it. */
function key(name: string, origin: unknown = plainText, extra: Partial<SubtitleKeyEvent> = {}) {
  const record = { prevented: false, stopped: false };
  const event: SubtitleKeyEvent = {
    key: name,
    defaultPrevented: false,
    composedPath: () => [origin],
    preventDefault: () => void (record.prevented = true),
    stopPropagation: () => void (record.stopped = true),
    ...extra,
  };
  return { event, record };
}

/** The element's side of the bar's keys, counting what it was asked to do. */
function ports(options: { fromSurface?: boolean; surfaces?: number; closes?: boolean } = {}) {
  const calls = { cancelled: 0, closeRequests: 0 };
  let surfaces = options.surfaces ?? 0;
  const value: SubtitleKeyPorts = {
    fromSurface: options.fromSurface ?? false,
    cancelSurface: () => {
      if (surfaces === 0) return false;
      surfaces--;
      calls.cancelled++;
      return true;
    },
    requestClose: () => {
      calls.closeRequests++;
      return options.closes ?? true;
    },
  };
  return { value, calls };
}

const plans = [
  { value: 'seedling', label: 'Seedling' },
  { value: 'grove', label: 'Grove' },
];

test('a digit typed in the bar picks that option and prevents the key; a digit with no option or a modifier does nothing', async () => {
  const model = createSubtitleModel();
  const answer = model.ask({ kind: 'choice', message: 'Plan?', options: plans });
  const view = connectSubtitle(model, 'en');
  const withCtrl = key('2', plainText, { ctrlKey: true });
  assert.equal(view.prompt!.onKeyDown(withCtrl.event), false);
  assert.equal(withCtrl.record.prevented, false);
  const nine = key('9');
  assert.equal(view.prompt!.onKeyDown(nine.event), false);
  assert.equal(nine.record.prevented, false);
  const two = key('2');
  assert.equal(view.prompt!.onKeyDown(two.event), true);
  assert.equal(two.record.prevented, true);
  assert.deepEqual(await answer, { kind: 'choice', value: 'grove' });
});

test('Space and Enter accept a confirmation, unless a field or a control of its own has the key, or an input method composes', async () => {
  const model = createSubtitleModel();
  const answer = model.ask({ kind: 'confirm', message: 'Delete?' });
  const prompt = connectSubtitle(model, 'en').prompt!;
  assert.equal(prompt.onKeyDown(key('Enter', button).event), false, 'Enter on a button presses the button');
  assert.equal(prompt.onKeyDown(key(' ', field).event), false, 'a field keeps its Space');
  assert.equal(prompt.onKeyDown(key('Enter', plainText, { isComposing: true }).event), false);
  assert.equal(prompt.onKeyDown(key('Enter', plainText, { defaultPrevented: true }).event), false);
  assert.equal(model.getState().prompt?.kind, 'confirm');
  const enter = key('Enter');
  assert.equal(prompt.onKeyDown(enter.event), true);
  assert.equal(enter.record.prevented, true);
  assert.deepEqual(await answer, { kind: 'confirm', accepted: true });
});

test('keys typed on the page answer with Enter and digits; Space and Esc stay with the gestures, and fields keep every key', async () => {
  const model = createSubtitleModel();
  const answer = model.pauseHint({ message: 'Log in first.' });
  const prompt = connectSubtitle(model, 'en').prompt!;
  assert.equal(prompt.onPageKeyDown(key(' ').event), false);
  assert.equal(prompt.onPageKeyDown(key('Escape').event), false);
  assert.equal(prompt.onPageKeyDown(key('Enter', field).event), false);
  assert.equal(prompt.onPageKeyDown(key('Enter', plainText, { metaKey: true }).event), false);
  assert.equal(prompt.onPageKeyDown(key('Enter', plainText, { keyCode: 229 }).event), false);
  assert.equal(prompt.onPageKeyDown(key('Enter').event), true);
  assert.equal(await answer, 'continue');
});

test('Esc in the bar cancels the surface it came from before the pending prompt, and the newest surface when no prompt waits', () => {
  const model = createSubtitleModel();
  void model.ask({ kind: 'text', message: 'Name?' });
  const inSurface = ports({ fromSurface: true, surfaces: 1 });
  const escape = key('Escape');
  connectSubtitle(model, 'en').onKeyDown(escape.event, inSurface.value);
  assert.deepEqual(inSurface.calls, { cancelled: 1, closeRequests: 0 });
  assert.deepEqual(escape.record, { prevented: true, stopped: true });
  assert.equal(model.getState().prompt?.kind, 'text', 'the prompt still waits');

  model.cancelPrompt();
  model.show('Fill this in.');
  const placed = ports({ surfaces: 1 });
  connectSubtitle(model, 'en').onKeyDown(key('Escape').event, placed.value);
  assert.deepEqual(placed.calls, { cancelled: 1, closeRequests: 0 });
  assert.equal(model.getState().visible, true, 'the bar stays for its text');
});

test('Esc in the bar declines the pending prompt (a surface from elsewhere in the bar waits), else asks to close the bar', async () => {
  const model = createSubtitleModel();
  const answer = model.ask({ kind: 'confirm', message: 'Delete?' });
  const withSurface = ports({ surfaces: 1 });
  const escape = key('Escape');
  connectSubtitle(model, 'en').onKeyDown(escape.event, withSurface.value);
  assert.deepEqual(await answer, { kind: 'confirm', accepted: false });
  assert.deepEqual(withSurface.calls, { cancelled: 0, closeRequests: 0 });
  assert.deepEqual(escape.record, { prevented: true, stopped: true });

  model.show('Hello.');
  const closing = ports();
  const close = key('Escape');
  connectSubtitle(model, 'en').onKeyDown(close.event, closing.value);
  assert.equal(closing.calls.closeRequests, 1);
  assert.deepEqual(close.record, { prevented: false, stopped: true }, 'the page does not also handle this Esc');

  const refused = ports({ closes: false });
  const kept = key('Escape');
  connectSubtitle(model, 'en').onKeyDown(kept.event, refused.value);
  assert.deepEqual(kept.record, { prevented: false, stopped: false });
  const composing = ports();
  connectSubtitle(model, 'en').onKeyDown(key('Escape', plainText, { isComposing: true }).event, composing.value);
  assert.equal(composing.calls.closeRequests, 0, 'an input method owns Esc while composing');
});

test('other keys typed in the bar go to the pending prompt', async () => {
  const model = createSubtitleModel();
  const answer = model.ask({ kind: 'choice', message: 'Plan?', options: plans });
  const one = key('1');
  connectSubtitle(model, 'en').onKeyDown(one.event, ports().value);
  assert.equal(one.record.prevented, true);
  assert.deepEqual(await answer, { kind: 'choice', value: 'seedling' });
});

test('a tap accepts a confirmation or a pause and turns the page, but answers no choice', async () => {
  const model = createSubtitleModel();
  const choice = model.ask({ kind: 'choice', message: 'Plan?', options: plans });
  assert.equal(connectSubtitle(model, 'en').onTap(), false);
  model.cancelPrompt();
  assert.deepEqual(await choice, { kind: 'choice', value: null, reason: 'cancelled' });
  const pause = model.pauseHint({ message: 'Log in first.' });
  assert.equal(connectSubtitle(model, 'en').onTap(), true);
  assert.equal(await pause, 'continue');

  model.show({ text: 'One. Two. Three.', paging: { maxSentences: 1 } });
  assert.equal(connectSubtitle(model, 'en').onTap(), true);
  assert.equal(model.getState().page, 1);
  model.show('Nothing to accept.');
  assert.equal(connectSubtitle(model, 'en').onTap(), false);
});

test('the gesture context: Space and Esc while something awaits the user, Tab only when it would accept, Esc while a task runs', () => {
  const model = createSubtitleModel();
  model.show({ text: 'Reject or cancel?', actions: ['reject', 'cancel'] });
  const offers = connectSubtitle(model, 'en');
  assert.deepEqual(offers.gestureContext(' '), { awaitingUser: true, interruptible: false });
  assert.deepEqual(offers.gestureContext('Tab'), { awaitingUser: false, interruptible: false });
  model.show({ text: 'Accept?', actions: ['accept'] });
  assert.deepEqual(connectSubtitle(model, 'en').gestureContext('Tab'), { awaitingUser: true, interruptible: false });
  model.hide();
  model.setTask({ stop: () => undefined });
  assert.deepEqual(connectSubtitle(model, 'en').gestureContext('Escape'), { awaitingUser: false, interruptible: true });
});

test('setListening shows the listening indicator and takes away only that one', () => {
  const model = createSubtitleModel();
  connectSubtitle(model, 'en').setListening(true);
  assert.equal(model.getState().indicator?.kind, 'listening');
  connectSubtitle(model, 'en').setListening(false);
  assert.equal(model.getState().indicator, undefined);
  model.setIndicator('processing');
  connectSubtitle(model, 'en').setListening(false);
  assert.equal(model.getState().indicator?.kind, 'processing');
});
