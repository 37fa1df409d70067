import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDddk } from '../../../core/controller/create-dddk.js';
import { controllerPalette } from '../../../core/palette/controller-palette.js';
import { createPaletteModel } from '../../../core/palette/palette-model.js';
import { ACTIONS_MENU_ID, connectPalette, optionId } from '../../../core/palette/palette.connect.js';
import { formatShortcut, parseShortcut, shortcutMatches } from '../../../core/palette/shortcut.js';
import { loadPaletteMatcher } from '../../../core/palette/palette-matcher.js';

// Typed queries need the fuzzy matcher, which models load on their own; load it up front so each test reads its rows synchronously.
await loadPaletteMatcher();

test('an empty query: a collapsed combobox, no option, nothing announced', () => {
  const model = createPaletteModel();
  model.open();
  const view = connectPalette(model, 'en');
  assert.deepEqual(
    { role: view.input.role, expanded: view.input['aria-expanded'], active: view.input['aria-activedescendant'] },
    { role: 'combobox', expanded: 'false', active: undefined },
  );
  assert.deepEqual(view.state.rows, []);
  assert.equal(view.status, '');
});

test('typed text: an active "Ask the agent: <text>" option, an expanded combobox and a count', () => {
  const model = createPaletteModel();
  model.open();
  model.setQuery('  pricing ');
  const view = connectPalette(model, 'en');
  const [row] = view.state.rows;
  assert.equal(view.rowText(row!).label, 'Ask the agent: pricing');
  assert.equal(view.input['aria-expanded'], 'true');
  assert.equal(view.input['aria-activedescendant'], optionId(0));
  assert.equal(view.status, '1 suggestion');
});

test('matched ranges become highlighted segments; the actions menu takes over aria-activedescendant', () => {
  const model = createPaletteModel({ items: [{ id: 'p', name: 'Go to Pricing', actions: [{ kind: 'copy', text: 'p' }, { kind: 'navigate', path: '/p', title: 'Open' }] }] });
  model.open();
  model.setQuery('pric');
  const view = connectPalette(model, 'en');
  assert.deepEqual(view.rowText(view.state.rows[0]!).name, [
    { text: 'Go to ', match: false },
    { text: 'Pric', match: true },
    { text: 'ing', match: false },
  ]);
  model.openActionsMenu();
  const menuView = connectPalette(model, 'en');
  assert.equal(menuView.input['aria-controls'], ACTIONS_MENU_ID);
  assert.equal(menuView.input['aria-activedescendant'], 'palette-action-0');
  assert.deepEqual(menuView.actionsMenu?.options.map((option) => option.title), ['Copy', 'Open']);
  assert.equal(menuView.actionsMenu?.label, 'Actions for Go to Pricing');
});

test('labels and errors are localized for en and zh-TW', () => {
  const model = createPaletteModel();
  model.open();
  model.setQuery('價格');
  const zh = connectPalette(model, 'zh-TW');
  assert.equal(zh.rowText(zh.state.rows[0]!).label, '詢問助理： 價格');
  assert.equal(zh.input.label, '詢問助理');
  assert.equal(zh.strings.error('action', 'X', 'boom'), '「X」失敗：boom');
  assert.equal(connectPalette(model, 'en-GB').strings.error('browse', 'Docs', 'down'), '“Docs” could not list its items: down');
});

test('shortcuts parse, match Mod per platform and format', () => {
  const parsed = parseShortcut('Mod+Shift+P')!;
  const key = { key: 'P', shiftKey: true, altKey: false };
  assert.equal(shortcutMatches(parsed, { ...key, ctrlKey: true, metaKey: false }, false), true);
  assert.equal(shortcutMatches(parsed, { ...key, ctrlKey: true, metaKey: false }, true), false);
  assert.equal(shortcutMatches(parsed, { ...key, ctrlKey: false, metaKey: true }, true), true);
  assert.equal(formatShortcut('Mod+Shift+P', true), '⇧⌘P');
  assert.equal(formatShortcut('Mod+Shift+P', false), 'Ctrl+Shift+P');
  assert.equal(parseShortcut('Hyper+P'), undefined);
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

test('controllerPalette: agent-task actions start the agent', async () => {
  const dddk = createDddk({ locale: 'en' });
  const tasks: string[] = [];
  Object.assign(dddk, { startAgent: (task: string) => tasks.push(task) });
  const palette = controllerPalette(dddk);
  palette.setItems([{ id: 't', name: 'Tour', actions: [{ kind: 'agent-task', task: 'Give me a tour' }] }]);
  await palette.activateById('t');
  assert.deepEqual(tasks, ['Give me a tour']);
  dddk.destroy();
});

test('controllerPalette: when starting the agent throws, the subtitle says so', () => {
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
  failing.destroy();
});

test('controllerPalette: a failing use-count storage falls back to memory and says so on the bus', async () => {
  const dddk = createDddk({ locale: 'en' });
  const errors: Array<{ source: string }> = [];
  dddk.on('error', (event) => errors.push(event));
  const full = {
    get: () => null,
    set: () => {
      throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    },
    remove: () => {},
  };
  const warn = console.warn;
  console.warn = () => {};
  try {
    const palette = controllerPalette(dddk, { storage: full });
    palette.setItems([{ id: 'a', name: 'Alpha', actions: [{ kind: 'agent-task', task: 'x' }] }]);
    Object.assign(dddk, { startAgent: () => {} });
    await palette.activateById('a');
  } finally {
    console.warn = warn;
  }
  assert.deepEqual(errors.map((event) => event.source), ['palette-storage']);
  dddk.destroy();
});
