import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createFuzzyMatcher, highlightMatches as highlight, scoreItem } from '../../../core/search/fuzzy/index.js';

// Letters, separators, accents, CJK and regex metacharacters: the text a palette actually sees.
const palette = fc.constantFrom(...'abcdeABCDE -_/.#1éÉ设置*(?[\\'.split(''));
const text = fc.string({ unit: palette, maxLength: 40 });
const nonBlank = fc.string({ unit: palette, minLength: 1, maxLength: 8 }).filter((s) => s.trim().length > 0);
const RUNS = { numRuns: 400 };

test('scoring is deterministic', () => {
  fc.assert(
    fc.property(text, text, (query, candidate) => {
      assert.deepEqual(scoreItem(query, candidate), scoreItem(query, candidate));
    }),
    RUNS,
  );
});

test('a candidate containing the query as a substring always matches', () => {
  fc.assert(
    fc.property(text, nonBlank, text, (before, query, after) => {
      assert.notEqual(scoreItem(query, before + query + after), null);
    }),
    RUNS,
  );
});

test('match ranges are within bounds, non-empty, sorted and disjoint', () => {
  fc.assert(
    fc.property(text, text, (query, candidate) => {
      const result = scoreItem(query, candidate);
      if (!result) return;
      let previousEnd = -1;
      for (const range of result.ranges) {
        assert.ok(range.start >= 0 && range.end <= candidate.length && range.start < range.end);
        assert.ok(range.start > previousEnd, 'ranges are sorted and do not touch');
        previousEnd = range.end;
      }
      assert.equal(highlight(candidate, result.ranges).map((s) => s.text).join(''), candidate);
    }),
    RUNS,
  );
});

test('results are ordered by score, ties in the given order', () => {
  fc.assert(
    fc.property(fc.array(text, { maxLength: 30 }), nonBlank, (names, query) => {
      const results = createFuzzyMatcher(names.map((name) => ({ name }))).search(query);
      for (let i = 1; i < results.length; i++) {
        const [a, b] = [results[i - 1]!, results[i]!];
        assert.ok(a.score > b.score || (a.score === b.score && a.index < b.index));
      }
    }),
    RUNS,
  );
});
