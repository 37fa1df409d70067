/**
 * Words as the guide compares them: folded, plurals and the common English endings cut (`pricing`,
 * `prices`, `priced` → `pric`), so a request and a page meet whichever form each uses; a few groups
 * of words a site and its visitors use for the same thing (cost/price, shipping/delivery); and the
 * words of Chinese requests that name the usual parts of a site, mapped to their English stems, so a
 * visitor writing 價格 on an English site finds its pricing.
 */
import { tokenize } from '../../search/tokenize.js';

const LATIN = /^[a-z0-9]+$/;
const DOUBLED = /([b-df-hj-np-tv-z])\1$/;

/** A crude suffix stripper, the same on both sides of a comparison. */
export function stem(word: string): string {
  if (!LATIN.test(word) || word.length < 4) return word;
  let base = word;
  for (const suffix of ['ingly', 'ally', 'ing', 'ies', 'ied', 'ed', 'ly', 'er', 'es', 's']) {
    if (base.endsWith(suffix) && base.length - suffix.length >= 3) {
      base = base.slice(0, -suffix.length);
      if (suffix === 'ies' || suffix === 'ied') base += 'y';
      break;
    }
  }
  if (DOUBLED.test(base) && base.length > 3) base = base.slice(0, -1);
  if (base.endsWith('e') && base.length > 3) base = base.slice(0, -1);
  return base;
}

/** Each group's words stand for one another. */
const SYNONYM_GROUPS = [
  'price cost pricing fee fees charge charges priced costs much',
  'weight weigh weighs heavy',
  'ship shipping delivery deliver delivered postage dispatch',
  'return returns refund refunds',
  'doc docs documentation manual',
  'theme mode appearance',
  'login signin log',
  'buy purchase',
  'discount cheaper saving',
  'begin start started',
  'abroad international internationally outside overseas',
  'yearly annual annually year',
  'monthly month',
  'person people member members seat seats user users',
  'key keyboard shortcut shortcuts hotkey keystroke',
  'bill billing billed pay paid paying payment',
];

/** Chinese words for the parts of a site, and the English stems they stand for. Longest first when matching. */
const CHINESE_WORDS: Record<string, string> = {
  多少錢: 'price', 價格: 'price', 價錢: 'price', 定價: 'price', 費用: 'price', 收費: 'price', 售價: 'price', 費: 'price',
  方案: 'plan', 免費: 'free', 聯絡: 'contact', 聯繫: 'contact', 業務: 'sales', 銷售: 'sales',
  文件: 'doc', 說明: 'doc', 文檔: 'doc', 教學: 'doc', 幫助: 'help', 客服: 'support', 支援: 'support',
  運費: 'ship price', 運送: 'ship', 配送: 'ship', 寄送: 'ship', 出貨: 'ship', 送貨: 'ship', 郵寄: 'ship', 海外: 'abroad', 國外: 'abroad',
  退款: 'refund', 退貨: 'return', 退費: 'refund', 政策: 'policy', 表單: 'form', 填寫: 'fill',
  深色: 'dark', 暗色: 'dark', 夜間: 'dark', 淺色: 'light', 亮色: 'light', 主題: 'theme', 佈景: 'theme', 模式: 'mode',
  首頁: 'home', 關於: 'about', 常見問題: 'question', 訂單: 'order', 購物車: 'basket', 帳號: 'account', 帳戶: 'account',
  登入: 'login', 註冊: 'signup', 下載: 'download', 安裝: 'install', 匯入: 'import', 匯出: 'export', 快捷鍵: 'shortcut',
  帳單: 'billing', 折扣: 'discount', 年繳: 'yearly', 每年: 'yearly', 每月: 'monthly', 成員: 'member', 會員: 'member',
  隱私: 'privacy', 重量: 'weight', 多重: 'weight', 尺寸: 'size', 保固: 'guarantee', 維修: 'repair', 帳篷: 'tent', 爐: 'stove',
};
const CHINESE_KEYS = Object.keys(CHINESE_WORDS).sort((a, b) => b.length - a.length);

const groupOf = new Map<string, string>();
for (const group of SYNONYM_GROUPS) {
  const stems = group.split(' ').map(stem);
  for (const word of stems) groupOf.set(word, stems[0]!);
}

/** The stem a word is compared by: its synonym group's, else its own. */
export function conceptOf(word: string): string {
  const base = stem(word);
  return groupOf.get(base) ?? base;
}

/** The concepts a text holds (latin words as concepts, CJK as characters and pairs), once each. */
export function conceptsIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const term of tokenize(text)) found.add(conceptOf(term));
  return found;
}

/** The English concepts the Chinese words of `text` name, and the text with them taken out. */
export function translateChinese(text: string): { concepts: Array<{ key: string; word: string }>; rest: string } {
  const concepts: Array<{ key: string; word: string }> = [];
  let rest = text;
  for (const key of CHINESE_KEYS) {
    if (!rest.includes(key)) continue;
    for (const english of CHINESE_WORDS[key]!.split(' ')) concepts.push({ key: conceptOf(english), word: key });
    rest = rest.split(key).join(' ');
  }
  return { concepts, rest };
}
