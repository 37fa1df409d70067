import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import type { LLMProvider } from '../../../core/llm/types.js';

const fakeProvider = (name = 'fake'): LLMProvider => ({
  name,
  complete: async () => {
    throw new Error('not used');
  },
  stream: async function* () {
    throw new Error('not used');
  },
});

test('track() emits a custom_track intent and buffers it', () => {
  const dddk = createDddk({ locale: 'en' });
  const received: unknown[] = [];
  dddk.on('intent', (intent) => received.push(intent));
  const before = Date.now();
  const intent = dddk.track('signup_clicked', { plan: 'pro', seats: 3, tags: ['a', null], nested: { ok: true } });
  assert.equal(intent.kind, 'custom_track');
  assert.equal(intent.name, 'signup_clicked');
  assert.deepEqual(intent.props, { plan: 'pro', seats: 3, tags: ['a', null], nested: { ok: true } });
  assert.ok(intent.timestamp >= before && intent.timestamp <= Date.now());
  assert.deepEqual(received, [intent]);
  assert.deepEqual(dddk.recentIntents(), [intent]);
});

test('track() without props records an empty object', () => {
  const dddk = createDddk();
  assert.deepEqual(dddk.track('opened').props, {});
});

test('track() copies props, so later changes by the host do not alter the recorded intent', () => {
  const dddk = createDddk();
  const props = { list: [1, 2] };
  dddk.track('x', props);
  props.list.push(3);
  assert.deepEqual(dddk.recentIntents()[0], { kind: 'custom_track', name: 'x', props: { list: [1, 2] }, timestamp: dddk.recentIntents()[0]!.timestamp });
  assert.ok(Object.isFrozen(dddk.recentIntents()[0]));
});

test('track() rejects a missing or empty name with a TypeError naming the argument', () => {
  const dddk = createDddk();
  for (const bad of [undefined, '', '   ', 42, {}]) {
    assert.throws(() => dddk.track(bad as never), { name: 'TypeError', message: /track\(name, props\): name must be a non-empty string/ });
  }
  assert.equal(dddk.recentIntents().length, 0);
});

test('track() rejects props that are not a plain JSON-serialisable object, naming the path', () => {
  const dddk = createDddk();
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  const cases: Array<[unknown, RegExp]> = [
    [[1, 2], /props must be a plain object, got an array/],
    ['text', /props must be a plain object/],
    [new Date(), /props must be a plain object, got a Date/],
    [{ when: new Date() }, /props\.when is a Date/],
    [{ fn: () => 1 }, /props\.fn is a function/],
    [{ n: NaN }, /props\.n is NaN/],
    [{ big: 1n }, /props\.big is a bigint/],
    [{ deep: { list: [1, undefined] } }, /props\.deep\.list\[1\] is undefined/],
    [{ 'odd key': Symbol('s') }, /props\["odd key"\] is a symbol/],
    [circular, /props\.self is a circular reference/],
  ];
  for (const [props, message] of cases) {
    assert.throws(() => dddk.track('event', props as never), (error: unknown) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /^dddk\.track\(name, props\): /);
      assert.match(error.message, message);
      return true;
    });
  }
  assert.equal(dddk.recentIntents().length, 0);
});

test('the same object twice in props (not a cycle) is accepted', () => {
  const dddk = createDddk();
  const shared = { a: 1 };
  assert.deepEqual(dddk.track('x', { one: shared, two: shared }).props, { one: { a: 1 }, two: { a: 1 } });
});

test('the intent buffer keeps only the newest intentBufferSize intents, oldest first', () => {
  const dddk = createDddk({ intentBufferSize: 3 });
  for (let i = 0; i < 5; i++) dddk.track(`e${i}`);
  assert.deepEqual(
    dddk.recentIntents().map((intent) => (intent.kind === 'custom_track' ? intent.name : '')),
    ['e2', 'e3', 'e4'],
  );
  assert.deepEqual(
    dddk.recentIntents(2).map((intent) => (intent.kind === 'custom_track' ? intent.name : '')),
    ['e3', 'e4'],
  );
  // The returned array is a copy.
  dddk.recentIntents().length = 0;
  assert.equal(dddk.recentIntents().length, 3);
});

test('recordIntent() feeds other kinds into the same stream and validates its input', () => {
  const dddk = createDddk();
  const seen: string[] = [];
  dddk.on('intent', (intent) => seen.push(intent.kind));
  dddk.recordIntent({ kind: 'custom_track', name: 'n', props: {}, timestamp: 1 });
  assert.deepEqual(seen, ['custom_track']);
  assert.throws(() => dddk.recordIntent({ kind: 'x' } as never), { name: 'TypeError', message: /numeric timestamp/ });
});

test('one failing intent handler does not stop the others and is reported through the error event', () => {
  const dddk = createDddk();
  const errors: Array<{ error: unknown; source: string }> = [];
  dddk.on('error', (event) => errors.push(event));
  const boom = new Error('analytics sink down');
  dddk.on('intent', () => {
    throw boom;
  });
  let delivered = 0;
  dddk.on('intent', () => delivered++);
  dddk.track('x');
  assert.equal(delivered, 1);
  assert.deepEqual(errors, [{ error: boom, source: 'event-handler:intent' }]);
});

test('an error handler that throws goes to console.error instead of looping', (t) => {
  const logged: unknown[][] = [];
  t.mock.method(console, 'error', (...args: unknown[]) => logged.push(args));
  const dddk = createDddk();
  dddk.on('error', () => {
    throw new Error('error handler broken');
  });
  dddk.on('intent', () => {
    throw new Error('intent handler broken');
  });
  dddk.track('x');
  assert.equal(logged.length, 1);
  assert.match(String(logged[0]?.[0]), /event-handler:error/);
});

test('a subtitle listener that throws is reported through the error event', () => {
  const dddk = createDddk();
  const sources: string[] = [];
  dddk.on('error', ({ source }) => sources.push(source));
  dddk.subtitle.subscribe(() => {
    throw new Error('view broke');
  });
  dddk.subtitle.show('hi');
  assert.deepEqual(sources, ['subtitle-listener']);
});

test('locale: config wins, is canonicalised, and setLocale emits locale_change only on a change', () => {
  const dddk = createDddk({ locale: 'zh-tw' });
  assert.equal(dddk.locale, 'zh-TW');
  const changes: unknown[] = [];
  dddk.on('locale_change', (change) => changes.push(change));
  dddk.setLocale('zh-TW');
  dddk.setLocale('en');
  assert.equal(dddk.locale, 'en');
  assert.deepEqual(changes, [{ locale: 'en', previous: 'zh-TW' }]);
  assert.throws(() => dddk.setLocale(''), { name: 'TypeError', message: /setLocale\(locale\): locale must be a BCP 47/ });
  assert.throws(() => dddk.setLocale('not a tag!'), { name: 'RangeError', message: /not a valid BCP 47/ });
});

test('locale defaults to navigator.language when there is one, else en', (t) => {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  t.after(() => {
    if (descriptor) Object.defineProperty(globalThis, 'navigator', descriptor);
    else delete (globalThis as { navigator?: unknown }).navigator;
  });
  Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { language: 'zh-Hant-TW' } });
  assert.equal(createDddk().locale, 'zh-Hant-TW');
  Object.defineProperty(globalThis, 'navigator', { configurable: true, value: undefined });
  assert.equal(createDddk().locale, 'en');
});

test('config is validated: unknown fields, bad ids, bad buffer sizes, bad locales', () => {
  assert.throws(() => createDddk({ lcoale: 'en' } as never), { name: 'TypeError', message: /unknown field config\.lcoale/ });
  assert.throws(() => createDddk({ id: '' }), { message: /config\.id must be a non-empty string/ });
  assert.throws(() => createDddk({ intentBufferSize: -1 }), { message: /config\.intentBufferSize must be a non-negative integer/ });
  assert.throws(() => createDddk({ locale: 5 as never }), { message: /config\.locale must be a BCP 47/ });
  assert.throws(() => createDddk('x' as never), { message: /config must be a plain object/ });
});

test('llm: absent means offline; a provider or a router is accepted; anything else names the defect', () => {
  assert.equal(createDddk().llm, undefined);
  const provider = fakeProvider();
  assert.equal(createDddk({ llm: provider }).llm, provider);
  const router = { webagent: provider, vision: fakeProvider('vision') };
  assert.deepEqual(createDddk({ llm: router }).llm, router);

  assert.throws(() => createDddk({ llm: 'gpt-4o' as never }), { message: /config\.llm must be an LLM provider.*got the string "gpt-4o"/ });
  assert.throws(() => createDddk({ llm: { name: 'x', complete() {} } as never }), { message: /config\.llm must be .* without stream\(\)$/ });
  assert.throws(() => createDddk({ llm: { webagent: provider, vison: provider } as never }), {
    message: /config\.llm\.vison` is not a role/,
  });
  assert.throws(() => createDddk({ llm: { webagent: provider, plan: {} } as never }), {
    message: /config\.llm\.plan` must be an LLM provider/,
  });
});

test('destroy(): hides the subtitle, emits destroy once, drops handlers, and refuses further tracking', () => {
  const dddk: DddkController = createDddk();
  dddk.subtitle.show('bye');
  let destroyEvents = 0;
  let intents = 0;
  dddk.on('destroy', () => destroyEvents++);
  dddk.on('intent', () => intents++);
  dddk.destroy();
  dddk.destroy();
  assert.equal(destroyEvents, 1);
  assert.equal(dddk.destroyed, true);
  assert.equal(dddk.subtitle.getState().visible, false);
  assert.throws(() => dddk.track('late'), { message: /controller was destroyed/ });
  dddk.emit('intent', { kind: 'custom_track', name: 'x', props: {}, timestamp: 1 });
  assert.equal(intents, 0);
});

test('the event map can be extended by declaration merging', () => {
  const dddk = createDddk();
  let got = 0;
  dddk.on('test_extension', ({ count }) => {
    got = count;
  });
  dddk.emit('test_extension', { count: 3 });
  assert.equal(got, 3);
});

declare module '../../../core/events/event-map.js' {
  interface DddkEventMap {
    test_extension: { count: number };
  }
}
