import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSubtitleModel } from '../../../core/subtitle/subtitle-model.js';
import type { SubtitleState } from '../../../core/subtitle/subtitle.types.js';

/** Resolves with the promise's value, or with 'pending' when it has not settled after a macrotask. */
async function peek<T>(promise: Promise<T>): Promise<T | 'pending'> {
  return Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 0))]);
}

test('ask(confirm) shows the question in the bar and settles with the accept answer', async () => {
  const model = createSubtitleModel();
  const answer = model.ask({ kind: 'confirm', message: 'Delete the draft?', acceptLabel: 'Delete' });
  const { prompt, visible } = model.getState();
  assert.equal(visible, true);
  assert.deepEqual({ ...prompt }, { id: prompt!.id, kind: 'confirm', message: 'Delete the draft?', acceptLabel: 'Delete' });
  assert.equal(await peek(answer), 'pending');
  assert.equal(model.answerPrompt({ kind: 'confirm', accepted: true }), true);
  assert.deepEqual(await answer, { kind: 'confirm', accepted: true });
  assert.equal(model.getState().prompt, undefined);
  assert.equal(model.getState().visible, false, 'a bar opened only for the question hides with it');
});

test('ask(choice) returns the picked value; ask(text) returns the typed text', async () => {
  const model = createSubtitleModel();
  const choice = model.ask({
    kind: 'choice',
    message: 'Which plan?',
    options: [
      { value: 'grove', label: 'Grove' },
      { value: 'estate', label: 'Estate' },
    ],
  });
  const pending = model.getState().prompt;
  assert.equal(pending?.kind, 'choice');
  assert.deepEqual(pending?.kind === 'choice' && pending.options.map((option) => option.value), ['grove', 'estate']);
  model.answerPrompt({ kind: 'choice', value: 'estate' });
  assert.deepEqual(await choice, { kind: 'choice', value: 'estate' });

  const text = model.ask({ kind: 'text', message: 'Your team name?', placeholder: 'e.g. Foxglove' });
  model.answerPrompt({ kind: 'text', value: 'Foxglove Studio' });
  assert.deepEqual(await text, { kind: 'text', value: 'Foxglove Studio' });
});

test('a choice accepts free text only when allowFreeText is set', async () => {
  const model = createSubtitleModel();
  const options = [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
  ];
  const strict = model.ask({ kind: 'choice', message: 'Pick', options });
  assert.throws(() => model.answerPrompt({ kind: 'choice', value: 'c' }), { name: 'TypeError', message: /one of the option values \("a", "b"\)/ });
  model.cancelPrompt();
  assert.deepEqual(await strict, { kind: 'choice', value: null, reason: 'cancelled' });

  const open = model.ask({ kind: 'choice', message: 'Pick', options, allowFreeText: true });
  model.answerPrompt({ kind: 'choice', value: '  something else  ' });
  assert.deepEqual(await open, { kind: 'choice', value: 'something else' });
});

test('pauseHint keeps the streamed text on screen and settles continue or stop', async () => {
  const model = createSubtitleModel();
  model.append('Please sign in first. ');
  const decision = model.pauseHint({ message: 'Sign in, then continue.' });
  assert.equal(model.getState().text, 'Please sign in first. ');
  assert.equal(model.getState().streaming, true);
  assert.equal(model.getState().prompt?.kind, 'pause');
  model.answerPrompt({ kind: 'pause', decision: 'continue' });
  assert.equal(await decision, 'continue');
  assert.deepEqual(model.getState(), { visible: true, text: 'Please sign in first. ', type: 'agent', streaming: true });

  const second = model.pauseHint({ message: 'Again' });
  model.cancelPrompt('run stopped');
  assert.equal(await second, 'stop');
});

test('dismissals answer "no": confirm not accepted, choice and text null, each with the reason', async () => {
  const model = createSubtitleModel();
  const confirm = model.ask({ kind: 'confirm', message: 'Sure?' });
  model.cancelPrompt('run stopped');
  assert.deepEqual(await confirm, { kind: 'confirm', accepted: false, reason: 'run stopped' });

  model.show('Some text');
  const text = model.ask({ kind: 'text', message: 'Name?' });
  model.hide();
  assert.deepEqual(await text, { kind: 'text', value: null, reason: 'hidden' });
  assert.equal(model.getState().visible, false);
});

test('only one prompt at a time: a new prompt dismisses the pending one without hiding the bar', async () => {
  const model = createSubtitleModel();
  const states: SubtitleState[] = [];
  model.subscribe((state) => states.push(state));
  const first = model.ask({ kind: 'confirm', message: 'First?' });
  const second = model.ask({ kind: 'text', message: 'Second?' });
  assert.deepEqual(await first, { kind: 'confirm', accepted: false, reason: 'replaced' });
  assert.equal(model.getState().prompt?.message, 'Second?');
  assert.ok(states.every((state) => state.visible), 'the bar never hid between the two prompts');
  assert.notEqual(states[0]?.prompt?.id, states[1]?.prompt?.id, 'each prompt has its own id');
  model.answerPrompt({ kind: 'text', value: 'ok' });
  assert.deepEqual(await second, { kind: 'text', value: 'ok' });
});

test('narration and notices arriving during a prompt keep the prompt', async () => {
  const model = createSubtitleModel();
  const answer = model.ask({ kind: 'confirm', message: 'Go on?' });
  model.append('Still here');
  model.show({ text: 'A notice', type: 'warning' });
  model.replace('Replaced');
  model.finalize();
  assert.equal(model.getState().prompt?.message, 'Go on?');
  model.answerPrompt({ kind: 'confirm', accepted: false });
  assert.deepEqual(await answer, { kind: 'confirm', accepted: false });
  assert.equal(model.getState().text, 'Replaced', 'text stays once the prompt is answered');
});

test('answerPrompt without a pending prompt is a no-op returning false; a mismatched kind throws', async () => {
  const model = createSubtitleModel();
  assert.equal(model.answerPrompt({ kind: 'confirm', accepted: true }), false);
  const answer = model.ask({ kind: 'confirm', message: 'Sure?' });
  assert.throws(() => model.answerPrompt({ kind: 'text', value: 'x' }), {
    name: 'TypeError',
    message: /the pending prompt is a confirm prompt, so answer.kind must be "confirm"/,
  });
  assert.throws(() => model.answerPrompt({ kind: 'confirm', accepted: 'yes' } as never), { message: /answer.accepted must be a boolean/ });
  assert.equal(model.getState().prompt?.kind, 'confirm', 'a refused answer leaves the prompt pending');
  model.answerPrompt({ kind: 'confirm', accepted: true });
  assert.deepEqual(await answer, { kind: 'confirm', accepted: true });
  model.cancelPrompt();
  assert.equal(model.getState().visible, false);
});

test('listeners see the prompt leave before the caller sees the answer', async () => {
  const model = createSubtitleModel();
  const order: string[] = [];
  model.subscribe((state) => order.push(state.prompt ? 'prompt shown' : 'prompt gone'));
  const answer = model.ask({ kind: 'confirm', message: 'Sure?' }).then(() => order.push('answered'));
  model.answerPrompt({ kind: 'confirm', accepted: true });
  await answer;
  assert.deepEqual(order, ['prompt shown', 'prompt gone', 'answered']);
});

test('prompts are frozen, and bad requests are refused with a TypeError naming the field', () => {
  const model = createSubtitleModel();
  void model.ask({ kind: 'choice', message: 'Pick', options: [{ value: 'a', label: 'A' }] });
  const prompt = model.getState().prompt;
  assert.ok(Object.isFrozen(prompt));
  assert.ok(prompt?.kind === 'choice' && Object.isFrozen(prompt.options) && Object.isFrozen(prompt.options[0]));
  model.cancelPrompt();

  assert.throws(() => model.ask(null as never), { name: 'TypeError', message: /ask\(request\): request must be an object/ });
  assert.throws(() => model.ask({ kind: 'yesno', message: 'x' } as never), { message: /request.kind must be one of confirm, choice, text/ });
  assert.throws(() => model.ask({ kind: 'confirm', message: '  ' }), { message: /request.message must be a non-empty string/ });
  assert.throws(() => model.ask({ kind: 'choice', message: 'x', options: [] }), { message: /request.options must be a non-empty array/ });
  assert.throws(() => model.ask({ kind: 'choice', message: 'x', options: ['a'] as never }), { message: /request.options\[0\] must be an object/ });
  assert.throws(
    () =>
      model.ask({
        kind: 'choice',
        message: 'x',
        options: [
          { value: 'a', label: 'A' },
          { value: 'a', label: 'Again' },
        ],
      }),
    { message: /request.options\[1\].value "a" repeats an earlier option/ },
  );
  assert.throws(() => model.ask({ kind: 'confirm', message: 'x', acceptLabel: '' }), { message: /request.acceptLabel must be a non-empty string/ });
  assert.throws(() => model.pauseHint({} as never), { message: /pauseHint\(request\): request.message must be a non-empty string/ });
  assert.throws(() => model.cancelPrompt(3 as never), { message: /cancelPrompt\(reason\): reason must be a string/ });
  assert.equal(model.getState().prompt, undefined, 'no refused request left a prompt behind');
});
