import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPaletteModel } from '../../../core/palette/palette-model.js';
import { connectPalette, type PaletteConnectOptions, type PaletteKeyEvent } from '../../../core/palette/palette.connect.js';
import type { PaletteItem } from '../../../core/palette/palette-item.types.js';
import type { PaletteActionPorts, PaletteModel } from '../../../core/palette/palette.types.js';
import { loadPaletteMatcher } from '../../../core/palette/palette-matcher.js';

// Typed queries need the fuzzy matcher, which models load on their own; load it up front so each test reads its rows synchronously.
await loadPaletteMatcher();

interface FakeKey extends PaletteKeyEvent {
  prevented: boolean;
  stopped: boolean;
}

function key(name: string, init: Partial<Omit<PaletteKeyEvent, 'preventDefault' | 'stopPropagation'>> = {}): FakeKey {
  const event: FakeKey = {
    key: name,
    ...init,
    prevented: false,
    stopped: false,
    get defaultPrevented() {
      return this.prevented;
    },
    preventDefault() {
      event.prevented = true;
    },
    stopPropagation() {
      event.stopped = true;
    },
  };
  return event;
}

function recording(): { calls: string[]; ports: PaletteActionPorts } {
  const calls: string[] = [];
  return {
    calls,
    ports: {
      copy: (text) => void calls.push(`copy ${text}`),
      navigate: (path) => void calls.push(`navigate ${path}`),
      startAgent: (task) => void calls.push(`agent ${task}`),
    },
  };
}

const items: PaletteItem[] = [
  { id: 'a', name: 'Alpha', actions: [{ kind: 'copy', text: 'first' }, { kind: 'navigate', path: '/second' }, { kind: 'copy', text: 'third', title: 'Third' }] },
  { id: 'b', name: 'Beta', actions: [{ kind: 'copy', text: 'beta' }] },
  { id: 'c', name: 'Gamma', answer: 'g' },
];

function setup(options: PaletteConnectOptions = {}) {
  const { calls, ports } = recording();
  const submitted: string[] = [];
  const model = createPaletteModel({ items, ports, onSubmit: (text) => void submitted.push(text) });
  model.open();
  const view = () => connectPalette(model, 'en', options);
  const press = (name: string, init: Parameters<typeof key>[1] = {}, place?: { inField?: boolean }) => {
    const event = key(name, init);
    view().onKeyDown(event, place);
    return event;
  };
  return { model, view, press, calls, submitted };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const activeName = (model: PaletteModel) => {
  const state = model.getState();
  const row = state.rows[state.activeIndex];
  return row?.type === 'item' ? row.name : row?.type;
};

test('arrows move the active row round the ends; page keys and Home/End stop there', () => {
  const { model, press } = setup({ pageSize: 2 });
  assert.equal(activeName(model), 'Alpha');
  const down = press('ArrowDown');
  assert.equal(activeName(model), 'Beta');
  assert.deepEqual([down.prevented, down.stopped], [true, true], 'a used key goes no further');
  press('ArrowUp');
  press('ArrowUp');
  assert.equal(activeName(model), 'Gamma', 'ArrowUp from the first row wraps to the last');
  press('PageUp');
  assert.equal(activeName(model), 'Alpha');
  press('PageDown');
  press('PageDown');
  assert.equal(activeName(model), 'Gamma', 'PageDown stops at the last row');
  press('Home');
  assert.equal(activeName(model), 'Alpha');
  press('End');
  assert.equal(activeName(model), 'Gamma');
});

test('with text typed, plain Home/End are the caret\'s; Ctrl/⌘ moves the list', () => {
  const { model, press, view } = setup();
  view().onInput('a');
  const home = press('End');
  assert.equal(home.prevented, false);
  press('End', { metaKey: true });
  assert.equal(model.getState().activeIndex, model.getState().rows.length - 1);
});

test('keys on the chips and buttons keep their meaning; Esc still steps back', () => {
  const { model, press } = setup();
  const arrow = press('ArrowDown', {}, { inField: false });
  assert.equal(arrow.prevented, false);
  assert.equal(activeName(model), 'Alpha');
  const escape = press('Escape', {}, { inField: false });
  assert.equal(escape.prevented, true);
  assert.equal(model.getState().open, false);
});

test('Enter runs the first action, Ctrl/⌘+Enter the second, and the palette closes', async () => {
  const first = setup();
  first.press('Enter');
  await settle();
  assert.deepEqual(first.calls, ['copy first']);
  assert.equal(first.model.getState().open, false);

  const second = setup();
  second.press('Enter', { ctrlKey: true });
  await settle();
  assert.deepEqual(second.calls, ['navigate /second']);
});

test('Enter on the ask row hands the text to the agent, unless the view\'s host declines it', () => {
  const asked: string[] = [];
  const { model, press, submitted } = setup({ beforeSubmit: (text) => (asked.push(text), text !== 'keep it') });
  model.setQuery('what is this page about?');
  press('Enter');
  assert.deepEqual(submitted, ['what is this page about?']);
  model.open();
  model.setQuery('keep it');
  model.moveActive(model.getState().rows.findIndex((row) => row.type === 'ask') - model.getState().activeIndex);
  press('Enter');
  assert.deepEqual(submitted, ['what is this page about?'], 'a declined text is not delivered');
  assert.deepEqual(asked, ['what is this page about?', 'keep it']);
  assert.deepEqual(model.getState().history.slice(0, 2), ['keep it', 'what is this page about?'], 'but it is remembered');
  assert.equal(model.getState().open, false);
});

test('an activation the host declines does not run', async () => {
  const seen: unknown[] = [];
  const { press, calls } = setup({ beforeActivate: (activation) => (seen.push(activation), false) });
  press('Enter');
  await settle();
  assert.deepEqual(calls, []);
  assert.deepEqual(seen, [{ itemId: 'a', arg: '', actionIndex: 0 }]);
});

test('Esc steps back (actions menu, result, sub-list) and then closes', () => {
  const { model, press } = setup();
  model.openList([{ id: 'child', name: 'Child', answer: 'c' }], 'Sub');
  model.showResult('shown');
  press('Escape');
  assert.equal(model.getState().result, undefined);
  assert.deepEqual(model.getState().trail, ['Sub']);
  press('Escape');
  assert.deepEqual(model.getState().trail, []);
  assert.ok(model.openActionsMenu());
  press('Escape');
  assert.equal(model.getState().actionsMenu, undefined);
  assert.equal(model.getState().open, true);
  press('Escape');
  assert.equal(model.getState().open, false);
});

test('Backspace in the empty field leaves a sub-list; with text typed it is the field\'s', () => {
  const { model, press } = setup();
  model.openList([{ id: 'child', name: 'Child', answer: 'c' }], 'Sub');
  model.setQuery('c');
  assert.equal(press('Backspace').prevented, false);
  model.setQuery('');
  assert.equal(press('Backspace').prevented, true);
  assert.deepEqual(model.getState().trail, []);
});

test('keys an input method is composing with are left alone', () => {
  const { model, press } = setup();
  for (const name of ['Enter', 'Escape', 'ArrowDown']) {
    const event = press(name, { isComposing: true });
    assert.equal(event.prevented, false, name);
  }
  assert.equal(press('Enter', { keyCode: 229 }).prevented, false, 'the key that ends a composition');
  assert.equal(model.getState().open, true);
  assert.equal(activeName(model), 'Alpha');
});

test('Ctrl/⌘+K inside the open palette lists the actions; arrows and Enter run one; Ctrl/⌘+K again closes the list', async () => {
  const { model, press, view: current, calls } = setup();
  const open = press('k', { ctrlKey: true });
  assert.equal(open.prevented, true);
  assert.equal(current().actionsMenu?.label, 'Actions for Alpha');
  press('ArrowDown');
  press('ArrowDown');
  assert.equal(current().actionsMenu?.options[2]?.active, true);
  press('k', { metaKey: true });
  assert.equal(model.getState().actionsMenu, undefined);
  press('k', { code: 'KeyK', key: 'л', ctrlKey: true });
  press('ArrowUp');
  press('Enter');
  await settle();
  assert.deepEqual(calls, ['copy third']);
});

test('Ctrl/⌘+K on an item without actions is not used, so the page shortcut closes the palette', () => {
  const { model, press, view: current } = setup();
  model.setActiveIndex(2);
  const event = press('k', { ctrlKey: true });
  assert.equal(event.prevented, false);
  current().onPageKeyDown(event);
  assert.equal(model.getState().open, false);
});

test('the page shortcut toggles the palette, focuses an open inline one, and can be turned off', () => {
  const { model } = setup();
  model.close();
  connectPalette(model, 'en').onPageKeyDown(key('k', { ctrlKey: true }));
  assert.equal(model.getState().open, true);
  let focused = 0;
  const inline = connectPalette(model, 'en', { inline: true, focusField: () => void focused++ });
  const again = key('k', { metaKey: true });
  inline.onPageKeyDown(again);
  assert.deepEqual([model.getState().open, focused, again.prevented], [true, 1, true]);
  connectPalette(model, 'en').onPageKeyDown(key('k', { ctrlKey: true }));
  assert.equal(model.getState().open, false);
  const off = key('k', { ctrlKey: true });
  connectPalette(model, 'en', { shortcut: false }).onPageKeyDown(off);
  assert.deepEqual([model.getState().open, off.prevented], [false, false]);
  const taken = key('k', { ctrlKey: true });
  taken.preventDefault();
  connectPalette(model, 'en').onPageKeyDown(taken);
  assert.equal(model.getState().open, false, 'a key another palette used is not used twice');
});

test('keys typed before the panel is drawn go into the query', () => {
  const { model } = setup();
  const early = connectPalette(model, 'en', { panelShown: false });
  for (const name of ['p', 'r', 'x', 'Backspace', 'i']) early.onPageKeyDown(key(name));
  assert.equal(model.getState().query, 'pri');
  const drawn = key('c');
  connectPalette(model, 'en').onPageKeyDown(drawn);
  assert.deepEqual([model.getState().query, drawn.prevented], ['pri', false]);
});

test('an item\'s bound key runs it once, but not while the visitor types or inside the palette', async () => {
  const { calls, ports } = recording();
  const model = createPaletteModel({ items: [{ id: 'bound', name: 'Bound', shortcut: 'Ctrl+Shift+B', bindShortcut: true, actions: [{ kind: 'copy', text: 'bound' }] }], ports });
  const field = { nodeType: 1, localName: 'input', type: 'text', getAttribute: () => null, hasAttribute: () => false };
  const combo = { ctrlKey: true, shiftKey: true };
  const plain = key('b', { shiftKey: true });
  connectPalette(model, 'en').onPageKeyDown(plain, { target: field });
  const inside = key('b', combo);
  connectPalette(model, 'en').onPageKeyDown(inside, { insideView: true });
  const once = key('b', combo);
  connectPalette(model, 'en').onPageKeyDown(once, { target: field });
  connectPalette(model, 'en').onPageKeyDown(once, { target: field });
  await settle();
  assert.deepEqual([plain.prevented, inside.prevented, once.prevented], [false, false, true]);
  assert.deepEqual(calls, ['copy bound'], 'a modifier combination runs even from a field, and once for two palettes');
});

test('typing into a closed inline view opens the palette in place, so a modal view stays shut', () => {
  const model = createPaletteModel({ items });
  connectPalette(model, 'en', { inline: true }).onInput('al');
  assert.deepEqual([model.getState().open, model.getState().openedInline, model.getState().query], [true, true, 'al']);
  model.close();
  assert.equal(model.getState().openedInline, false);
  connectPalette(model, 'en').onInput('be');
  assert.deepEqual([model.getState().open, model.getState().openedInline], [true, false]);
  model.open({ inline: true });
  assert.equal(model.getState().openedInline, true, 'an inline view opening an open palette claims it too');
});

test('the pointer makes a row active; a click runs it, with Ctrl/⌘ its second action; the menu runs a chosen action', async () => {
  const { model, view: current, calls } = setup();
  assert.equal(current().onOptionHover(1), true);
  assert.equal(current().onOptionHover(1), false, 'no change, nothing to tell');
  assert.equal(activeName(model), 'Beta');
  current().onOptionClick(0, { metaKey: true });
  await settle();
  assert.deepEqual(calls, ['navigate /second']);
  model.open();
  model.openActionsMenu();
  current().onMenuAction(2);
  await settle();
  assert.deepEqual(calls, ['navigate /second', 'copy third']);
});

test('the chip bar belongs to the palette: one model for every view, sent with the text and then cleared', async () => {
  const submitted: Array<[string, unknown]> = [];
  const model = createPaletteModel({ onSubmit: (text, { context }) => void submitted.push([text, context]) });
  assert.equal(model.context, undefined);
  const [first, second] = await Promise.all([model.loadContext(), model.loadContext()]);
  assert.equal(first, second);
  assert.equal(model.context, first);
  first.setSelection('the selected words');
  model.open();
  model.setQuery('explain this please');
  connectPalette(model, 'en').onKeyDown(key('Enter'));
  assert.deepEqual(submitted, [['explain this please', undefined]], 'a view without the chip bar sends no context');
  model.open();
  model.setQuery('explain this please');
  connectPalette(model, 'en', { withContext: true }).onKeyDown(key('Enter'));
  assert.deepEqual(submitted[1], ['explain this please', { selection: 'the selected words' }]);
  assert.equal(first.hasContext, false, 'the chips are spent once sent');
});
