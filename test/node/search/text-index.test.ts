import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTextIndex, tokenize } from '../../../core/search/index.js';

interface Page {
  id: string;
  title: string;
  body: string;
}

const pages: Page[] = [
  { id: '/', title: 'Home', body: 'Plan the season, not the panic. Tidy boards and gentle reminders.' },
  { id: '/pricing', title: 'Pricing', body: 'Plans and prices: Seedling is free, Grove costs $8 per member.' },
  { id: '/contact', title: 'Contact us', body: 'Send a message to the team; we answer within a day.' },
  { id: '/zh', title: '價格方案', body: '免費方案與付費方案的比較' },
];

function index() {
  const built = createTextIndex<Page>({ fields: ['title', 'body'], boost: { title: 3 } });
  built.add(pages);
  return built;
}

test('tokenize folds case, accents and plurals, and cuts CJK into characters and pairs', () => {
  assert.deepEqual(tokenize('Prìcing PLANS policies class'), ['pricing', 'plan', 'policy', 'class']);
  assert.deepEqual(tokenize('價格'), ['價', '格', '價格']);
  assert.deepEqual(tokenize('a—b (c)'), ['a', 'b', 'c']);
});

test('a title match outranks a body match', () => {
  const hits = index().search('pricing');
  assert.equal(hits[0]?.doc.id, '/pricing');
});

test('plural, prefix and typo forms of a word still find it', () => {
  const built = index();
  assert.deepEqual(new Set(built.search('plans').map((hit) => hit.doc.id)), new Set(['/', '/pricing']));
  assert.equal(built.search('price')[0]?.doc.id, '/pricing');
  assert.equal(built.search('pric')[0]?.doc.id, '/pricing');
  assert.equal(built.search('prcing')[0]?.doc.id, '/pricing');
});

test('Chinese queries match Chinese text without spaces', () => {
  assert.equal(index().search('價格')[0]?.doc.id, '/zh');
});

test('queries with no words, and regex metacharacters, return nothing rather than throwing', () => {
  const built = index();
  assert.deepEqual(built.search(''), []);
  assert.deepEqual(built.search('   .*+?()[]{}|\\^$'), []);
  assert.deepEqual(built.search('zzzqqq'), []);
});

test('bad documents are refused with an error naming the problem', () => {
  const built = createTextIndex<Page>({ fields: ['title'] });
  assert.throws(() => built.add([{ title: 'x' } as Page]), /no `id`/);
  built.add([pages[0]!]);
  assert.throws(() => built.add([pages[0]!]), /added twice/);
});

test('an index without boosts searches, and numeric ids come back as the documents they name', () => {
  const built = createTextIndex<{ id: number; text: string }>({ fields: ['text'] });
  built.add([{ id: 7, text: 'gentle reminders' }, { id: 8, text: 'weekly digest' }]);
  const hits = built.search('digest');
  assert.equal(hits.length, 1);
  assert.deepEqual(hits[0]!.doc, { id: 8, text: 'weekly digest' });
});
