import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listAuthGatedPaths } from '../../../core/sitemap/list-auth-gated-paths.js';
import { resolvePath } from '../../../core/sitemap/resolve-path.js';
import { searchSitemap } from '../../../core/sitemap/search-sitemap.js';
import { serializeSitemap } from '../../../core/sitemap/serialize-sitemap.js';
import { orchardSitemap } from './fixtures.js';

test('serialization: maxDepth, rootPath and indent', () => {
  assert.equal(
    serializeSitemap(orchardSitemap, { maxDepth: 1, indent: '\t' }),
    [
      '/ — Home: Fresh fruit boxes',
      '\t/pricing — Pricing: Plans and prices [actions: compare]',
      '\t/orders — Orders [auth] [actions: view, export]',
      '\t/admin — Admin [admin]',
      '\t/help — Help: Questions and answers (note: Use the search box; the list is paged.)',
    ].join('\n'),
  );
  assert.equal(
    serializeSitemap({ title: 'Docs', children: { '/api/': { title: 'API' } } }, { rootPath: '/docs/' }),
    '/docs — Docs\n  /docs/api — API',
  );
});

test('serialization of a flat list', () => {
  assert.equal(
    serializeSitemap([
      { path: '/pricing', description: 'Plans and prices', aliases: ['cost', '價格'] },
      { path: '/help', title: 'Help', description: 'Questions\nand answers' },
    ]),
    '/pricing — Plans and prices (also: cost, 價格)\n/help — Help: Questions and answers',
  );
});

test('a hidden root hides everything', () => {
  assert.equal(serializeSitemap({ title: 'x', hidden: true, children: { a: { title: 'A' } } }), '');
});

test('resolvePath: literal segments win over parameters; query and hash are ignored', () => {
  assert.equal(resolvePath(orchardSitemap, '/orders/new')?.node.title, 'New order');
  assert.deepEqual(resolvePath(orchardSitemap, '/orders/42?tab=items#top'), { path: '/orders/42', node: orchardSitemap.children!.orders!.children![':id']!, params: { id: '42' } });
  assert.deepEqual(resolvePath(orchardSitemap, '/orders/a%20b')?.params, { id: 'a b' });
  assert.equal(resolvePath(orchardSitemap, '/')?.node, orchardSitemap);
  assert.equal(resolvePath(orchardSitemap, '')?.node, orchardSitemap);
  assert.equal(resolvePath(orchardSitemap, '/internal/debug')?.node.title, 'Debug', 'hidden pages still resolve');
  assert.equal(resolvePath(orchardSitemap, '/orders/42/extra'), null);
  assert.equal(resolvePath(orchardSitemap, '/nowhere'), null);
});

test('resolvePath: multi-segment keys and backtracking', () => {
  const root = {
    title: 'Root',
    children: {
      'docs/:section': { title: 'Section', children: { edit: { title: 'Edit section' } } },
      'docs/guide': { title: 'Guide' },
    },
  };
  assert.equal(resolvePath(root, '/docs/guide')?.node.title, 'Guide');
  assert.deepEqual(resolvePath(root, '/docs/guide/edit')?.params, { section: 'guide' }, 'falls back to the parameter when the literal has no such child');
});

test('searchSitemap: word matches rank first, shallower first; hidden pages are not found', () => {
  assert.deepEqual(searchSitemap(orchardSitemap, 'pricing').map((hit) => hit.path), ['/pricing']);
  assert.deepEqual(searchSitemap(orchardSitemap, 'cost plans').map((hit) => hit.path), ['/pricing']);
  assert.deepEqual(searchSitemap(orchardSitemap, 'order').map((hit) => hit.path), ['/orders', '/orders/:id', '/orders/new']);
  assert.deepEqual(searchSitemap(orchardSitemap, 'refund an order').map((hit) => hit.path)[0], '/orders/:id');
  assert.deepEqual(searchSitemap(orchardSitemap, 'debug'), []);
  assert.deepEqual(searchSitemap(orchardSitemap, '   '), []);
  assert.deepEqual(searchSitemap(orchardSitemap, 'C++ (regex?) [chars]'), [], 'special characters are plain text');
});

test('searchSitemap matches CJK queries without spaces', () => {
  assert.deepEqual(searchSitemap(orchardSitemap, '價格是多少').map((hit) => hit.path), ['/pricing']);
  assert.deepEqual(searchSitemap(orchardSitemap, '常見問題').map((hit) => hit.path), ['/help']);
});

test('listAuthGatedPaths includes pages under a gated one, and hidden ones', () => {
  assert.deepEqual(listAuthGatedPaths(orchardSitemap), [
    '/orders',
    '/orders/:id',
    '/orders/new',
    '/admin',
    '/admin/users',
    '/internal',
    '/internal/debug',
  ]);
});
