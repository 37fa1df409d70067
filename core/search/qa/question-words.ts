/**
 * The words that make a sentence a question and say nothing about its subject: "can I", "how do I",
 * "please tell me", and in Chinese 怎麼, 如何, 嗎, 哪裡. They are taken out of a visitor's question
 * before it is looked up, so that neither the match nor the share of the question an entry covers
 * depends on how politely it was asked. (English stopwords are dropped by the analyser already.)
 */
import { foldText } from '../tokenize.js';

/** Modal and helper verbs, politeness, and the function words of the usual English stopword lists (NLTK's). */
const ENGLISH = new Set(
  (
    'can cant could would should will wont shall may might must am im ive id please tell know want wanna need like ' +
    'get got any some way also just really much many ok okay hi hello thanks thank ' +
    'all both each few more most other same own only very too not no nor now here again once ' +
    'about above after against before below between down during off out over through under until up while ' +
    'yours yourself ourselves myself himself herself itself themselves whose whom'
  ).split(' '),
);

/** Longest first, so 怎麼辦 goes before 怎麼 can leave a 辦 behind. */
const CHINESE = [
  '有沒有', '是不是', '可不可以', '怎麼辦', '怎么办', '為什麼', '为什么', '請問', '请问', '怎麼', '怎么', '如何', '哪裡', '哪里',
  '哪個', '哪个', '什麼', '什么', '多少', '可以', '能否', '是否', '我要', '我想', '我的', '你們', '你们', '嗎', '吗', '呢',
].sort((a, b) => b.length - a.length);

const WORD = /[\p{L}\p{N}'’]+/gu;
const CHINESE_FILLER = new RegExp(CHINESE.join('|'), 'gu');

/** `question` with its question words replaced by spaces (so the words around them stay apart). */
export function withoutQuestionWords(question: string): string {
  return question
    .replace(CHINESE_FILLER, ' ')
    .replace(WORD, (word) => (ENGLISH.has(foldText(word).replace(/['’]/g, '')) ? ' ' : word));
}
