import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readWords, splitCommand } from '../../../core/skills/index.js';

const words = (text: string, limit?: number) => {
  const { tokens, rest } = readWords(text, limit);
  return { words: tokens.map((token) => token.text), rest };
};

test('splitCommand finds the command word and what follows it', () => {
  assert.deepEqual(splitCommand('  /translate fr now'), { command: 'translate', tail: ' fr now', complete: true });
  assert.deepEqual(splitCommand('/tr'), { command: 'tr', tail: '', complete: false });
  assert.deepEqual(splitCommand('/'), { command: '', tail: '', complete: false });
  assert.equal(splitCommand('translate'), undefined);
  assert.equal(splitCommand('a /b'), undefined);
});

test('words split at any space; quotes of four kinds group words', () => {
  assert.deepEqual(words(' a  b\tc '), { words: ['a', 'b', 'c'], rest: '' });
  assert.deepEqual(words('"two words" “curly pair” 「中文 詞」 『另一 種』'), { words: ['two words', 'curly pair', '中文 詞', '另一 種'], rest: '' });
  assert.deepEqual(words('“mixed quotes" x'), { words: ['mixed quotes', 'x'], rest: '' });
});

test('inside "…", \\" is a quote and \\\\ a backslash; elsewhere a backslash is text', () => {
  assert.deepEqual(words('"say \\"hi\\"" c:\\path "a\\\\b"'), { words: ['say "hi"', 'c:\\path', 'a\\b'], rest: '' });
});

test('a quote left open runs to the end and says so', () => {
  const { tokens } = readWords('fr "half typed');
  assert.deepEqual(tokens.map((token) => [token.text, token.quoted, token.closed]), [['fr', false, true], ['half typed', true, false]]);
});

test('a quote inside a word is part of it; an apostrophe is never a quote', () => {
  assert.deepEqual(words(`it's 5"6 don't`), { words: [`it's`, '5"6', `don't`], rest: '' });
});

test('rest is what follows the words read, trimmed, quotes kept', () => {
  assert.deepEqual(words('fr and "keep" this ', 1), { words: ['fr'], rest: 'and "keep" this' });
  assert.deepEqual(words('"a b" c', 0), { words: [], rest: '"a b" c' });
});

test('offsets cover each word with its quotes', () => {
  const { tokens } = readWords('x "y z"');
  assert.deepEqual(tokens.map((token) => [token.start, token.end]), [[0, 1], [2, 7]]);
});
