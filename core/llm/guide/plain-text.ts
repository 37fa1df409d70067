/** Small text helpers for what the guide quotes: page text is untrusted, so it is flattened and bounded. */

// Controls and the bidirectional overrides/isolates that could reorder a quote on screen.
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u202a-\u202e\u2066-\u2069\ufeff]/g;
const WHITESPACE = /\s+/g;

export { clip } from '../../util/clip.js';

/** Whitespace collapsed to single spaces, invisible controls removed, trimmed. */
export function flatten(text: string): string {
  return text.replace(INVISIBLE, '').replace(WHITESPACE, ' ').trim();
}


/** A short, stable, non-cryptographic hash (FNV-1a, 32 bits) in base 36. */
export function stableHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;

/** Which script a text is written in, as far as the guide's languages go. */
export function scriptOf(text: string): 'han' | 'latin' | undefined {
  if (HAN.test(text)) return 'han';
  if (LATIN.test(text)) return 'latin';
  return undefined;
}
