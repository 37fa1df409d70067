import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sentenceEnds, splitSentences } from '../../../core/subtitle/sentences.js';

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

test('abbreviations, initials and a lower-case next word do not end a sentence', () => {
  assert.deepEqual(splitSentences('Use e.g. this one. Dr. Lin met J. Smith. Then left.', true), [
    'Use e.g. this one.',
    'Dr. Lin met J. Smith.',
    'Then left.',
  ]);
  assert.deepEqual(splitSentences('The U.S. Army is here. Version 2.0 is out.', true), ['The U.S. Army is here.', 'Version 2.0 is out.']);
});

test('ellipses end a sentence before a capital, and continue it before a lower-case word', () => {
  assert.deepEqual(splitSentences('Wait... What? Really?! Yes… fine.', true), ['Wait...', 'What?', 'Really?!', 'Yes… fine.']);
  assert.deepEqual(splitSentences('我想想……好吧。然後', false), ['我想想……', '好吧。']);
});

test('sentenceEnds reports offsets from a starting point', () => {
  const text = 'One. Two. Three';
  assert.deepEqual(sentenceEnds(text), [4, 9]);
  assert.deepEqual(sentenceEnds(text, 5), [9]);
});
