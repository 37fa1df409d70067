import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSurfaceModel, type SurfaceActionEvent, type SurfaceData } from '../../../core/surface/surface-model.js';
import { SurfaceValidationError } from '../../../core/surface/validate-surface.js';

const signup = () => ({
  root: {
    piece: 'Card',
    props: { title: 'Sign up' },
    children: [
      { piece: 'Heading', props: { text: { $bind: '/greeting' } } },
      { piece: 'TextField', id: 'email', props: { label: 'Email', value: { $bind: '/form/email' } } },
      { piece: 'Checkbox', props: { label: 'News', checked: { $bind: '/form/news' } } },
      { piece: 'Select', props: { label: 'Plan', value: { $bind: '/form/plan' }, options: [{ value: 'free', label: 'Free' }, { value: 'pro', label: 'Pro' }] } },
      { piece: 'Slider', props: { label: 'Seats', value: { $bind: '/form/seats' }, min: 1, max: 10 } },
      { piece: 'Button', id: 'send', props: { text: 'Send', action: { type: 'submit' } } },
      { piece: 'Button', id: 'later', props: { text: 'Later', action: { type: 'custom', name: 'remind-later' } } },
      { piece: 'Link', id: 'docs', props: { text: 'Docs', href: '/docs' } },
      { piece: 'TextField', id: 'locked', props: { label: 'Locked', value: { $bind: '/locked' }, disabled: true } },
      { piece: 'TextField', id: 'odd', props: { label: 'Odd key', value: { $bind: '/a~1b/m~0n' } } },
    ],
  },
  data: { greeting: 'Welcome', form: { email: '', news: false, plan: 'free', seats: 1 } },
});

test('an invalid surface throws one error listing every defect with its path', () => {
  assert.throws(
    () => createSurfaceModel({ root: { piece: 'Heading', props: { text: 'x', colour: 'red' } } }),
    (error: unknown) =>
      error instanceof SurfaceValidationError &&
      error.issues.length === 1 &&
      /\/root\/props\/colour: unknown prop; Heading takes text, level/.test(error.message),
  );
});

test('data comes from options, then the surface, and is a private copy', () => {
  const surface = signup();
  const model = createSurfaceModel(surface);
  assert.equal(model.read('/form/plan'), 'free');
  model.setData('/form/plan', 'pro');
  assert.equal(surface.data.form.plan, 'free', 'the JSON handed in is not mutated');
  const given = { greeting: 'Hi' };
  assert.deepEqual(createSurfaceModel(signup(), { data: given }).getData(), { greeting: 'Hi' });
});

test('resolveProps replaces bindings with the data, and follows later writes', () => {
  const model = createSurfaceModel(signup());
  assert.deepEqual(model.resolveProps('/root/children/0'), { text: 'Welcome' });
  model.setData('/greeting', 'Hello again');
  assert.deepEqual(model.resolveProps('/root/children/0'), { text: 'Hello again' });
  assert.equal(model.resolveProps('email')['value'], '');
  assert.equal(model.node('email')?.piece, 'TextField');
  assert.equal(model.node('/root/children/99'), undefined);
  assert.throws(() => model.resolveProps('nope'), /No piece "nope"/);
});

test('input writes back through the binding; subscribers see new and previous data', () => {
  const model = createSurfaceModel(signup());
  const seen: [SurfaceData, SurfaceData][] = [];
  const unsubscribe = model.subscribe((data, previous) => seen.push([data, previous]));
  assert.deepEqual(model.input('email', 'ada@example.com'), { ok: true });
  assert.deepEqual(model.input('/root/children/2', true), { ok: true });
  assert.deepEqual(model.input('/root/children/3', 'pro'), { ok: true });
  assert.deepEqual(model.input('/root/children/4', 4), { ok: true });
  assert.deepEqual(model.read('/form'), { email: 'ada@example.com', news: true, plan: 'pro', seats: 4 });
  assert.equal(seen.length, 4);
  assert.equal((seen[0]![1]['form'] as { email: string }).email, '', 'previous is the data before the write');
  unsubscribe();
  model.input('email', 'x');
  assert.equal(seen.length, 4);
});

test('input refuses wrong values, disabled inputs and non-input pieces without writing', () => {
  const model = createSurfaceModel(signup());
  const before = model.getData();
  assert.deepEqual(model.input('/root/children/2', 'yes'), { ok: false, reason: 'expected a boolean, got "yes"' });
  assert.match((model.input('/root/children/3', 'enterprise') as { reason: string }).reason, /not one of the options \("free", "pro"\)/);
  assert.match((model.input('/root/children/4', 11) as { reason: string }).reason, /above max 10/);
  assert.match((model.input('/root/children/4', 0) as { reason: string }).reason, /below min 1/);
  assert.match((model.input('locked', 'x') as { reason: string }).reason, /disabled/);
  assert.match((model.input('send', 'x') as { reason: string }).reason, /not an input piece/);
  assert.equal(model.getData(), before);
});

test('binding round-trip through escaped pointer tokens creates the nested data', () => {
  const model = createSurfaceModel(signup());
  assert.deepEqual(model.input('odd', 'value'), { ok: true });
  assert.deepEqual(model.getData()['a/b'], { 'm~n': 'value' });
  assert.equal(model.resolveProps('odd')['value'], 'value');
});

test('setData with an unchanged value does not notify; the empty pointer replaces everything', () => {
  const model = createSurfaceModel(signup());
  let calls = 0;
  model.subscribe(() => calls++);
  model.setData('/greeting', 'Welcome');
  assert.equal(calls, 0);
  model.setData('', { greeting: 'new' });
  assert.deepEqual(model.getData(), { greeting: 'new' });
  assert.throws(() => model.setData('', 'text'), /must be an object/);
  assert.equal(calls, 1);
});

test('a submit resolves result with the action and the data at that moment', async () => {
  const model = createSurfaceModel(signup());
  model.input('email', 'ada@example.com');
  assert.equal(model.activate('send'), true);
  const result = await model.result;
  assert.deepEqual(result.action, { type: 'submit' });
  assert.equal((result.data['form'] as { email: string }).email, 'ada@example.com');
  assert.equal(model.isSettled(), true);
});

test('a custom action resolves result with its name; later actions reach listeners only', async () => {
  const model = createSurfaceModel(signup());
  const events: SurfaceActionEvent[] = [];
  model.onAction((event) => events.push(event));
  model.activate('later');
  model.activate('send');
  assert.deepEqual((await model.result).action, { type: 'custom', name: 'remind-later' });
  assert.deepEqual(
    events.map((e) => [e.action, e.source]),
    [
      [{ type: 'custom', name: 'remind-later' }, '/root/children/6'],
      [{ type: 'submit' }, '/root/children/5'],
    ],
  );
});

test('activate: a link with only an href fires nothing; disabled buttons fire nothing', () => {
  const model = createSurfaceModel({
    root: { piece: 'Stack', children: [{ piece: 'Link', props: { text: 'Docs', href: '/docs' } }, { piece: 'Button', props: { text: 'Go', action: { type: 'submit' }, disabled: true } }] },
  });
  assert.equal(model.activate('/root/children/0'), false);
  assert.equal(model.activate('/root/children/1'), false);
  assert.equal(model.isSettled(), false);
});

test('dispose settles an open result as cancelled and drops listeners', async () => {
  const model = createSurfaceModel(signup());
  let calls = 0;
  model.subscribe(() => calls++);
  model.dispose();
  assert.deepEqual((await model.result).action, { type: 'cancel' });
  model.setData('/greeting', 'after');
  assert.equal(calls, 0);
});

test('bound data is held to the same rules as literal props: a hostile URL or wrong type never resolves', () => {
  const model = createSurfaceModel(
    {
      root: {
        piece: 'Stack',
        children: [
          { piece: 'Image', props: { src: { $bind: '/img' }, alt: 'Logo' } },
          { piece: 'Listing', props: { items: { $bind: '/links' } } },
          { piece: 'Heading', props: { text: { $bind: '/title' } } },
        ],
      },
    },
    { data: { img: 'javascript:alert(1)', links: [{ title: 'Ok', href: '/ok' }], title: 42 } },
  );
  const image = model.resolveNode('/root/children/0');
  assert.deepEqual(image.props, { alt: 'Logo' });
  assert.equal(image.refused[0]!.path, '/root/children/0/props/src');
  assert.match(image.refused[0]!.message, /refused "javascript:"/);
  assert.deepEqual(model.resolveProps('/root/children/1'), { items: [{ title: 'Ok', href: '/ok' }] });
  model.setData('/links/0/href', 'data:text/html,<script>alert(1)</script>');
  const listing = model.resolveNode('/root/children/1');
  assert.deepEqual(listing.props, {});
  assert.equal(listing.refused[0]!.path, '/root/children/1/props/items/0/href');
  assert.deepEqual(model.resolveNode('/root/children/2').refused.map((i) => i.message), ['expected a string, got number']);
  model.setData('/img', 'https://example.com/logo.png');
  assert.deepEqual(model.resolveProps('/root/children/0'), { src: 'https://example.com/logo.png', alt: 'Logo' });
});
