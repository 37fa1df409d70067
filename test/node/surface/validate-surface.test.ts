import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { builtinCatalog, createPieceCatalog } from '../../../core/surface/piece-catalog.js';
import { formatIssue, validateSurface } from '../../../core/surface/validate-surface.js';
import type { PieceNode } from '../../../core/surface/surface.types.js';

const bind = (pointer: string) => ({ $bind: pointer });
const options = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
];

/** For each piece: a node that must validate, a broken one, and the path and words its error must carry. */
const fixtures: Record<string, { good: PieceNode; bad: PieceNode; path: string; message: RegExp }> = {
  Stack: { good: { piece: 'Stack', props: { direction: 'horizontal', gap: 8 }, children: [{ piece: 'Spinner' }] }, bad: { piece: 'Stack', props: { direction: 'diagonal' } }, path: '/root/props/direction', message: /"diagonal" is not allowed; use one of "vertical", "horizontal"/ },
  Grid: { good: { piece: 'Grid', props: { columns: 3 }, children: [] }, bad: { piece: 'Grid', props: { columns: 13 } }, path: '/root/props/columns', message: /at most 12/ },
  Card: { good: { piece: 'Card', props: { title: 'Plan', tone: 'info' }, children: [{ piece: 'Body', props: { text: 'x' } }] }, bad: { piece: 'Card', props: { title: 7 } }, path: '/root/props/title', message: /expected a string, got number/ },
  Tabs: { good: { piece: 'Tabs', props: { labels: ['One', 'Two'], selected: 1 }, children: [{ piece: 'Spinner' }, { piece: 'Spinner' }] }, bad: { piece: 'Tabs', props: { labels: ['One', 'Two'] }, children: [{ piece: 'Spinner' }] }, path: '/root', message: /Tabs has 2 labels but 1 children/ },
  Heading: { good: { piece: 'Heading', props: { text: 'Hello', level: 2 } }, bad: { piece: 'Heading', props: { text: 'Hello', level: 7 } }, path: '/root/props/level', message: /at most 6/ },
  Body: { good: { piece: 'Body', props: { text: bind('/intro') } }, bad: { piece: 'Body', props: {} }, path: '/root/props', message: /missing required prop "text"; Body takes text, tone/ },
  Markdown: { good: { piece: 'Markdown', props: { text: '**bold**' } }, bad: { piece: 'Markdown', props: { text: ['x'] } }, path: '/root/props/text', message: /expected a string, got array/ },
  Image: { good: { piece: 'Image', props: { src: 'https://example.com/a.png', alt: 'A chart' } }, bad: { piece: 'Image', props: { src: 'javascript:alert(1)', alt: 'x' } }, path: '/root/props/src', message: /refused "javascript:"/ },
  Badge: { good: { piece: 'Badge', props: { text: 'New', tone: 'success' } }, bad: { piece: 'Badge', props: { text: 'New', tone: 'purple' } }, path: '/root/props/tone', message: /not allowed/ },
  Listing: { good: { piece: 'Listing', props: { items: [{ title: 'Docs', href: '/docs' }], empty: 'Nothing yet' } }, bad: { piece: 'Listing', props: { items: [{ title: 'Docs', url: '/docs' }] } }, path: '/root/props/items/0/url', message: /unknown property; allowed: title, subtitle, href/ },
  Metric: { good: { piece: 'Metric', props: { label: 'Revenue', value: 12.5, unit: 'k', trend: 'up' } }, bad: { piece: 'Metric', props: { label: 'Revenue', value: true } }, path: '/root/props/value', message: /expected/ },
  ProgressBar: { good: { piece: 'ProgressBar', props: { value: bind('/progress'), max: 10 } }, bad: { piece: 'ProgressBar', props: { value: 120 } }, path: '/root', message: /ProgressBar value 120 is above max 100/ },
  Table: { good: { piece: 'Table', props: { columns: [{ key: 'name', label: 'Name' }], rows: [{ name: 'Ada' }] } }, bad: { piece: 'Table', props: { columns: [], rows: [] } }, path: '/root/props/columns', message: /at least 1 items/ },
  TextField: { good: { piece: 'TextField', props: { label: 'Email', value: bind('/form/email'), inputType: 'email' } }, bad: { piece: 'TextField', props: { label: 'Email', value: 'literal' } }, path: '/root/props/value', message: /must be bound/ },
  TextArea: { good: { piece: 'TextArea', props: { label: 'Notes', value: bind('/notes'), rows: 4 } }, bad: { piece: 'TextArea', props: { label: 'Notes', value: bind('notes') } }, path: '/root/props/value/$bind', message: /must be a JSON Pointer/ },
  Checkbox: { good: { piece: 'Checkbox', props: { label: 'Agree', checked: bind('/agree') } }, bad: { piece: 'Checkbox', props: { label: 'Agree', checked: { $bind: '/agree', extra: 1 } } }, path: '/root/props/checked', message: /exactly \{ "\$bind"/ },
  Switch: { good: { piece: 'Switch', props: { label: 'On', checked: bind('/on'), disabled: false } }, bad: { piece: 'Switch', props: { label: 'On', checked: bind('/on'), disabled: 'no' } }, path: '/root/props/disabled', message: /expected a boolean/ },
  Select: { good: { piece: 'Select', props: { label: 'Plan', value: bind('/plan'), options } }, bad: { piece: 'Select', props: { label: 'Plan', value: bind('/plan'), options: [] } }, path: '/root/props/options', message: /at least 1 items/ },
  Radio: { good: { piece: 'Radio', props: { label: 'Size', value: bind('/size'), options } }, bad: { piece: 'Radio', props: { label: 'Size', value: bind('/size'), options: [{ value: 'a' }] } }, path: '/root/props/options/0', message: /missing required "label"/ },
  Slider: { good: { piece: 'Slider', props: { label: 'Volume', value: bind('/volume'), min: 0, max: 10, step: 1 } }, bad: { piece: 'Slider', props: { label: 'Volume', value: bind('/volume'), min: 5, max: 5 } }, path: '/root', message: /min 5 must be below max 5/ },
  Button: { good: { piece: 'Button', props: { text: 'Save', variant: 'primary', action: { type: 'submit' } } }, bad: { piece: 'Button', props: { text: 'Save', action: { type: 'custom' } } }, path: '/root', message: /custom action needs a "name"/ },
  IconButton: { good: { piece: 'IconButton', props: { icon: 'close', label: 'Close', action: { type: 'cancel' } } }, bad: { piece: 'IconButton', props: { icon: 'close', label: 'Close', action: { type: 'explode' } } }, path: '/root/props/action/type', message: /"explode" is not allowed; use one of "submit", "cancel", "custom"/ },
  Link: { good: { piece: 'Link', props: { text: 'Docs', href: '/docs', external: false } }, bad: { piece: 'Link', props: { text: 'Docs' } }, path: '/root', message: /needs an "action" or an "href"/ },
  Alert: { good: { piece: 'Alert', props: { tone: 'warning', title: 'Careful', text: 'Check this' } }, bad: { piece: 'Alert', props: { text: 'x', children: [] } }, path: '/root/props/children', message: /unknown prop; Alert takes tone, title, text/ },
  Spinner: { good: { piece: 'Spinner', props: { label: 'Loading' } }, bad: { piece: 'Spinner', children: [{ piece: 'Spinner' }] }, path: '/root/children', message: /Spinner takes no children/ },
  Slot: { good: { piece: 'Slot', props: { name: 'checkout-form' } }, bad: { piece: 'Slot', props: { name: 'Checkout Form' } }, path: '/root/props/name', message: /does not match/ },
};

test('the fixtures cover every built-in piece', () => {
  assert.deepEqual(Object.keys(fixtures).sort(), builtinCatalog().names().sort());
});

for (const [name, fixture] of Object.entries(fixtures)) {
  test(`${name}: good props validate, bad ones are refused at ${fixture.path}`, () => {
    const good = validateSurface({ root: fixture.good });
    assert.deepEqual(good.errors.map(formatIssue), []);
    assert.equal(good.ok, true);
    const bad = validateSurface({ root: fixture.bad });
    assert.equal(bad.ok, false);
    const issue = bad.errors.find((e) => e.path === fixture.path && fixture.message.test(e.message));
    assert.ok(issue, `expected ${fixture.path} ~ ${fixture.message}; got ${bad.errors.map(formatIssue).join(' | ')}`);
  });
}

test('an unknown prop deep in the tree names its pointer path and what the piece takes', () => {
  const result = validateSurface({
    root: {
      piece: 'Stack',
      children: [{ piece: 'Spinner' }, { piece: 'Spinner' }, { piece: 'Heading', props: { text: 'Hi', colour: 'red' } }],
    },
  });
  assert.deepEqual(result.errors.map(formatIssue), ['/root/children/2/props/colour: unknown prop; Heading takes text, level']);
});

test('an unknown piece is named and the allowed pieces listed', () => {
  const result = validateSurface({ root: { piece: 'Card', children: [{ piece: 'Carousel' }] } });
  assert.equal(result.errors.length, 1);
  assert.equal(result.errors[0]!.path, '/root/children/0/piece');
  assert.match(result.errors[0]!.message, /unknown piece "Carousel"; use one of Stack, Grid, Card, Tabs, Heading/);
});

test('surface-level defects: not an object, no root, unknown keys, bad data, unknown node keys, bad ids', () => {
  assert.match(formatIssue(validateSurface(null).errors[0]!), /^\(surface\): a surface is an object/);
  assert.deepEqual(validateSurface({}).errors.map(formatIssue), ['(surface): missing "root" piece']);
  const result = validateSurface({ root: { piece: 'Stack', kind: 'x', children: [{ piece: 'Spinner', id: 'a' }, { piece: 'Spinner', id: 'a' }, { piece: 'Spinner', id: '1x' }] }, data: [], theme: 'dark' });
  assert.deepEqual(result.errors.map(formatIssue).sort(), [
    '/data: data must be an object, got an array',
    '/root/children/1/id: id "a" is already used at /root/children/0',
    '/root/children/2/id: an id is a letter followed by up to 63 letters, digits, "_" or "-"',
    '/root/kind: unknown key; a piece takes piece, id, props, children',
    '/theme: unknown key; a surface takes root, data',
  ]);
});

test('binding a prop that is not bindable is refused', () => {
  const result = validateSurface({ root: { piece: 'Heading', props: { text: 'x', level: bind('/level') } } });
  assert.deepEqual(result.errors.map(formatIssue), ['/root/props/level: "level" cannot be bound; Heading binds text']);
});

test('pointer keys with escapes in a path are escaped in the error path', () => {
  const result = validateSurface({ root: { piece: 'Heading', props: { text: 'x', 'a/b~c': 1 } } });
  assert.equal(result.errors[0]!.path, '/root/props/a~1b~0c');
});

function nested(depth: number): PieceNode {
  let node: PieceNode = { piece: 'Spinner' };
  for (let i = 1; i < depth; i += 1) node = { piece: 'Stack', children: [node] };
  return node;
}

test('depth is bounded: the root is depth 1 and a deeper branch is refused where it crosses the bound', () => {
  assert.equal(validateSurface({ root: nested(12) }).ok, true);
  const tooDeep = validateSurface({ root: nested(13) });
  assert.equal(tooDeep.ok, false);
  assert.equal(tooDeep.errors[0]!.path, '/root' + '/children/0'.repeat(11) + '/children');
  assert.match(tooDeep.errors[0]!.message, /nest at most 12 deep/);
  assert.equal(validateSurface({ root: nested(5) }, { maxDepth: 4 }).ok, false);
  // Far past any bound, validation still returns instead of overflowing the stack.
  assert.equal(validateSurface({ root: nested(20_000) }).ok, false);
});

test('node count is bounded', () => {
  const wide = (count: number) => ({ root: { piece: 'Stack', children: Array.from({ length: count }, () => ({ piece: 'Spinner' })) } });
  assert.equal(validateSurface(wide(99)).ok, true);
  const result = validateSurface({ root: { piece: 'Grid', children: Array.from({ length: 5 }, () => wide(90).root) } });
  assert.equal(result.ok, false);
  assert.ok(result.errors.some((e) => /too many pieces: a surface holds at most 400/.test(e.message)));
  assert.equal(validateSurface(wide(10), { maxNodes: 5 }).ok, false);
});

test('Stack takes at most 100 children', () => {
  const result = validateSurface({ root: { piece: 'Stack', children: Array.from({ length: 101 }, () => ({ piece: 'Spinner' })) } });
  assert.ok(result.errors.some((e) => e.path === '/root/children' && /at most 100 children/.test(e.message)));
});

test('a host catalog adds a piece, and can restrict children by name', () => {
  const catalog = createPieceCatalog([
    { name: 'PriceCard', category: 'data', description: 'A price.', props: { amount: { type: 'number', minimum: 0 } }, required: ['amount'], children: false },
    { name: 'PriceRow', category: 'layout', description: 'Prices side by side.', props: {}, children: { allowed: ['PriceCard'] } },
  ]);
  const ok = validateSurface({ root: { piece: 'PriceRow', children: [{ piece: 'PriceCard', props: { amount: 9 } }] } }, { catalog });
  assert.equal(ok.ok, true);
  const refused = validateSurface({ root: { piece: 'PriceRow', children: [{ piece: 'Spinner' }] } }, { catalog });
  assert.deepEqual(refused.errors.map(formatIssue), ['/root/children/0/piece: PriceRow takes only PriceCard as children']);
  assert.equal(validateSurface({ root: { piece: 'PriceCard', props: { amount: 1 } } }).ok, false, 'the shared built-in catalog is untouched');
  assert.throws(() => createPieceCatalog([{ name: 'bad name', category: 'data', description: '', props: {}, children: false }]), /PascalCase/);
});

test('errors are capped so a huge broken surface gives a readable list', () => {
  const result = validateSurface({ root: { piece: 'Stack', children: Array.from({ length: 100 }, () => ({ piece: 'Nope' })) } });
  assert.equal(result.errors.length, 50);
});

test('property: validateSurface never throws on arbitrary JSON, and returns errors whenever it refuses', () => {
  const pieceNames = builtinCatalog().names();
  const propValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.record({ $bind: fc.string() }), fc.jsonValue({ maxDepth: 2 }));
  const { node } = fc.letrec((tie) => ({
    node: fc.record(
      {
        piece: fc.oneof(fc.constantFrom(...pieceNames), fc.string()),
        id: fc.string(),
        props: fc.dictionary(fc.oneof(fc.constantFrom('text', 'label', 'value', 'href', 'src', 'action', 'items', 'options', 'level', '__proto__'), fc.string()), propValue),
        children: fc.oneof(fc.array(tie('node'), { maxLength: 3 }), fc.jsonValue({ maxDepth: 1 })),
      },
      { requiredKeys: ['piece'] },
    ),
  }));
  const surface = fc.oneof(fc.jsonValue(), fc.record({ root: node, data: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: ['root'] }));
  fc.assert(
    fc.property(surface, (json) => {
      const result = validateSurface(json);
      assert.equal(result.ok, result.errors.length === 0);
      for (const issue of result.errors) {
        assert.equal(typeof issue.path, 'string');
        assert.ok(issue.path === '' || issue.path.startsWith('/'));
        assert.ok(issue.message.length > 0);
      }
    }),
    { numRuns: 500 },
  );
});
