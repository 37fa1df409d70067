import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readRequest, topicOf } from '../../../core/llm/guide/request.js';
import { conceptOf, stem } from '../../../core/llm/guide/terms.js';
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

describe('the request as concepts', () => {
  it('drops English fillers, keeps the words that matter, stemmed, with synonyms as one concept', () => {
    const request = readRequest("Where's the pricing for teams? Can you show me the plans")!;
    assert.deepEqual(request.concepts.map((concept) => concept.key), ['pric', 'team', 'plan']);
    assert.equal(topicOf(request, new Set(['pric'])), 'pricing');
    // cost, prices, priced and pricing are one concept; so are shipping and delivery.
    assert.equal(conceptOf('cost'), conceptOf('prices'));
    assert.equal(conceptOf('priced'), conceptOf('pricing'));
    assert.equal(conceptOf('delivery'), conceptOf('shipping'));
    assert.equal(stem('founded'), stem('founder'));
    assert.notEqual(conceptOf('class'), conceptOf('clas'));
  });

  it('maps the Chinese words for the parts of a site to English concepts, and weighs a lone character less', () => {
    const request = readRequest('請問價格在哪裡？')!;
    assert.deepEqual(request.concepts.map(({ key, display }) => [key, display]), [['pric', '價格']]);
    const shipping = readRequest('運費多少')!;
    assert.deepEqual(shipping.concepts.map((concept) => concept.key).sort(), [conceptOf('price'), conceptOf('ship')].sort());
    const unknown = readRequest('火星基地')!;
    assert.ok(unknown.concepts.some((concept) => concept.key === '火' && concept.weight === 0.25));
    assert.ok(unknown.concepts.some((concept) => concept.key === '火星' && concept.weight === 1));
  });

  it('reads the kind of answer a question asks for, and whether it asks for a page', () => {
    assert.equal(readRequest('when was mozilla founded')!.answerKind, 'date');
    assert.equal(readRequest('who founded mozilla')!.answerKind, 'person');
    assert.equal(readRequest('how much does grove cost')!.answerKind, 'money');
    assert.equal(readRequest('how much does the tent weigh')!.answerKind, 'number');
    assert.equal(readRequest('how long does delivery take')!.answerKind, 'duration');
    assert.equal(readRequest('does seedling include the digest')!.answerKind, 'yes-no');
    assert.equal(readRequest('go to the docs')!.wantsPage, true);
    assert.equal(readRequest('take me to shipping')!.wantsPage, true);
    assert.equal(readRequest('how do I go about importing')!.wantsPage, false);
    // "how much smaller" measures, it does not ask a price.
    assert.ok(!readRequest('how much smaller should I cut it')!.concepts.some((concept) => concept.key === conceptOf('price')));
  });

  it('reads the values a request states for a form, and leaves them out of what it looks for', () => {
    const request = readRequest('fill the contact form with name Ada Lovelace and email ada@example.com, phone +44 20 7946 0958, message Please call me')!;
    assert.equal(request.wantsFill, true);
    assert.deepEqual(request.values, { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0958', message: 'Please call me' });
    assert.ok(!request.concepts.some((concept) => concept.key === 'ada'));
    assert.equal(readRequest('what is your email address')!.wantsFill, false, 'no value stated: nothing to fill');
  });

  it('nothing but fillers is no request', () => {
    assert.equal(readRequest('Where is it? Can you show me?'), undefined);
    assert.equal(readRequest('在哪裡？'), undefined);
    assert.equal(readRequest('!!! ???'), undefined);
  });
});
