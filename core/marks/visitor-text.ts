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
  /** Sentences of the engine's notes and declarations; the set may grow while a run goes on. */
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
const ENGINE_SYNTAX = /\bactions\[\d+\]|\b(?:mark|fence)=["']?[A-Za-z0-9_-]{16,64}/;
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
  let known: { size: number; notes: string[] } = { size: -1, notes: [] };
  const notes = (): string[] => {
    const all = [...wording.sentences()];
    if (all.length === known.size) return known.notes;
    const normalized = new Set<string>();
    for (const note of all) for (const sentence of splitSentences(note)) {
      const flat = normalizeWording(sentence);
      if (flat.length >= MIN_SENTENCE) normalized.add(flat);
    }
    known = { size: all.length, notes: [...normalized] };
    return known.notes;
  };
  const tokens = () => [...(wording.tokens?.() ?? [])].filter((token) => token.length >= 16);

  /** The engine bit a complete sentence carries, if any. */
  const engineIn = (sentence: string): string | undefined => {
    const syntax = ENGINE_SYNTAX.exec(sentence);
    if (syntax) return syntax[0];
    const token = tokens().find((value) => sentence.includes(value));
    if (token) return token;
    const flat = normalizeWording(sentence);
    return flat === '' ? undefined : notes().find((note) => containsPhrase(flat, note));
  };
  /** True when `tail` (the start of a sentence) may still become one of the engine's. */
  const mayBecomeEngine = (tail: string): boolean => {
    if (/\bactions\[?\d*$|\b(?:mark|fence)=?["']?[A-Za-z0-9_-]*$/.test(tail)) return true;
    const flat = normalizeWording(tail);
    if (flat === '') return false;
    return notes().some((note) => note.startsWith(flat) || containsPhrase(flat, note));
  };

  const stream = (): VisitorTextStream => {
    const tags = createTagStage();
    let pending = '';
    const release = (final: boolean): string => {
      let out = '';
      for (;;) {
        const [first, ...rest] = splitSentences(pending);
        if (first === undefined) return out;
        const complete = rest.length > 0 || final || endsSentence(first);
        if (complete) {
          if (engineIn(first) === undefined) out += first;
          pending = rest.join('');
          continue;
        }
        // An unfinished sentence: what comes before the first place an engine sentence may start goes now.
        const hold = holdFrom(first, mayBecomeEngine);
        out += first.slice(0, hold);
        pending = first.slice(hold);
        return out;
      }
    };
    const strip = (text: string): string => {
      let clean = text;
      for (const token of tokens()) clean = clean.split(token).join('');
      return clean;
    };
    return {
      push(delta) {
        pending += tags.push(delta);
        return strip(release(false));
      },
      end() {
        pending += tags.end();
        const out = release(true);
        pending = '';
        return strip(out);
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
        const found = engineIn(sentence);
        if (found !== undefined) return found;
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

/** `needle` occurs in `hay` at word boundaries (both are normalized; CJK has no spaces to bound it). */
function containsPhrase(hay: string, needle: string): boolean {
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    const before = at === 0 ? ' ' : hay.charAt(at - 1);
    const after = at + needle.length >= hay.length ? ' ' : hay.charAt(at + needle.length);
    if (boundary(before, needle.charAt(0)) && boundary(after, needle.charAt(needle.length - 1))) return true;
  }
  return false;
}

function boundary(outside: string, inside: string): boolean {
  return outside === ' ' || !/[a-z0-9]/.test(outside) || !/[a-z0-9]/.test(inside);
}

/** The first word start in `sentence` from which it may still become engine text; its length when none. */
function holdFrom(sentence: string, mayBecomeEngine: (tail: string) => boolean): number {
  for (let at = 0; at < sentence.length; at += 1) {
    const wordStart = at === 0 || (/\s/.test(sentence.charAt(at - 1)) && !/\s/.test(sentence.charAt(at)));
    if (wordStart && mayBecomeEngine(sentence.slice(at))) return at;
  }
  return sentence.length;
}
