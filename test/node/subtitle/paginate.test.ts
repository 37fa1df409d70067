import { test } from 'node:test';
import assert from 'node:assert/strict';
import { paginate } from '../../../core/subtitle/paginate.js';
import { readingDelayMs } from '../../../core/subtitle/reading-delay.js';

test('a text within the budget is one page', () => {
  assert.deepEqual(paginate('Short. Text.', { maxChars: 100 }), ['Short. Text.']);
});

test('pages hold whole sentences within the character budget', () => {
  const text = 'First sentence here. Second sentence here. Third one. Fourth and last.';
  const pages = paginate(text, { maxChars: 45 });
  assert.deepEqual(pages, ['First sentence here. Second sentence here.', 'Third one. Fourth and last.']);
  for (const page of pages) assert.ok(page.length <= 45);
});

test('a sentence count per page is honoured, for CJK text too', () => {
  assert.deepEqual(paginate('一。二。三。四。五。', { maxChars: 0, maxSentences: 2 }), ['一。二。', '三。四。', '五。']);
  assert.deepEqual(paginate('A b. C d. E f.', { maxChars: 0, maxSentences: 1 }), ['A b.', 'C d.', 'E f.']);
});

test('abbreviations and decimals never split a page', () => {
  assert.deepEqual(paginate('It costs 3.50 dollars, e.g. at Dr. Lin. Next one.', { maxChars: 0, maxSentences: 1 }), [
    'It costs 3.50 dollars, e.g. at Dr. Lin.',
    'Next one.',
  ]);
});

test('a sentence longer than a page is cut at a space, or at the budget without spaces', () => {
  const words = paginate('aaaa bbbb cccc dddd eeee', { maxChars: 10 });
  assert.deepEqual(words, ['aaaa bbbb', 'cccc dddd', 'eeee']);
  assert.deepEqual(paginate('一二三四五六七八九十', { maxChars: 4 }), ['一二三四', '五六七八', '九十']);
});

test('reading time grows with length, counts CJK double and stays within its bounds', () => {
  assert.equal(readingDelayMs('Hi'), 3000);
  assert.equal(readingDelayMs('x'.repeat(100)), 6000);
  assert.equal(readingDelayMs('字'.repeat(50)), 6000);
  assert.equal(readingDelayMs('x'.repeat(10_000)), 15000);
  assert.equal(readingDelayMs('x'.repeat(10), { minMs: 0, msPerChar: 10, maxMs: 1000 }), 100);
});
