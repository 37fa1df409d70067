import { describeValue } from '../util/describe-value.js';
import type { PaletteIcon, PaletteItem } from './palette-item.types.js';

/** A plain string, or one per locale: `{ en: '…', 'zh-TW': '…' }`. */
export type LocalizedText = string | Readonly<Record<string, string>>;

export interface PaletteQuestion {
  id: string;
  question: LocalizedText;
  answer: LocalizedText;
  description?: LocalizedText;
  keywords?: readonly string[];
  category?: string;
}

export interface PaletteQuestionOptions {
  /** The locale to pick texts for. Default `en`. */
  locale?: string;
  /** Heading for the questions. Default `FAQ`. */
  section?: string;
  icon?: PaletteIcon;
  /** Prepended to each id. Default `qa-`. */
  idPrefix?: string;
  answerFormat?: 'text' | 'markdown';
}

/** The text for `locale`: exact tag, then its language, then English, then the first given. */
export function pickLocalized(text: LocalizedText, locale: string, where: string): string {
  if (typeof text === 'string') return text;
  if (typeof text !== 'object' || text === null) throw new TypeError(`${where} must be a string or { [locale]: string }, got ${describeValue(text)}`);
  const language = locale.split('-')[0]!;
  const picked = text[locale] ?? text[language] ?? Object.entries(text).find(([tag]) => tag.split('-')[0] === language)?.[1] ?? text.en ?? Object.values(text)[0];
  if (typeof picked !== 'string') throw new TypeError(`${where} has no text for ${locale} nor any other locale`);
  return picked;
}

/** Question-and-answer items: choosing one shows its answer in the palette. Call again on a locale change. */
export function paletteQuestions(questions: readonly PaletteQuestion[], options: PaletteQuestionOptions = {}): PaletteItem[] {
  if (!Array.isArray(questions)) throw new TypeError(`paletteQuestions(questions): questions must be an array, got ${describeValue(questions)}`);
  const locale = options.locale ?? 'en';
  return questions.map((entry, i) => {
    const where = `paletteQuestions(questions): questions[${i}]`;
    const item: PaletteItem = {
      id: `${options.idPrefix ?? 'qa-'}${entry.id}`,
      name: pickLocalized(entry.question, locale, `${where}.question`),
      answer: pickLocalized(entry.answer, locale, `${where}.answer`),
      section: options.section ?? 'FAQ',
      icon: options.icon ?? { builtin: 'question' },
      ...(entry.description !== undefined ? { description: pickLocalized(entry.description, locale, `${where}.description`) } : {}),
      ...(entry.keywords ? { keywords: entry.keywords } : {}),
      ...(entry.category !== undefined ? { category: entry.category } : {}),
      ...(options.answerFormat ? { answerFormat: options.answerFormat } : {}),
    };
    return item;
  });
}
