/** How long a message stays on screen before it hides itself, in milliseconds. */
export interface SubtitleReadingTime {
  /** The shortest stay. Default 3000. */
  minMs?: number;
  /** Added per character; a CJK character counts double, as it carries about a word. Default 60. */
  msPerChar?: number;
  /** The longest stay. Default 15000. */
  maxMs?: number;
}

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu;

/** The time a reader needs for `text`: proportional to its length, between `minMs` and `maxMs`. */
export function readingDelayMs(text: string, time: SubtitleReadingTime = {}): number {
  const { minMs = 3000, msPerChar = 60, maxMs = 15000 } = time;
  const cjkChars = text.match(CJK)?.length ?? 0;
  const weight = text.trim().length + cjkChars;
  return Math.round(Math.min(maxMs, Math.max(minMs, weight * msPerChar)));
}
