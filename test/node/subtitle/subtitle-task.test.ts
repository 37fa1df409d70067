import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSubtitleModel } from '../../../core/subtitle/subtitle-model.js';
import { connectSubtitle } from '../../../core/subtitle/subtitle.connect.js';
import type { SubtitleState } from '../../../core/subtitle/subtitle.types.js';
import { FakeClock } from '../../support/fake-clock.js';

/** A task that counts its stops. */
function task(label?: string) {
  const calls = { stops: 0 };
  return { calls, task: { ...(label ? { label } : {}), stop: () => void calls.stops++ } };
}

test('setTask() puts the task in the state as data only, and setTask(undefined) takes it away without stopping it', () => {
  const model = createSubtitleModel();
  const { calls, task: running } = task('  Stop the assistant ');
  model.setTask(running);
  const state = model.getState();
  assert.deepEqual(state.task, { label: 'Stop the assistant' });
  assert.ok(Object.isFrozen(state.task));
  assert.equal(Object.values(state).some((value) => typeof value === 'function'), false);
  assert.equal(state.visible, true, 'a task alone keeps the bar up');
  model.setTask(undefined);
  assert.equal(calls.stops, 0);
  assert.deepEqual(model.getState(), { visible: false, text: '', type: 'info', streaming: false });
});

test('stopTask() calls stop once, clears the task and says so; a second stop finds nothing', () => {
  const model = createSubtitleModel();
  const { calls, task: running } = task();
  model.append('Filling in the form. ');
  model.setTask(running);
  assert.equal(model.stopTask(), true);
  assert.equal(calls.stops, 1);
  assert.equal(model.getState().task, undefined);
  assert.equal(model.getState().stopped, true);
  assert.equal(model.getState().text, 'Filling in the form. ', 'the narration stays');
  assert.equal(model.stopTask(), false);
  model.setTask(undefined);
  assert.equal(calls.stops, 1);
});

test('listeners see the task gone before stop runs, and a stop that clears or stops the task again changes nothing', () => {
  const model = createSubtitleModel();
  const seen: Array<SubtitleState['task']> = [];
  let stops = 0;
  const running = {
    stop: () => {
      stops++;
      seen.push(model.getState().task);
      model.setTask(undefined);
      assert.equal(model.stopTask(), false);
    },
  };
  model.setTask(running);
  model.stopTask();
  assert.equal(stops, 1);
  assert.deepEqual(seen, [undefined]);
});

test('a stop that throws is reported, and the task is stopped all the same', () => {
  const errors: unknown[] = [];
  const model = createSubtitleModel({ onListenerError: (error) => errors.push(error) });
  model.setTask({ stop: () => {
    throw new Error('run already gone');
  } });
  assert.equal(model.stopTask(), true);
  assert.equal(errors.length, 1);
  assert.equal(model.getState().task, undefined);
});

test('a task keeps the bar up across hide(), a hidden message and a settled prompt; when it ends, the empty bar goes', async () => {
  const clock = new FakeClock();
  const model = createSubtitleModel({ clock });
  const { task: running } = task();
  model.setTask(running);
  model.show({ text: 'Opening the cart.', autoHide: 500 });
  clock.advance(500);
  assert.deepEqual(
    { visible: model.getState().visible, text: model.getState().text },
    { visible: true, text: '' },
    'an auto-hidden message leaves the bar up for the task',
  );
  model.show('Checking out.');
  model.hide();
  assert.equal(model.getState().visible, true);
  assert.equal(model.getState().text, '');
  const answer = model.ask({ kind: 'confirm', message: 'Pay now?' });
  model.cancelPrompt();
  assert.deepEqual(await answer, { kind: 'confirm', accepted: false, reason: 'cancelled' });
  assert.equal(model.getState().visible, true);
  model.setTask(undefined);
  assert.equal(model.getState().visible, false);
});

test('a stopped task-only bar hides but still says it stopped; the next message, task or hide() clears that', () => {
  const model = createSubtitleModel();
  model.setTask(task().task);
  model.stopTask();
  assert.deepEqual(model.getState(), { visible: false, text: '', type: 'info', streaming: false, stopped: true });
  assert.deepEqual(connectSubtitle(model, 'en').announcement, ['Stopped.']);
  assert.deepEqual(connectSubtitle(model, 'zh-TW').announcement, ['已停止。']);
  model.show('Here is what I found.');
  assert.equal(model.getState().stopped, undefined);
  model.setTask(task().task);
  model.stopTask();
  model.setTask(task().task);
  assert.equal(model.getState().stopped, undefined, 'a new task starts afresh');
  model.stopTask();
  model.hide();
  assert.equal(model.getState().stopped, undefined);
});

test('replacing a task does not stop the old one; the new one is what stopTask() stops; setting the same task again is a no-op', () => {
  const model = createSubtitleModel();
  const first = task('Stop the search');
  const second = task('Stop the assistant');
  model.setTask(first.task);
  const before = model.getState();
  model.setTask(first.task);
  assert.equal(model.getState(), before);
  model.setTask(second.task);
  assert.deepEqual(model.getState().task, { label: 'Stop the assistant' });
  model.stopTask();
  assert.deepEqual([first.calls.stops, second.calls.stops], [0, 1]);
});

test('setTask() refuses what is not a task, naming the argument, and keeps the running task', () => {
  const model = createSubtitleModel();
  const { task: running } = task('Stop');
  model.setTask(running);
  assert.throws(() => model.setTask(null as never), { name: 'TypeError', message: /setTask\(task\): task must be an object \{ label\?, stop\(\) \} or undefined, got null/ });
  assert.throws(() => model.setTask('stop' as never), { message: /task must be an object .* got the string "stop"/ });
  assert.throws(() => model.setTask({} as never), { message: /setTask\(task\): task\.stop must be a function .* got undefined/ });
  assert.throws(() => model.setTask({ stop: () => {}, label: '  ' }), { message: /task\.label must be a non-empty string when given/ });
  assert.throws(() => model.setTask({ stop: () => {}, label: 3 } as never), { message: /task\.label .* got a number \(3\)/ });
  assert.deepEqual(model.getState().task, { label: 'Stop' });
});

test('the stop taken at setTask() is the one called, with the task as `this`', () => {
  const model = createSubtitleModel();
  const heard: unknown[] = [];
  const running = {
    label: 'Stop the assistant',
    stop(this: unknown) {
      heard.push(this);
    },
  };
  model.setTask(running);
  running.stop = () => heard.push('swapped');
  model.stopTask();
  assert.deepEqual(heard, [running]);
});

test('the view offers Stop while a task runs, localized, with the task label as its description', () => {
  const model = createSubtitleModel();
  assert.equal(connectSubtitle(model, 'en').stop, undefined);
  model.setTask(task('Stop the assistant').task);
  assert.deepEqual(connectSubtitle(model, 'en').stop, { label: 'Stop', description: 'Stop the assistant' });
  model.setTask(task().task);
  assert.deepEqual(connectSubtitle(model, 'zh-TW').stop, { label: '停止' });
  assert.equal(connectSubtitle(model, 'en').interruptible, true);
  assert.equal(connectSubtitle(model, 'en').awaitingUser, false, 'a task alone awaits no answer: single Space stays the page\'s');
});

test('a task-only bar shows that work goes on and offers no close; a message brings close back', () => {
  const model = createSubtitleModel();
  model.setTask(task().task);
  let view = connectSubtitle(model, 'en');
  assert.deepEqual(view.indicator, { kind: 'processing', label: 'Working on it' });
  assert.equal(view.closable, false);
  assert.equal(model.getState().indicator, undefined, 'the indicator is the view\'s, not the model\'s');
  model.append('Opening the cart.');
  view = connectSubtitle(model, 'en');
  assert.equal(view.indicator, undefined);
  assert.equal(view.closable, true);
  model.setIndicator('listening');
  assert.equal(connectSubtitle(model, 'en').indicator?.kind, 'listening');
});

test('the view stops only the task it was rendered for, however often the stream renewed the state', () => {
  const model = createSubtitleModel();
  const first = task();
  model.setTask(first.task);
  model.append('Looking');
  const view = connectSubtitle(model, 'en');
  model.append(' at the page.');
  assert.equal(view.stopTask(), true);
  assert.equal(first.calls.stops, 1);
  const second = task();
  const stale = connectSubtitle(model, 'en');
  model.setTask(second.task);
  assert.equal(stale.stopTask(), false, 'a view from before this task does not stop it');
  assert.equal(second.calls.stops, 0);
});

test('with a task and no prompt, Esc (dismiss) and a double tap (reject) stop it', () => {
  for (const intent of ['dismiss', 'reject'] as const) {
    const model = createSubtitleModel();
    const { calls, task: running } = task();
    model.setTask(running);
    model.show({ text: 'Apply the coupon?', actions: ['accept', 'reject', 'cancel'] });
    assert.equal(connectSubtitle(model, 'en').gesture(intent), true, intent);
    assert.equal(calls.stops, 1, intent);
    assert.equal(model.getState().text, 'Apply the coupon?', `${intent} stops the task rather than closing the bar`);
  }
});

test('Space alone (accept) never stops a task; Tab has nothing to accept', () => {
  const model = createSubtitleModel();
  const { calls, task: running } = task();
  model.setTask(running);
  const view = connectSubtitle(model, 'en');
  assert.equal(view.gesture('accept'), false);
  assert.equal(view.gesture('accept-line'), false);
  assert.equal(view.canAcceptLine, false);
  assert.equal(calls.stops, 0);
});

test('a pending prompt keeps Esc and double tap: a confirm is declined and the task goes on', async () => {
  const model = createSubtitleModel();
  const { calls, task: running } = task();
  model.setTask(running);
  let answer: Promise<unknown> = model.ask({ kind: 'confirm', message: 'Delete the draft?' });
  assert.equal(connectSubtitle(model, 'en').gesture('dismiss'), true);
  assert.deepEqual(await answer, { kind: 'confirm', accepted: false });
  answer = model.pauseHint({ message: 'Sign in first.' });
  assert.equal(connectSubtitle(model, 'en').gesture('reject'), true);
  assert.equal(await answer, 'stop');
  assert.equal(calls.stops, 0, 'what a declined prompt means for the run is its asker\'s call');
  assert.deepEqual(model.getState().task, {});
  assert.equal(connectSubtitle(model, 'en').gesture('dismiss'), true);
  assert.equal(calls.stops, 1);
});

test('the announcement ends with "Stopped." after the sentences already read', () => {
  const model = createSubtitleModel();
  model.show('Opening the cart. Adding the socks.');
  model.setTask(task().task);
  model.stopTask();
  assert.deepEqual(connectSubtitle(model, 'en').announcement, ['Opening the cart.', 'Adding the socks.', 'Stopped.']);
});
