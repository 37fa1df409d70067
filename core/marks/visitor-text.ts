/**
 * Text for the visitor, kept free of what the engine writes for the model: its reminder blocks and
 * tags, its fence tags, the session's mark and boundary, the loop's `actions[n]` labels, and any
 * sentence of its notes a model repeated ("Read it again before acting."). Narration streams through
 * `stream()` with as little held back as possible: only a tail that could still turn out to be
 * engine text waits, and it is dropped once it does.
 */
import { createTagStage, hasEngineTag } from './engine-tags.js';

/** What the engine wrote for the model, as the filter recognizes it. */
export interface EngineWording {
  /**
   * Sentences of the engine's notes and declarations; the set may grow while a run goes on. The
   * same object again means nothing changed (so that it is normalized once).
   */
  sentences(): Iterable<string>;
  /** Values that never reach a visitor whole: the session's mark and fence boundary. */
  tokens?(): Iterable<string>;
}

export interface VisitorTextStream {
  /** The next piece of streamed text; returns what can be shown now. */
  push(delta: string): string;
  /** The text is complete; returns the rest of what can be shown. */
  end(): string;
}

export interface VisitorTextGuard {
  /** A whole text, without the engine's. */
  clean(text: string): string;
  /** A filter for one streamed text (one narration line). */
  stream(): VisitorTextStream;
  /** The engine text `text` carries, as found (a tag, a label, a note's sentence); undefined when none. */
  find(text: string): string | undefined;
}

/** Shorter sentences are too common to be told apart from a narration. */
const MIN_SENTENCE = 12;
/** Engine syntax outside tags: the loop's action labels and the mark and fence attributes. */
const ENGINE_SYNTAX = /actions\[\d+\]|(?:mark|fence)=["']?[A-Za-z0-9_-]{16,64}/;
/** How that syntax begins, for a word still being written. */
const PARTIAL_SYNTAX = ['actions[', 'mark=', 'fence='];
/** A sentence ends at one of these followed by a space (or the end), or at a CJK full stop or a line break. */
const LATIN_END = /[.!?…]/;
const CJK_END = /[。！？\n]/;

/** Lower case, letters and digits only, single spaces: how a note and a narration are compared. */
export function normalizeWording(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** A text's sentences, each with what follows it up to the next one. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text.charAt(at);
    const ends = CJK_END.test(char) || (LATIN_END.test(char) && (at + 1 === text.length || /\s/.test(text.charAt(at + 1))));
    if (!ends) continue;
    let next = at + 1;
    while (next < text.length && /\s/.test(text.charAt(next))) next += 1;
    sentences.push(text.slice(start, next));
    start = next;
    at = next - 1;
  }
  if (start < text.length) sentences.push(text.slice(start));
  return sentences;
}

export function createVisitorTextGuard(wording: EngineWording = { sentences: () => [] }): VisitorTextGuard {
  let known: { source: unknown; notes: string[] } = { source: undefined, notes: [] };
  const notes = (): string[] => {
    const source = wording.sentences();
    if (source === known.source) return known.notes;
    const normalized = new Set<string>();
    for (const note of source) {
      for (const sentence of splitSentences(note)) {
        const flat = normalizeWording(sentence);
        if (flat.length >= MIN_SENTENCE) normalized.add(flat);
      }
    }
    known = { source, notes: [...normalized] };
    return known.notes;
  };
  let knownTokens: { source: unknown; tokens: string[] } = { source: undefined, tokens: [] };
  const tokens = (): string[] => {
    const source = wording.tokens?.() ?? [];
    if (source !== knownTokens.source) knownTokens = { source, tokens: [...source].filter((token) => token.length >= 16) };
    return knownTokens.tokens;
  };

  /** The engine text that `tail` (a sentence from one of its word starts) begins with, if any. */
  const engineAt = (tail: string): string | undefined => {
    const word = firstWord(tail);
    const syntax = ENGINE_SYNTAX.exec(word);
    if (syntax && syntax.index === 0) return syntax[0];
    const token = tokens().find((value) => word.includes(value));
    if (token) return token;
    const flat = normalizeWording(tail);
    return flat === '' ? undefined : notes().find((note) => startsWithPhrase(flat, note));
  };
  /** True when `tail`, the unfinished end of a sentence from one of its word starts, may still become engine text. */
  const mayBecomeEngine = (tail: string): boolean => {
    if (engineAt(tail) !== undefined) return true;
    const word = firstWord(tail);
    // A first word still being written may become a label, an attribute or a token.
    if (word === tail && word !== '' && (PARTIAL_SYNTAX.some((head) => head.startsWith(word) || word.startsWith(head)) || tokens().some((token) => token.startsWith(word)))) return true;
    const flat = normalizeWording(tail);
    return flat !== '' && notes().some((note) => note.startsWith(flat));
  };
  /** Where the engine's text starts in a whole sentence, or -1. */
  const engineStart = (sentence: string): number => {
    for (const at of wordStarts(sentence)) if (engineAt(sentence.slice(at)) !== undefined) return at;
    return -1;
  };

  const stream = (): VisitorTextStream => {
    const tags = createTagStage();
    let pending = '';
    const release = (final: boolean): string => {
      let out = '';
      for (;;) {
        const [first, ...rest] = splitSentences(pending);
        if (first === undefined) return out;
        if (rest.length > 0 || final || endsSentence(first)) {
          // From where the engine's text starts, the sentence goes.
          const cut = engineStart(first);
          out += cut < 0 ? first : first.slice(0, cut);
          pending = rest.join('');
          continue;
        }
        // An unfinished sentence: what comes before the first place engine text may start goes now.
        const hold = wordStarts(first).find((at) => mayBecomeEngine(first.slice(at))) ?? first.length;
        out += first.slice(0, hold);
        pending = first.slice(hold);
        return out;
      }
    };
    // Taking a sentence out can bring two pieces of a tag together: the output passes the tags once more.
    const joined = createTagStage();
    return {
      push(delta) {
        pending += tags.push(delta);
        return joined.push(release(false));
      },
      end() {
        pending += tags.end();
        const out = joined.push(release(true)) + joined.end();
        pending = '';
        return out;
      },
    };
  };

  return {
    stream,
    clean(text) {
      const filter = stream();
      return filter.push(text) + filter.end();
    },
    find(text) {
      if (hasEngineTag(text)) return 'an engine tag (system-reminder or untrusted-text)';
      for (const sentence of splitSentences(text)) {
        const at = engineStart(sentence);
        if (at >= 0) return engineAt(sentence.slice(at));
      }
      return undefined;
    },
  };
}

/** A streamed sentence is over once its full stop is followed by a space, or at a CJK stop or a line break. */
function endsSentence(sentence: string): boolean {
  const body = sentence.trimEnd();
  const trailing = sentence.slice(body.length);
  return /[。！？]$/.test(body) || trailing.includes('\n') || (trailing !== '' && LATIN_END.test(body.slice(-1)));
}

const LATIN_WORD = /[a-z0-9]/i;
const LETTER = /[\p{L}\p{N}]/u;

/**
 * Where a word begins: a letter or digit after anything else, or any letter of a script written
 * without spaces (CJK), where a note may begin at any character. The same places as the normalized
 * text's word boundaries, so that a note is found the same way streamed or whole.
 */
function wordStarts(text: string): number[] {
  const starts: number[] = [];
  for (let at = 0; at < text.length; at += 1) {
    const char = text.charAt(at);
    if (!LETTER.test(char)) continue;
    const before = at === 0 ? ' ' : text.charAt(at - 1);
    if (!LETTER.test(before) || !LATIN_WORD.test(char) || !LATIN_WORD.test(before)) starts.push(at);
  }
  return starts;
}

/** The text up to its first space. */
function firstWord(text: string): string {
  const end = text.search(/\s/);
  return end < 0 ? text : text.slice(0, end);
}

/** `hay` begins with `needle`, which ends at a word boundary there (both normalized). */
function startsWithPhrase(hay: string, needle: string): boolean {
  if (!hay.startsWith(needle)) return false;
  const after = hay.charAt(needle.length);
  return after === '' || after === ' ' || !LATIN_WORD.test(after) || !LATIN_WORD.test(needle.charAt(needle.length - 1));
}
