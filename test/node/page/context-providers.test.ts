import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CONTEXT_ROLES,
  ContextProviderRegistry,
  NavigationTrail,
  defaultContextProviders,
  getDefaultContextProvider,
  type ContextProvider,
} from '../../../core/page/context/index.js';

const fixed = (text: string): ContextProvider => () => text;

test('every role has a default provider, and a fresh registry uses it', () => {
  const registry = new ContextProviderRegistry();
  for (const role of CONTEXT_ROLES) {
    assert.equal(typeof getDefaultContextProvider(role), 'function');
    assert.equal(registry.get(role), defaultContextProviders[role]);
  }
});

test('outside a browser the page providers leave their slots empty instead of throwing', async () => {
  const registry = new ContextProviderRegistry();
  for (const role of CONTEXT_ROLES) assert.equal(await registry.read(role), undefined, role);
});

test('nested replacements restore in the right order', async () => {
  const registry = new ContextProviderRegistry();
  const first = registry.replace('url', fixed('first'));
  const second = registry.replace('url', fixed('second'));
  assert.equal(await registry.read('url'), 'second');
  second.restore();
  assert.equal(await registry.read('url'), 'first');
  first.restore();
  assert.equal(registry.get('url'), defaultContextProviders.url);
});

test('restoring out of order keeps the newest replacement still in place, and restore is idempotent', async () => {
  const registry = new ContextProviderRegistry();
  const first = registry.replace('dom', fixed('first'));
  const second = registry.replace('dom', fixed('second'));
  const third = registry.replace('dom', fixed('third'));
  first.restore();
  assert.equal(await registry.read('dom'), 'third');
  third.restore();
  assert.equal(await registry.read('dom'), 'second');
  third.restore();
  first.restore();
  assert.equal(await registry.read('dom'), 'second');
  second.restore();
  assert.equal(registry.get('dom'), defaultContextProviders.dom);
});

test('replacing one role leaves the others alone; registries do not share replacements', async () => {
  const a = new ContextProviderRegistry();
  const b = new ContextProviderRegistry();
  a.replace('history', fixed('from a'));
  assert.equal(await a.read('history'), 'from a');
  assert.equal(b.get('history'), defaultContextProviders.history);
  assert.equal(a.get('selection'), defaultContextProviders.selection);
});

test('a registry can start from its own defaults', async () => {
  const registry = new ContextProviderRegistry({ ...defaultContextProviders, url: fixed('https://example.test/') });
  assert.equal(await registry.read('url'), 'https://example.test/');
});

test('an unknown role is refused with the list of known ones', () => {
  const registry = new ContextProviderRegistry();
  assert.throws(() => registry.replace('cookies' as never, fixed('x')), /unknown context role "cookies"; use one of url, page_summary/);
});

test('a cancelled request reads nothing', async () => {
  const registry = new ContextProviderRegistry();
  let called = false;
  registry.replace('url', () => {
    called = true;
    return 'x';
  });
  const controller = new AbortController();
  controller.abort();
  assert.equal(await registry.read('url', { signal: controller.signal }), undefined);
  assert.equal(called, false);
});

test('the navigation trail drops repeats and keeps the last twenty', () => {
  const trail = new NavigationTrail();
  trail.record('/a');
  trail.record('/a');
  trail.record(' ');
  for (let i = 0; i < 25; i++) trail.record(`/p${i}`);
  assert.deepEqual(trail.recent(3), ['/p22', '/p23', '/p24']);
  assert.equal(trail.recent(100).length, 20);
  assert.equal(trail.recent(100)[0], '/p5');
});
