/**
 * Everything one agent session needs to mark its own notes and fence what it did not write: one
 * reminder mark, one fence whose boundary follows from it, the two hooks the loop and the prompt
 * builders take, and the system prompt's paragraphs that declare both.
 */
import { fromBase64url, toBase64url } from './base64url.js';
import { isValidReminderMark, mintReminderMark, reminderMarkDeclaration } from './reminder-mark.js';
import { mintSystemReminder } from './system-reminder.js';
import { createFence, type Fence, type UntrustedSource } from './untrusted-fence.js';

export interface Provenance {
  readonly mark: string;
  readonly fence: Fence;
  /** Marks one note the engine wrote. */
  reminder(text: string): string;
  /** Fences one text the engine did not write. */
  fenceText(text: string, source: UntrustedSource): string;
  /** The system prompt's paragraphs on marks and fences. */
  declaration(): string;
}

/**
 * The provenance of a session: `storedMark` is kept when it is a valid mark of the current scheme,
 * and replaced by a fresh one otherwise (check `mark` to see which).
 */
export function createProvenance(storedMark?: unknown): Provenance {
  const mark = isValidReminderMark(storedMark) ? storedMark : mintReminderMark();
  const fence = createFence({ boundary: fenceBoundaryFor(mark) });
  return {
    mark,
    fence,
    reminder: (text) => mintSystemReminder(defuseReminderTags(text), mark),
    fenceText: (text, source) => fence.wrap(text, source),
    declaration: () => `${reminderMarkDeclaration(mark)}\n\n${fence.declaration()}`,
  };
}

/**
 * The fence boundary of the session that holds `mark`. It follows from the mark so that a resumed
 * session's stored fences still match its declaration, through a bijection on 128 bits, so it is
 * exactly as unpredictable as the mark while never being the mark itself.
 */
export function fenceBoundaryFor(mark: string): string {
  if (!isValidReminderMark(mark)) throw new TypeError('fenceBoundaryFor(mark): mark must come from mintReminderMark()');
  const bytes = fromBase64url(mark)!;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const words = [0, 1, 2, 3].map((i) => view.getUint32(i * 4));
  for (let round = 0; round < 2; round += 1) {
    for (let i = 0; i < 4; i += 1) {
      // Each step replaces one word by an invertible function of it, keyed by another: the whole stays a bijection.
      words[i] = finalMix((words[i]! ^ rotateLeft(words[(i + 3) % 4]!, 11) ^ 0x9e3779b9) >>> 0);
    }
  }
  words.forEach((word, i) => view.setUint32(i * 4, word));
  return toBase64url(bytes);
}

/** The engine's own note must not close its block early or open another. */
function defuseReminderTags(text: string): string {
  return text.replace(/<(?=\s*(?:\/\s*)?system[-_ ]?reminder)/gi, '‹');
}

/** MurmurHash3's 32-bit finalizer: xor-shifts and odd multiplications, each invertible. */
function finalMix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function rotateLeft(value: number, bits: number): number {
  return ((value << bits) | (value >>> (32 - bits))) >>> 0;
}
