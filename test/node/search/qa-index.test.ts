import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createQAIndex, type QAItem } from '../../../core/search/qa/index.js';

const faq: QAItem[] = [
  { id: 'reset', question: 'How do I reset my password?', answer: 'Choose “Forgot password?” on the sign-in page; we email you a link.', category: 'Account' },
  { id: 'cancel', question: 'How do I cancel my subscription?', answer: 'Open Settings → Billing and choose Cancel plan.', category: 'Billing' },
  { id: 'trial', question: 'Is there a free trial?', answer: 'Every workspace can try the paid plans free for 14 days, no credit card needed.', category: 'Billing' },
  { id: 'export', question: 'How do I export my data?', answer: 'Owners export every board as CSV or JSON from Settings → Export.', category: 'Data' },
  { id: 'mobile', question: 'Is there a mobile app?', answer: 'Yes, for iPhone and Android; it works offline.', category: 'Apps' },
  { id: 'zh-invoice', question: '可以開立發票嗎？', answer: '可在「設定 → 帳單 → 發票」下載每一張發票。', lang: 'zh-TW' },
];

const qa = () => createQAIndex({ items: faq });

test('a paraphrase finds its entry, confidently', () => {
  for (const [question, id] of [
    ['I forgot my password', 'reset'],
    ['cancel my plan', 'cancel'],
    ['export boards as CSV', 'export'],
    ['is there an Android app', 'mobile'],
    ['發票在哪裡下載', 'zh-invoice'],
  ] as const) {
    const { confident, matches } = qa().lookup(question);
    assert.equal(matches[0]?.id, id, question);
    assert.equal(confident, true, question);
  }
});

test('a question the FAQ does not answer is not confident, even when it shares words with an entry', () => {
  for (const question of ['what is the weather in Paris', 'tell me a joke', 'how do I reset my router', 'is there a free trial of Netflix', 'can I export my Spotify playlists', '今天天氣如何']) {
    assert.equal(qa().lookup(question).confident, false, question);
  }
});

test('naming something the FAQ never mentions is enough to be unsure; a sentence-initial capital is not a name', () => {
  const index = qa();
  assert.equal(index.lookup('Is there a free trial of Orchard?').confident, false, 'Orchard is named nowhere in this FAQ');
  assert.equal(index.lookup('Export my data').confident, true);
  assert.equal(index.lookup('EXPORT MY DATA').confident, true, 'a question typed in capitals names nothing');
});

test('how politely a question is asked changes nothing', () => {
  const index = qa();
  const plain = index.lookup('reset password');
  const polite = index.lookup('Hi! Can you please tell me how I could reset my password?');
  assert.deepEqual(polite, plain);
  assert.deepEqual(index.lookup('請問可以開立發票嗎？').matches[0]?.id, 'zh-invoice');
});

test('matches carry the entry and a score in [0, 1], best first, at most topK', () => {
  const { matches } = createQAIndex({ items: faq, topK: 2 }).lookup('free trial credit card');
  assert.ok(matches.length <= 2);
  assert.equal(matches[0]?.id, 'trial');
  assert.equal(matches[0]?.question, faq[2]!.question);
  assert.equal(matches[0]?.answer, faq[2]!.answer);
  for (const match of matches) assert.ok(match.score >= 0 && match.score <= 1, String(match.score));
  assert.deepEqual([...matches].sort((a, b) => b.score - a.score), matches);
  assert.equal(matches[0]?.score, 1, 'every content word of the question is in the entry');
});

test('the threshold decides how much of the question the best entry must hold', () => {
  const question = 'export my data to spreadsheets';
  assert.equal(createQAIndex({ items: faq, threshold: 0.3 }).lookup(question).confident, true);
  assert.equal(createQAIndex({ items: faq, threshold: 0.9 }).lookup(question).confident, false);
});

test('an empty or wordless question matches nothing and is not confident', () => {
  assert.deepEqual(qa().lookup(''), { confident: false, matches: [] });
  assert.deepEqual(qa().lookup('how do I?'), { confident: false, matches: [] });
});

test('bad input is refused with the entry and field named', () => {
  assert.throws(() => createQAIndex({ items: {} as never }), { name: 'TypeError', message: /options\.items must be an array/ });
  assert.throws(() => createQAIndex({ items: [faq[0]!, { ...faq[1]!, question: '' }] }), { name: 'TypeError', message: /items\[1\]\.question must be a non-empty string/ });
  assert.throws(() => createQAIndex({ items: [{ ...faq[0]!, answer: 3 as never }] }), { name: 'TypeError', message: /items\[0\]\.answer must be a non-empty string, got a number \(3\)/ });
  assert.throws(() => createQAIndex({ items: [{ ...faq[0]!, category: 1 as never }] }), { name: 'TypeError', message: /items\[0\]\.category must be a string when given/ });
  assert.throws(() => createQAIndex({ items: [faq[0]!, faq[1]!, faq[0]!] }), { name: 'TypeError', message: /items\[2\]\.id "reset" is already the id of items\[0\]/ });
  assert.throws(() => createQAIndex({ items: faq, threshold: 0 }), { name: 'TypeError', message: /options\.threshold must be a number in \(0, 1\]/ });
  assert.throws(() => createQAIndex({ items: faq, topK: -2 }), { name: 'TypeError', message: /options\.topK must be a positive integer/ });
  assert.throws(() => qa().lookup(undefined as never), { name: 'TypeError', message: /question must be a string, got undefined/ });
});
