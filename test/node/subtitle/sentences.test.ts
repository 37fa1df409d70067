import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitSentences } from '../../../core/subtitle/sentences.js';

test('a finished text splits on terminal punctuation followed by white space', () => {
  assert.deepEqual(splitSentences('First one. Second one! Third?', true), ['First one.', 'Second one!', 'Third?']);
});

test('while streaming, the unfinished tail is held back', () => {
  assert.deepEqual(splitSentences('I found it. Now I am', false), ['I found it.']);
  assert.deepEqual(splitSentences('Nothing finished yet', false), []);
});

test('a period without following space is not yet an end (it may be a decimal)', () => {
  assert.deepEqual(splitSentences('Pi is 3.', false), []);
  assert.deepEqual(splitSentences('Pi is 3.14 exactly. ', false), ['Pi is 3.14 exactly.']);
});

test('closing quotes and brackets stay with their sentence', () => {
  assert.deepEqual(splitSentences('He said "go." Then left.', true), ['He said "go."', 'Then left.']);
});

test('CJK punctuation ends a sentence immediately, and line breaks end one too', () => {
  assert.deepEqual(splitSentences('我找到了。接下來', false), ['我找到了。']);
  assert.deepEqual(splitSentences('好的！「完成。」下一步', false), ['好的！', '「完成。」']);
  assert.deepEqual(splitSentences('line one\nline two', false), ['line one']);
});

test('blank pieces are dropped', () => {
  assert.deepEqual(splitSentences('  \n\n  ', true), []);
  assert.deepEqual(splitSentences('', true), []);
});
