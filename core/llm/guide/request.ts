/**
 * The visitor's request as the guide understands it: the concepts that carry its meaning (fillers and
 * question words left out, Chinese site words mapped to English ones), the kind of answer a question
 * word asks for, whether it asks to be taken somewhere, and the values it states for a form.
 */
import { tokenize } from '../../search/tokenize.js';
import { CJK_CHARACTER, CJK_CLASS } from '../../util/cjk-scripts.js';
import { readFormValues, type FormValues } from './form-values.js';
import { conceptOf, translateChinese } from './terms.js';

const MAX_CONCEPTS = 24;

const ENGLISH_FILLERS =
  'a an the is are was were be been am do does did can could would should will shall may might must ' +
  'i me my mine we us our you your it its they them their he she his her ' +
  'to of in on at for from with by about into onto as and or but if then so than ' +
  'what where which who whom whose how when why there here this that these those ' +
  'please pls show find see tell get go take bring give let help want wants looking look know ' +
  'page pages site website web any some have has had info information more many just also thing things file files ' +
  'hi hello hey thanks thank ok okay now work works s t d m ll re ve don doesn isn aren ' +
  'open visit navigate article articles post use using make makes made do doing';

/** Multi-character Chinese fillers first, so that a longer one is removed before its parts. */
const CHINESE_FILLERS = [
  '在哪裡', '在哪裏', '在哪兒', '哪裡', '哪裏', '哪邊', '在哪', '什麼', '甚麼', '怎麼', '如何', '請問', '告訴我', '給我看', '給我',
  '幫我', '我想要', '我想', '我要', '可以', '能不能', '有沒有', '是否', '一下', '這個', '那個', '頁面', '網站', '網頁', '顯示', '多少',
  '的', '了', '嗎', '呢', '吧', '啊', '呀', '嘛', '喔', '在', '是', '我', '你', '請', '找', '看', '有', '和', '與', '去', '到',
];

const STOP_WORDS = new Set(tokenize(ENGLISH_FILLERS));
/** In a request to fill a form, the names of the fields and the verb say how, not what to look for. */
const FIELD_WORDS = new Set(tokenize('fill filled in out enter put type complete name full email e mail phone telephone tel mobile message note comment with is'));
const PIECES = new RegExp(`[${CJK_CLASS}]+|[\\p{L}\\p{N}][\\p{L}\\p{N}'’.-]*[\\p{L}\\p{N}]|[\\p{L}\\p{N}]`, 'gu');

export type AnswerKind = 'date' | 'person' | 'money' | 'number' | 'duration' | 'yes-no' | 'place';

export interface Concept {
  /** The stem (or synonym group) it is compared by. */
  key: string;
  /** The words as the visitor wrote them. */
  display: string;
  /** A lone CJK character says little; a word or a pair of characters says more. */
  weight: number;
}

export interface VisitorRequest {
  text: string;
  concepts: Concept[];
  answerKind?: AnswerKind;
  /** "go to", "take me to", "open": the visitor wants a page, not a quote. */
  wantsPage: boolean;
  /** "fill", "enter", "put": the visitor wants a form filled, with `values`. */
  wantsFill: boolean;
  values: FormValues;
}

const GO_WORDS = /^(?:please\s+)?(?:go|take me|bring me|open|show me the|navigate|visit|head|jump)\b|\b(?:go|take me|bring me|navigate) to\b|\bi want to (?:go|see|visit|talk)\b|^(?:去|前往|帶我|打開|開啟)/i;
const FILL_WORDS = /\b(?:fill(?:\s+in|\s+out)?|enter|put|type|complete)\b[^.]*\b(?:form|field|fields|name|email|details)\b|^(?:幫我)?填(?:寫)?/i;

/** The request, read; `undefined` when it says nothing but fillers. */
export function readRequest(request: string): VisitorRequest | undefined {
  const values = readFormValues(request);
  const wantsFill = FILL_WORDS.test(request) && Object.keys(values).length > 0;
  // The values stated for a form are not what to look for.
  let searchable = request;
  for (const value of Object.values(values)) if (value) searchable = searchable.split(value).join(' ');
  // "How much" asks a price, unless it measures something else ("how much smaller", "much more").
  searchable = searchable.replace(/\bmuch\s+(?=(?:\w+er|more|less|longer|further|faster|time)\b)/gi, ' ');
  if (/\bweigh|\b(?:time|space|storage|memory|data)\b/i.test(searchable)) searchable = searchable.replace(/\bmuch\b/gi, ' ');
  // "How long", "how big": the question's measure, said by the kind of answer, not a word to find.
  const measureless = searchable.replace(/\bhow\s+(?:long|big|far|old|soon|often|tall|heavy|large|small|wide|many)\b/gi, ' ');
  const { concepts: translated, rest } = translateChinese(measureless);
  let cleaned = rest;
  for (const filler of CHINESE_FILLERS) cleaned = cleaned.split(filler).join(' ');
  const concepts: Concept[] = [];
  const seen = new Set<string>();
  const add = (key: string, display: string, weight: number) => {
    if (seen.has(key) || concepts.length >= MAX_CONCEPTS) return;
    seen.add(key);
    concepts.push({ key, display, weight });
  };
  for (const { key, word } of translated) add(key, word, 1);
  let much = false;
  for (const piece of cleaned.match(PIECES) ?? []) {
    for (const term of tokenize(piece)) {
      if (STOP_WORDS.has(term) || (wantsFill && FIELD_WORDS.has(term))) continue;
      // "how much … cost": the price is named by the word that names it, if there is one.
      if (term === 'much') {
        much = true;
        continue;
      }
      const cjk = CJK_CHARACTER.test(term);
      add(cjk ? term : conceptOf(term), piece, cjk && Array.from(term).length === 1 ? 0.25 : 1);
    }
  }
  if (much) add(conceptOf('much'), 'how much', 1);
  if (concepts.length === 0 && !wantsFill) return undefined;
  return { text: request, concepts, answerKind: answerKindOf(request), wantsPage: GO_WORDS.test(request.trim()), wantsFill, values };
}

/** The kind of answer a question asks for, from its question words: the visitor's, or a page's own question. */
export function answerKindOf(request: string): AnswerKind | undefined {
  const text = request.toLowerCase().trim();
  if (/^(?:when|what (?:date|year|day|time))\b|什麼時候|何時|哪一年|幾號/.test(text)) return 'date';
  if (/^who\b|^誰|是誰/.test(text)) return 'person';
  if (/\bweigh|\bhow (?:heavy|big|large|small)\b/.test(text)) return 'number';
  if (/\bhow much\b(?! (?:smaller|bigger|larger|longer|shorter|more|less|faster|slower))|\b(?:cost|price|costs)\b|多少錢|價格|費用/.test(text)) return 'money';
  if (/\bhow (?:many|big|small|large|heavy|tall|wide)\b|幾個|多少/.test(text)) return 'number';
  if (/\bhow long\b|\bhow soon\b|多久/.test(text)) return 'duration';
  if (/^where\b|在哪/.test(text)) return 'place';
  if (/^(?:is|are|does|do|did|can|could|will|has|have)\b|嗎[？?]?$/.test(text)) return 'yes-no';
  return undefined;
}

/** Whether a word says nothing by itself (a filler, a question word). */
export function isFiller(term: string): boolean {
  return STOP_WORDS.has(term);
}

/** The request's words that a match covered, as the visitor wrote them, to say the topic back. */
export function topicOf(request: VisitorRequest, matched: ReadonlySet<string>): string {
  const shown = request.concepts.filter((concept) => matched.has(concept.key)).map((concept) => concept.display);
  const unique = [...new Set(shown.length > 0 ? shown : request.concepts.map((concept) => concept.display))];
  return unique.slice(0, 6).join(' ');
}
