/**
 * The visitor's request as search terms: the words that carry its meaning, with the question words and
 * fillers of English and Chinese left out, each weighted (a single CJK character says little; a pair
 * of them is a word), plus the pieces of the request they came from, to name the topic back.
 */
import { tokenize } from '../../search/index.js';

const MAX_TERMS = 32;

const ENGLISH_FILLERS =
  'a an the is are was were be been am do does did can could would should will shall may might must ' +
  'i me my mine we us our you your it its they them their he she his her ' +
  'to of in on at for from with by about into onto as and or but if then so than ' +
  'what where which who whom whose how when why there here this that these those ' +
  'please pls show find see tell get go take bring give let help want wants need needs looking look know ' +
  'page pages site website web any some have has had info information more much many just also thing things ' +
  'hi hello hey thanks thank ok okay now work works s t d m ll re ve don doesn isn aren';

/** Multi-character Chinese fillers first, so that a longer one is removed before its parts. */
const CHINESE_FILLERS = [
  '在哪裡', '在哪裏', '在哪兒', '哪裡', '哪裏', '哪邊', '在哪', '什麼', '甚麼', '怎麼', '如何', '請問', '告訴我', '給我看', '給我',
  '幫我', '我想要', '我想', '我要', '可以', '能不能', '有沒有', '是否', '一下', '這個', '那個', '頁面', '網站', '網頁', '關於', '顯示',
  '的', '了', '嗎', '呢', '吧', '啊', '呀', '嘛', '喔', '在', '是', '我', '你', '請', '找', '看', '有', '和', '與',
];

const STOP_TERMS = new Set(tokenize(ENGLISH_FILLERS));
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const PIECES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu;

export interface QueryTerm {
  term: string;
  weight: number;
}

export interface QueryPiece {
  /** The words as the visitor wrote them. */
  display: string;
  terms: string[];
}

export interface SearchQuery {
  /** What is sent to the index. */
  text: string;
  terms: QueryTerm[];
  pieces: QueryPiece[];
}

/** The meaningful terms of a request; `undefined` when nothing but fillers is left. */
export function buildQuery(request: string): SearchQuery | undefined {
  let cleaned = request;
  for (const filler of CHINESE_FILLERS) cleaned = cleaned.split(filler).join(' ');
  const pieces: QueryPiece[] = [];
  for (const piece of cleaned.match(PIECES) ?? []) {
    const terms = tokenize(piece).filter((term) => !STOP_TERMS.has(term));
    if (terms.length > 0) pieces.push({ display: piece, terms });
  }
  const weights = new Map<string, number>();
  for (const piece of pieces) {
    for (const term of piece.terms) {
      if (weights.size >= MAX_TERMS) break;
      // A lone CJK character matches too much to count as much as a word.
      weights.set(term, CJK.test(term) && Array.from(term).length === 1 ? 0.25 : 1);
    }
  }
  if (weights.size === 0) return undefined;
  return {
    text: pieces.map((piece) => piece.display).join(' '),
    terms: [...weights].map(([term, weight]) => ({ term, weight })),
    pieces,
  };
}

/** The pieces of the request whose terms matched, as the visitor wrote them, to say the topic back. */
export function topicOf(query: SearchQuery, matched: ReadonlySet<string>): string {
  const shown = query.pieces.filter((piece) => piece.terms.some((term) => matched.has(term))).map((piece) => piece.display);
  const unique = [...new Set(shown)];
  return (unique.length > 0 ? unique : query.pieces.map((piece) => piece.display)).slice(0, 6).join(' ');
}
