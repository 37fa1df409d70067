import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { createFuzzyMatcher, highlightMatches as highlight, scoreItem } from '../../../core/search/fuzzy/index.js';

interface Command {
  id: string;
  name: string;
  keywords?: string[];
  section?: string;
  description?: string;
}

const commands: Command[] = [
  { id: 'select', name: 'Select item' },
  { id: 'reset', name: 'Reset password', section: 'Account' },
  { id: 'open-settings', name: 'Open settings' },
  { id: 'settings', name: 'Settings' },
  { id: 'pricing', name: 'Go to Pricing', section: 'Navigation' },
  { id: 'upgrade', name: 'Upgrade plan', keywords: ['billing'] },
  { id: 'dark', name: 'Toggle dark mode', keywords: ['theme', 'appearance'] },
  { id: 'zh-settings', name: '打开设置', keywords: ['settings'] },
  { id: 'invoice', name: 'Créer une facture', description: 'Invoice a customer' },
  { id: 'camel', name: 'showHiddenFiles' },
];

function names(query: string, items: Command[] = commands): string[] {
  return createFuzzyMatcher(items).search(query).map((result) => result.item.name);
}

test('a prefix of the name beats a word start, which beats a substring, which beats scattered letters', () => {
  assert.deepEqual(names('set'), ['Settings', 'Open settings', '打开设置', 'Reset password', 'Select item']);
});

test('acronyms land on word starts: "gp" finds "Go to Pricing" first', () => {
  const items = [{ id: 'a', name: 'Upgrade plan' }, { id: 'b', name: 'Go to Pricing' }, { id: 'c', name: 'Debug panel' }];
  assert.equal(names('gp', items)[0], 'Go to Pricing');
  assert.deepEqual(scoreItem('gp', 'Go to Pricing')?.ranges, [{ start: 0, end: 1 }, { start: 6, end: 7 }]);
});

test('camelCase humps, dashes, underscores and slashes start words', () => {
  assert.deepEqual(scoreItem('hf', 'showHiddenFiles')?.ranges, [{ start: 4, end: 5 }, { start: 10, end: 11 }]);
  for (const candidate of ['zip-archive', 'zip_archive', 'zip/archive']) {
    const wordStart = scoreItem('arch', candidate)!.score;
    const inside = scoreItem('arch', 'ziparchive')!.score;
    assert.ok(wordStart > inside, `${candidate} should start a word`);
  }
});

test('case and accents are folded', () => {
  assert.equal(names('CREER')[0], 'Créer une facture');
  assert.deepEqual(scoreItem('ÉTÉ', 'ete summer')?.ranges, [{ start: 0, end: 3 }]);
});

test('words of a query match in any order, and a phrase read in order ranks first', () => {
  assert.deepEqual(names('mode dark'), ['Toggle dark mode']);
  const items = [{ id: 'a', name: 'Settings open' }, { id: 'b', name: 'Open settings' }];
  assert.deepEqual(names('open set', items), ['Open settings', 'Settings open']);
});

test('a transposition is tolerated in a word of five letters or more, and ranks below matches as typed', () => {
  assert.equal(names('stetings')[0], 'Settings');
  const items = [{ id: 'a', name: 'Settings' }, { id: 'b', name: 'Stet notes' }];
  assert.deepEqual(names('stet', items), ['Stet notes'], 'four letters: no typo, so "Settings" is not found');
  const longer = [{ id: 'a', name: 'Settings' }, { id: 'b', name: 'Stetings archive' }];
  assert.deepEqual(names('stetings', longer), ['Stetings archive', 'Settings']);
});

test('CJK matches character by character', () => {
  assert.deepEqual(names('设置'), ['打开设置']);
  assert.deepEqual(scoreItem('开置', '打开设置')?.ranges, [{ start: 1, end: 2 }, { start: 3, end: 4 }]);
});

test('keywords, sections and descriptions match with less weight than the name', () => {
  const results = createFuzzyMatcher(commands).search('billing');
  assert.equal(results[0]!.item.id, 'upgrade');
  assert.deepEqual(results[0]!.matches, [{ key: 'keywords', text: 'billing', ranges: [{ start: 0, end: 7 }] }]);
  const items = [{ id: 'a', name: 'Theme editor' }, { id: 'b', name: 'Toggle', keywords: ['theme'] }];
  assert.deepEqual(names('theme', items), ['Theme editor', 'Toggle']);
});

test('an empty query keeps the given order, or the frecency order when provided', () => {
  assert.deepEqual(names('   '), commands.map((c) => c.name));
  const heat: Record<string, number> = { dark: 3, pricing: 1 };
  const matcher = createFuzzyMatcher(commands, { frecency: { score: (id) => heat[id] ?? 0 } });
  const ids = matcher.search('').map((r) => r.item.id);
  assert.deepEqual(ids.slice(0, 3), ['dark', 'pricing', 'select']);
});

test('frecency breaks ties but never lifts a poor match above a good one', () => {
  const items = [{ id: 'a', name: 'Open settings' }, { id: 'b', name: 'Open sessions' }, { id: 'c', name: 'Reset' }];
  const hot = createFuzzyMatcher(items, { frecency: { score: (id) => (id === 'c' ? 1e9 : id === 'b' ? 5 : 0) } });
  assert.deepEqual(hot.search('open se').map((r) => r.item.id), ['b', 'a']);
  assert.deepEqual(hot.search('se').map((r) => r.item.id), ['b', 'a', 'c']);
});

test('equal scores keep the given order and limit keeps the best', () => {
  const items = Array.from({ length: 300 }, (_, i) => ({ id: String(i), name: `Item ${i % 3 === 0 ? 'alpha' : 'beta'}` }));
  const all = createFuzzyMatcher(items).search('alpha');
  assert.equal(all.length, 100);
  assert.deepEqual(all.map((r) => r.index), [...all.map((r) => r.index)].sort((a, b) => a - b));
  const top = createFuzzyMatcher(items).search('alpha', { limit: 5 });
  assert.deepEqual(top.map((r) => r.index), [0, 3, 6, 9, 12]);
});

test('typing one key at a time gives the same results as searching from scratch', () => {
  const incremental = createFuzzyMatcher(commands);
  const query = 'open settings';
  for (let end = 1; end <= query.length; end++) {
    const prefix = query.slice(0, end);
    const typed = incremental.search(prefix).map((r) => [r.item.id, r.score]);
    const fresh = createFuzzyMatcher(commands).search(prefix).map((r) => [r.item.id, r.score]);
    assert.deepEqual(typed, fresh, `after typing ${JSON.stringify(prefix)}`);
  }
  // Deleting characters must not keep the narrower candidate set.
  assert.deepEqual(incremental.search('s').length, createFuzzyMatcher(commands).search('s').length);
});

test('highlight cuts text into matched and plain segments, clipping and merging ranges', () => {
  assert.deepEqual(highlight('Go to Pricing', [{ start: 6, end: 9 }, { start: 0, end: 1 }]), [
    { text: 'G', match: true },
    { text: 'o to ', match: false },
    { text: 'Pri', match: true },
    { text: 'cing', match: false },
  ]);
  assert.deepEqual(highlight('abc', [{ start: 1, end: 2 }, { start: 1, end: 3 }, { start: 2, end: 99 }]), [
    { text: 'a', match: false },
    { text: 'bc', match: true },
  ]);
  assert.deepEqual(highlight('', [{ start: 0, end: 4 }]), []);
  assert.deepEqual(highlight('<b>x</b>', []), [{ text: '<b>x</b>', match: false }]);
  assert.deepEqual(highlight('a😀b', [{ start: 1, end: 2 }]), [
    { text: 'a', match: false },
    { text: '😀', match: true },
    { text: 'b', match: false },
  ]);
});

test('XSS payloads and regular-expression metacharacters are plain queries that never throw', () => {
  const corpus = join(fileURLToPath(new URL('.', import.meta.url)), '../../../../shared/corpus/xss');
  const lines = readdirSync(corpus)
    .flatMap((file) => readFileSync(join(corpus, file), 'utf8').split('\n'))
    .filter((line) => line.length > 0);
  assert.ok(lines.length > 1000, `expected the XSS corpus at ${corpus}`);
  const metacharacters = ['(', ')', '[', ']', '{', '}', '*', '+', '?', '.', '\\', '^', '$', '|', '(?<', '\\u{', '[^]*', '.*+?'];
  const items = [...commands, { id: 'payload', name: '<script>alert(1)</script>' }, { id: 'regex', name: 'a.b*c (x|y)' }];
  const matcher = createFuzzyMatcher(items);
  for (const query of [...lines, ...metacharacters]) {
    const results = matcher.search(query, { limit: 10 });
    for (const result of results) {
      for (const match of result.matches) for (const range of match.ranges) assert.ok(range.end <= match.text.length);
    }
  }
  assert.equal(matcher.search('(x|y)')[0]!.item.id, 'regex');
  assert.equal(matcher.search('<script>')[0]!.item.id, 'payload');
});

test('a bad key weight names the field to fix', () => {
  assert.throws(() => createFuzzyMatcher(commands, { keys: [{ name: 'name', weight: 0 }] }), /keys\["name"\]\.weight/);
  assert.throws(() => createFuzzyMatcher(commands, { keys: [] }), /`keys` is empty/);
});

test('each keyword of a list is matched as its own prefix', () => {
  const items = [
    { id: 'phrase', name: 'Open roles', keywords: ['jobs hiring'] },
    { id: 'list', name: 'Careers', keywords: ['jobs', 'hiring'] },
  ];
  const results = createFuzzyMatcher(items).search('hiring');
  assert.deepEqual(results.map((r) => r.item.id), ['list', 'phrase']);
  assert.deepEqual(results[0]!.matches, [{ key: 'keywords', text: 'jobs, hiring', ranges: [{ start: 6, end: 12 }] }]);
});

test('a custom score is used as given, including for items the built-in score rejects', () => {
  const pinned = new Set(['Contact support']);
  const items = [{ id: 'a', name: 'Open settings' }, { id: 'b', name: 'Contact support' }, { id: 'c', name: 'Settings' }];
  const matcher = createFuzzyMatcher(items, {
    customScore: (item, _query, builtIn) => (pinned.has(item.name) ? 1e6 : builtIn),
  });
  assert.deepEqual(matcher.search('sett').map((r) => r.item.id), ['b', 'c', 'a']);
  assert.deepEqual(matcher.search('settings').map((r) => r.item.id), ['b', 'c', 'a']);
  const hideAll = createFuzzyMatcher(items, { customScore: () => -1 });
  assert.deepEqual(hideAll.search('set'), []);
  assert.throws(() => createFuzzyMatcher(items, { customScore: () => NaN }).search('set'), /customScore returned NaN/);
});
