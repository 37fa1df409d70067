import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildQuery, topicOf } from '../../../core/llm/guide/query.js';
import { sitemapFacts } from '../../../core/agent/web-agent/turn-facts.js';
import { normalizePath, readSitemap } from '../../../core/llm/guide/sitemap-pages.js';
import { orchardSitemap } from './fixtures.js';

describe('the site map as the guide searches it', () => {
  it('reads pages of a tree: path, title, the rest as searchable text; :param pages cannot be opened', () => {
    const pages = readSitemap(
      sitemapFacts({
        ...orchardSitemap,
        children: {
          ...orchardSitemap.children,
          help: { title: 'Help', description: 'Questions: answered', actions: ['search'], notes: 'Paged (20 a page)', requiresAuth: true },
          drafts: { title: 'Drafts', hidden: true, children: { old: { title: 'Old drafts' } } },
        },
      }),
    );
    const byPath = new Map(pages.map((page) => [page.path, page]));
    assert.equal(byPath.get('/pricing')!.title, 'Pricing');
    assert.match(byPath.get('/pricing')!.body, /^Plans, prices per member and billing questions pricing$/);
    assert.equal(byPath.get('/orders')!.title, 'Orders', 'the [auth] marker is not part of the title');
    assert.equal(byPath.get('/orders/:id')!.navigable, false);
    const help = byPath.get('/help')!;
    assert.equal(help.title, 'Help');
    assert.match(help.body, /Questions: answered/);
    assert.match(help.body, /search/);
    assert.match(help.body, /Paged \(20 a page\)/);
    assert.ok(!byPath.has('/drafts') && !byPath.has('/drafts/old'), 'hidden pages and the pages under them are left out, as in the prompt');
  });

  it('reads a flat list with aliases', () => {
    const pages = readSitemap(sitemapFacts([{ path: '/faq', title: 'FAQ', description: 'Common questions', aliases: ['help'] }, { path: '/about', description: 'Who we are' }]));
    assert.deepEqual(
      pages.map(({ path, title, body }) => ({ path, title, body })),
      [
        { path: '/faq', title: 'FAQ', body: 'Common questions help faq' },
        { path: '/about', title: 'Who we are', body: 'about' },
      ],
    );
  });

  it('compares paths without origin, query, hash or trailing slash', () => {
    assert.equal(normalizePath('http://localhost:8080/pricing/?x=1#top'), '/pricing');
    assert.equal(normalizePath('/'), '/');
    assert.equal(normalizePath(undefined), undefined);
  });
});

describe('the request as search terms', () => {
  it('drops English fillers, keeps the words that matter, folded', () => {
    const query = buildQuery("Where's the pricing for teams? Can you show me the plans")!;
    assert.deepEqual(query.terms.map((term) => term.term), ['pricing', 'team', 'plan']);
    assert.equal(topicOf(query, new Set(['pricing'])), 'pricing');
  });

  it('drops Chinese fillers and weighs a lone character less than a pair', () => {
    const query = buildQuery('請問價格在哪裡？')!;
    assert.deepEqual(query.terms, [
      { term: '價', weight: 0.25 },
      { term: '格', weight: 0.25 },
      { term: '價格', weight: 1 },
    ]);
    assert.equal(topicOf(query, new Set(['價格'])), '價格');
  });

  it('nothing but fillers is no query', () => {
    assert.equal(buildQuery('Where is it? Can you show me?'), undefined);
    assert.equal(buildQuery('在哪裡？'), undefined);
    assert.equal(buildQuery('!!! ???'), undefined);
  });
});
