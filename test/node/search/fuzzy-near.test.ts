import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createFuzzyMatcher, scoreItem } from '../../../core/search/fuzzy/index.js';
import { stemWord } from '../../../core/search/fuzzy/stem.js';
import { typoPrefixLength } from '../../../core/search/fuzzy/typo.js';

const names = (query: string, items: ReadonlyArray<{ id: string; name: string }>) => createFuzzyMatcher(items).search(query).map((result) => result.item.name);

test('stems: plurals, -ing, -ed and a final e meet; short and non-Latin words are their own stem', () => {
  for (const word of ['price', 'prices', 'pricing', 'priced']) assert.equal(stemWord(word), 'pric', word);
  for (const word of ['settings', 'setting', 'sets']) assert.equal(stemWord(word), 'set', word);
  assert.equal(stemWord('copies'), stemWord('copy'));
  assert.equal(stemWord('copied'), stemWord('copy'));
  assert.equal(stemWord('matches'), 'match');
  assert.equal(stemWord('billing'), 'bill', 'a double l stays');
  assert.equal(stemWord('added'), 'add', 'a stem keeps three letters');
  assert.equal(stemWord('status'), 'status');
  assert.equal(stemWord('bus'), 'bus');
  assert.equal(stemWord('prière'), 'prière');
});

test('one typo: a letter missing, extra, wrong, or two swapped, in words of five letters or more', () => {
  assert.equal(typoPrefixLength('pricng', 'pricing'), 7, 'a letter missing');
  assert.equal(typoPrefixLength('priccing', 'pricing'), 7, 'a letter extra');
  assert.equal(typoPrefixLength('pricimg', 'pricing'), 7, 'a letter wrong');
  assert.equal(typoPrefixLength('prcing', 'pricing'), 7, 'a letter missing early');
  assert.equal(typoPrefixLength('rpicing', 'pricing'), 7, 'two letters swapped');
  assert.equal(typoPrefixLength('pricn', 'pricing'), 5, 'the start of the word, while typing ("prici" with one letter wrong)');
  assert.equal(typoPrefixLength('pricing', 'pricing'), -1, 'as typed is no typo');
  assert.equal(typoPrefixLength('prici', 'pricing'), -1, 'a prefix as typed is no typo');
  assert.equal(typoPrefixLength('prxcxng', 'pricing'), -1, 'two typos');
  assert.equal(typoPrefixLength('tsak', 'task'), -1, 'four letters get no tolerance');
});

test('"price", "prices" and "pricng" find "Pricing"', () => {
  const items = [
    { id: 'pricing', name: 'Pricing' },
    { id: 'docs', name: 'Docs' },
    { id: 'contact', name: 'Contact sales' },
  ];
  for (const query of ['price', 'prices', 'pricng', 'pricnig', 'Prcing']) assert.deepEqual(names(query, items), ['Pricing'], query);
  assert.deepEqual(scoreItem('price', 'Go to Pricing')?.ranges, [{ start: 6, end: 10 }], 'the shared stem is highlighted');
  assert.deepEqual(scoreItem('pricng', 'Go to Pricing')?.ranges, [{ start: 6, end: 13 }], 'the word one typo away is highlighted');
});

test('as typed beats the same stem, which beats a typo: exact > prefix > word start > stem > typo', () => {
  const items = [
    { id: 'typo', name: 'Prime plan' },
    { id: 'stem', name: 'Pricing' },
    { id: 'word', name: 'See the prices' },
    { id: 'prefix', name: 'Prices and plans for teams' },
    { id: 'exact', name: 'Price' },
  ];
  assert.deepEqual(names('price', items), ['Price', 'Prices and plans for teams', 'See the prices', 'Pricing', 'Prime plan']);
  const scores = createFuzzyMatcher(items).search('price').map((result) => result.score);
  for (let i = 1; i < scores.length; i++) assert.ok(scores[i - 1]! > scores[i]!, 'strictly ordered');
});

test('a typo match ranks below a match as typed inside a word, and is not needed when the word is there', () => {
  const items = [
    { id: 'typo', name: 'Notifications' },
    { id: 'inside', name: 'Renotifcations log' },
  ];
  assert.deepEqual(names('notifcations', items), ['Renotifcations log', 'Notifications']);
});

test('words shorter than five letters get no typo tolerance, and under four letters no stem', () => {
  const items = [{ id: 'task', name: 'Task list' }, { id: 'log', name: 'Log out' }];
  assert.deepEqual(names('tsak', items), []);
  assert.deepEqual(names('tasks', items), ['Task list'], 'a plural is a stem, not a typo');
  assert.deepEqual(names('logs', items), [], '"log" is too short to be taken for a stem');
});

test('each word of a query may be a stem or a typo away; all of them must match', () => {
  const items = [
    { id: 'sidebar', name: 'Toggle sidebar' },
    { id: 'dark', name: 'Toggle dark mode' },
  ];
  assert.deepEqual(names('tgogle sidebar', items), ['Toggle sidebar']);
  assert.deepEqual(names('toggles sidebars', items), ['Toggle sidebar']);
  assert.deepEqual(names('tgogle sdiebra', items), [], 'one typo in each word, at most');
});

test('near words are found in keywords and descriptions too, with their weight', () => {
  const items = [
    { id: 'home', name: 'Go home', keywords: ['dashboard'] },
    { id: 'board', name: 'Dashbored' },
  ];
  const results = createFuzzyMatcher(items).search('dashbord');
  assert.deepEqual(results.map((result) => result.item.id), ['board', 'home']);
  assert.deepEqual(results[1]!.matches, [{ key: 'keywords', text: 'dashboard', ranges: [{ start: 0, end: 9 }] }]);
});

// Words a palette holds, and queries typed from them with a slip or another ending.
const WORDS = ['pricing', 'prices', 'settings', 'setting', 'notifications', 'toggle', 'sidebar', 'invoice', 'invoices', 'deploy', 'project', 'projects', 'print', 'prime'];
const itemName = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
const slip = fc.tuple(fc.constantFrom(...WORDS), fc.nat(), fc.constantFrom('drop', 'swap', 'double', 's', 'ing')).map(([word, at, kind]) => {
  const i = at % word.length;
  if (kind === 'drop') return word.slice(0, i) + word.slice(i + 1);
  if (kind === 'swap' && i + 1 < word.length) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  if (kind === 'double') return word.slice(0, i) + word[i] + word.slice(i);
  return kind === 's' ? `${word}s` : `${word}ing`;
});

test('typing a near query one key at a time gives the results of searching from scratch, and a limit keeps the best', () => {
  fc.assert(
    fc.property(fc.array(itemName, { minLength: 1, maxLength: 40 }), fc.array(slip, { minLength: 1, maxLength: 2 }), fc.integer({ min: 1, max: 5 }), fc.nat(), (itemNames, words, limit, seed) => {
      const items = itemNames.map((name, i) => ({ id: String(i), name, keywords: i % 3 === 0 ? [WORDS[(i + seed) % WORDS.length]!] : [] }));
      // Some items were used lately: their bonus must not change what a limit keeps.
      const frecency = { score: (id: string) => (Number(id) + seed) % 4 };
      const typed = createFuzzyMatcher(items, { frecency });
      const query = words.join(' ');
      for (let end = 1; end <= query.length; end++) {
        const prefix = query.slice(0, end);
        const fresh = createFuzzyMatcher(items, { frecency }).search(prefix);
        const shown = typed.search(prefix, { limit });
        assert.deepEqual(
          shown.map((result) => [result.item.id, result.score, result.matches]),
          fresh.slice(0, limit).map((result) => [result.item.id, result.score, result.matches]),
          `after typing ${JSON.stringify(prefix)}`,
        );
      }
    }),
    { numRuns: 150 },
  );
});
