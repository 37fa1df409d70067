import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDddk } from '../../../core/dddk.js';
import { controllerPalette } from '../../../core/palette/controller-palette.js';
import { createPaletteModel } from '../../../core/palette/palette-model.js';
import { ASK_OPTION_ID, connectPalette } from '../../../core/palette/palette.connect.js';

test('an empty query: a collapsed combobox, no option, nothing announced', () => {
  const model = createPaletteModel();
  model.open();
  const view = connectPalette(model, 'en');
  assert.deepEqual(
    { role: view.input.role, expanded: view.input['aria-expanded'], active: view.input['aria-activedescendant'] },
    { role: 'combobox', expanded: 'false', active: undefined },
  );
  assert.deepEqual(view.options, []);
  assert.equal(view.status, '');
});

test('typed text: one active "Ask the agent: <text>" option and an expanded combobox', () => {
  const model = createPaletteModel();
  model.setQuery('  pricing ');
  const view = connectPalette(model, 'en');
  assert.deepEqual(view.options, [{ id: ASK_OPTION_ID, label: 'Ask the agent: pricing', prefix: 'Ask the agent:', text: 'pricing' }]);
  assert.equal(view.input['aria-expanded'], 'true');
  assert.equal(view.input['aria-activedescendant'], ASK_OPTION_ID);
  assert.equal(view.status, '1 suggestion');
});

test('labels are localized for en and zh-TW', () => {
  const model = createPaletteModel();
  model.setQuery('價格');
  const zh = connectPalette(model, 'zh-TW');
  assert.equal(zh.options[0]?.label, '詢問助理： 價格');
  assert.equal(zh.input.label, '詢問助理');
  assert.equal(zh.hint, '按 Enter 詢問，Esc 關閉');
  assert.equal(connectPalette(model, 'en-GB').hint, 'Enter to ask, Esc to close');
});

test('controllerPalette: one model per controller, and a submit starts the agent with the text', () => {
  const dddk = createDddk({ locale: 'en' });
  const tasks: string[] = [];
  Object.assign(dddk, { startAgent: (task: string) => tasks.push(task) });
  const palette = controllerPalette(dddk);
  assert.equal(controllerPalette(dddk), palette);
  assert.notEqual(controllerPalette(createDddk()), palette);
  palette.open();
  palette.setQuery('pricing');
  palette.submit();
  assert.deepEqual(tasks, ['pricing']);
  assert.equal(palette.getState().open, false);
  dddk.destroy();
});

test('controllerPalette: without an agent, or when starting it throws, the subtitle says so', () => {
  const bare = createDddk({ locale: 'en' });
  // A controller from a build without the web agent.
  Object.defineProperty(bare, 'startAgent', { value: undefined });
  controllerPalette(bare).submit({ text: 'pricing' });
  assert.deepEqual(
    { type: bare.subtitle.getState().type, text: bare.subtitle.getState().text },
    { type: 'warning', text: 'The agent is not available here: this controller has no startAgent().' },
  );

  const failing = createDddk({ locale: 'en' });
  const errors: unknown[] = [];
  failing.on('error', ({ error }) => errors.push(error));
  Object.defineProperty(failing, 'startAgent', {
    value: () => {
      throw new Error('no llm configured');
    },
  });
  controllerPalette(failing).submit({ text: 'pricing' });
  assert.equal(failing.subtitle.getState().text, 'The agent could not start: no llm configured');
  assert.equal(errors.length, 1);
  bare.destroy();
  failing.destroy();
});
