import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateMessageTokens, estimatePromptTokens, estimateTokens, IMAGE_TOKEN_ESTIMATE } from '../../../core/agent/session/token-estimate.js';

test('Latin text costs about one token per 3.5 characters', () => {
  assert.equal(estimateTokens(''), 0);
  assert.equal(estimateTokens('a'.repeat(35)), 10);
  assert.equal(estimateTokens('a'.repeat(36)), 11);
});

test('each CJK character costs about one token', () => {
  assert.equal(estimateTokens('價格方案'), 4);
  assert.equal(estimateTokens('ひらがなカタカナ'), 8);
  assert.equal(estimateTokens('한국어'), 3);
  assert.equal(estimateTokens('，。！'), 3, 'full-width punctuation');
  assert.equal(estimateTokens('𠀀𠀁'), 2, 'supplementary-plane ideographs count once, not per surrogate');
  assert.equal(estimateTokens('方案 pricing'), 2 + Math.ceil(8 / 3.5));
});

test('a Chinese page is not underestimated the way chars/3.5 would', () => {
  const text = '這是一段繁體中文的頁面內容'.repeat(10);
  assert.ok(estimateTokens(text) >= text.length);
});

test('messages count their tool calls, images and overhead', () => {
  const plain = estimateMessageTokens({ role: 'user', content: 'hello' });
  assert.ok(plain > estimateTokens('hello'));
  const withImage = estimateMessageTokens({ role: 'user', content: [{ type: 'text', text: 'hello' }, { type: 'image', image: 'data:image/png;base64,AAAA' }] });
  assert.equal(withImage, plain + IMAGE_TOKEN_ESTIMATE);
  const call = estimateMessageTokens({ role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'navigate', arguments: { path: '/pricing'.repeat(20) } }] });
  assert.ok(call > 40);
  assert.equal(estimatePromptTokens([{ role: 'user', content: 'hello' }, { role: 'user', content: 'hello' }]), plain * 2);
});
