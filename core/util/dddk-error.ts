/**
 * The base of every error the kit throws on purpose. `code` is a string literal of each subclass
 * (or a small union, where one class covers several failures), so a host can branch on it without
 * reading messages. A page may run two copies of dddk (a CMS that loads the script twice), and then
 * `instanceof` fails across them; `isDddkError` reads a brand under a registered symbol instead.
 */
const BRAND = Symbol.for('dddk.error');

/** The base of the kit's errors; each subclass keeps its own `name` and narrows `code`. */
export abstract class DddkError<Code extends string = string> extends Error {
  /** What failed, as a string literal of the subclass: `stale-write`, `llm`, a LoopError's `llm_timeout`. */
  abstract readonly code: Code;
}

Object.defineProperty(DddkError.prototype, BRAND, { value: true });

/** True for an error of any dddk copy on the page, whichever copy's class made it. */
export function isDddkError(value: unknown): value is DddkError {
  return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true && typeof (value as { code?: unknown }).code === 'string';
}
