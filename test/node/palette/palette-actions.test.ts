import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPaletteModel } from '../../../core/palette/palette-model.js';
import type { PaletteAction, PaletteItem } from '../../../core/palette/palette-item.types.js';
import type { PaletteActionPorts } from '../../../core/palette/palette.types.js';
import { loadPaletteMatcher } from '../../../core/palette/palette-matcher.js';

// Typed queries need the fuzzy matcher, which models load on their own; load it up front so each test reads its rows synchronously.
await loadPaletteMatcher();

const surface = { root: { piece: 'text', props: { text: 'hi' } } };

function recordingPorts() {
  const calls: Array<[string, ...unknown[]]> = [];
  const ports: PaletteActionPorts = {
    copy: (text) => void calls.push(['copy', text]),
    insert: (text) => void calls.push(['insert', text]),
    openUrl: (url, target) => void calls.push(['openUrl', url, target]),
    navigate: (path) => void calls.push(['navigate', path]),
    startAgent: (task) => void calls.push(['startAgent', task]),
    renderSurface: (s, placement) => void calls.push(['renderSurface', s, placement]),
    runSkill: (id, vars) => void calls.push(['runSkill', id, vars]),
  };
  return { calls, ports };
}

const one = (action: PaletteAction): PaletteItem => ({ id: 'x', name: 'X', prefix: 'x:', prefixAcceptsAnyArg: true, actions: [action] });

const cases: Array<[PaletteAction, Array<[string, ...unknown[]]>]> = [
  [{ kind: 'copy', text: 'code {q}' }, [['copy', 'code a b']]],
  [{ kind: 'insert', text: '{q}!' }, [['insert', 'a b!']]],
  [{ kind: 'open-url', url: 'https://example.com/s?q={q}' }, [['openUrl', 'https://example.com/s?q=a%20b', 'new']]],
  [{ kind: 'open-url', url: '/local', target: 'self' }, [['openUrl', '/local', 'self']]],
  [{ kind: 'navigate', path: '/search/{q}' }, [['navigate', '/search/a%20b']]],
  [{ kind: 'agent-task', task: 'Summarise {q}' }, [['startAgent', 'Summarise a b']]],
  [{ kind: 'render-surface', surface, placement: 'modal' }, [['renderSurface', surface, 'modal']]],
  [{ kind: 'run-skill', skillId: 'translate', vars: { text: '{q}' } }, [['runSkill', 'translate', { text: 'a b' }]]],
];

for (const [action, expected] of cases) {
  test(`a ${action.kind} action reaches its port with {q} filled in, then the palette closes`, async () => {
    const { calls, ports } = recordingPorts();
    const model = createPaletteModel({ items: [one(action)], ports });
    model.open();
    model.setQuery('x: a b');
    await model.activate();
    assert.deepEqual(calls, expected);
    assert.equal(model.getState().open, false);
  });
}

test('a custom action gets the item, the argument, the handle and a signal', async () => {
  let seen: unknown;
  const model = createPaletteModel({
    items: [one({ kind: 'custom', run: ({ item, arg, palette, signal }) => void (seen = { id: item.id, arg, query: palette.query, aborted: signal.aborted }) })],
  });
  model.open();
  model.setQuery('x: hello');
  await model.activate();
  // The prefix went into the chip; the field (the handle's query) holds the argument.
  assert.deepEqual(seen, { id: 'x', arg: 'hello', query: 'hello', aborted: false });
});

test('a failing action shows its error in the palette, which stays open; an unsupported port says what to connect', async () => {
  const model = createPaletteModel({
    items: [
      { id: 'boom', name: 'Boom', actions: [{ kind: 'custom', title: 'Explode', run: async () => Promise.reject(new Error('server said no')) }] },
      { id: 'copy', name: 'Copy', actions: [{ kind: 'copy', text: 'x' }] },
    ],
  });
  model.open();
  await model.activate(0);
  assert.equal(model.getState().open, true);
  assert.deepEqual(model.getState().error, { source: 'action', message: 'server said no', subject: 'Explode' });
  await model.activate(1);
  assert.match(model.getState().error?.message ?? '', /nothing here can copy for a "copy" action; connect a view or pass ports.copy/);
  model.setQuery('c');
  assert.equal(model.getState().error, undefined, 'typing dismisses the error');
});

test('open-url refuses a URL that the argument made unsafe', async () => {
  const { calls, ports } = recordingPorts();
  const model = createPaletteModel({ items: [one({ kind: 'open-url', url: '{q}' })], ports });
  model.open();
  model.setQuery('x: javascript:alert(1)');
  await model.activate();
  assert.deepEqual(calls, []);
  assert.match(model.getState().error?.message ?? '', /refused to open/);
});

test('primary on activate(i), secondary on activate(i, 1); a missing secondary does nothing', async () => {
  const { calls, ports } = recordingPorts();
  const model = createPaletteModel({
    items: [{ id: 'doc', name: 'Doc', actions: [{ kind: 'navigate', path: '/doc' }, { kind: 'copy', text: 'https://site/doc' }] }, { id: 'solo', name: 'Solo', actions: [{ kind: 'copy', text: 'solo' }] }],
    ports,
  });
  model.open();
  await model.activate(0, 1);
  assert.deepEqual(calls, [['copy', 'https://site/doc']]);
  model.open();
  await model.activate(1, 1);
  assert.equal(calls.length, 1);
  await model.activate(0);
  assert.deepEqual(calls.at(-1), ['navigate', '/doc']);
});

test('the actions menu lists the active item\'s actions, moves, runs the chosen one, and Esc (back) closes it first', async () => {
  const { calls, ports } = recordingPorts();
  const model = createPaletteModel({
    items: [{ id: 'doc', name: 'Doc', actions: [{ kind: 'navigate', path: '/doc' }, { kind: 'copy', text: 'a' }, { kind: 'open-url', url: 'https://x.test' }] }],
    ports,
  });
  model.open();
  assert.equal(model.openActionsMenu(), true);
  assert.equal(model.getState().actionsMenu?.actions.length, 3);
  model.moveActionsMenu(-1);
  assert.equal(model.getState().actionsMenu?.activeIndex, 2);
  assert.equal(model.back(), true);
  assert.equal(model.getState().actionsMenu, undefined);
  assert.equal(model.getState().open, true);
  model.openActionsMenu();
  model.moveActionsMenu(2);
  await model.runActionsMenu();
  assert.deepEqual(calls, [['openUrl', 'https://x.test', 'new']]);
});

test('host ports win over a view\'s fallback ports, whatever the order they were connected in', async () => {
  const seen: string[] = [];
  const model = createPaletteModel({ items: [{ id: 'n', name: 'N', actions: [{ kind: 'navigate', path: '/n' }] }], ports: { navigate: (path) => void seen.push(`router ${path}`) } });
  const remove = model.connectPorts({ navigate: (path) => void seen.push(`location ${path}`) }, { fallback: true });
  model.open();
  await model.activate();
  remove();
  const bare = createPaletteModel({ items: [{ id: 'n', name: 'N', actions: [{ kind: 'navigate', path: '/n' }] }] });
  bare.connectPorts({ navigate: (path) => void seen.push(`location ${path}`) }, { fallback: true });
  bare.open();
  await bare.activate();
  assert.deepEqual(seen, ['router /n', 'location /n']);
});

test('activateById finds listed, root and nested items; false for an unknown id', async () => {
  const { calls, ports } = recordingPorts();
  const model = createPaletteModel({
    items: [
      { id: 'a', name: 'A', actions: [{ kind: 'copy', text: 'a' }] },
      { id: 'menu', name: 'Menu', children: [{ id: 'deep', name: 'Deep', actions: [{ kind: 'agent-task', task: 'do {q}' }] }] },
    ],
    ports,
  });
  assert.equal(await model.activateById('a'), true);
  assert.equal(await model.activateById('deep', { arg: 'it' }), true);
  assert.equal(await model.activateById('nope'), false);
  assert.deepEqual(calls, [['copy', 'a'], ['startAgent', 'do it']]);
});

test('onActivate hears every chosen item', async () => {
  const seen: unknown[] = [];
  const model = createPaletteModel({ items: [one({ kind: 'copy', text: 'c' })], ports: { copy: () => undefined }, onActivate: (activation) => seen.push(activation) });
  model.open();
  model.setQuery('x: q');
  await model.activate(0, 0);
  assert.deepEqual(seen, [{ itemId: 'x', arg: 'q', actionIndex: 0 }]);
});
