/** JSON Pointer (RFC 6901): parsing, formatting, reading and immutable writing. */

import { DddkError } from '../util/dddk-error.js';

export class JsonPointerError extends DddkError<'json-pointer'> {
  override name = 'JsonPointerError';
  readonly code = 'json-pointer';
}

/** Splits a pointer into unescaped reference tokens; `''` is the whole document. */
export function parsePointer(pointer: string): string[] {
  if (typeof pointer !== 'string') throw new JsonPointerError('A JSON Pointer must be a string such as "/form/email".');
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) {
    throw new JsonPointerError(`"${pointer}" is not a JSON Pointer: it must be empty or start with "/" (e.g. "/form/email").`);
  }
  return pointer
    .slice(1)
    .split('/')
    .map((token) => {
      if (/~(?![01])/.test(token)) {
        throw new JsonPointerError(`"${pointer}" has a "~" that is not "~0" (for ~) or "~1" (for /).`);
      }
      // Order matters: "~01" must become "~1", not "/".
      return token.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function formatPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((token) => '/' + escapePointerToken(String(token))).join('');
}

export function isPointer(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    parsePointer(value);
    return true;
  } catch {
    return false;
  }
}

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

function ownChild(container: unknown, token: string): { found: boolean; value?: unknown } {
  if (Array.isArray(container)) {
    if (!ARRAY_INDEX.test(token)) return { found: false };
    const index = Number(token);
    return index < container.length ? { found: true, value: container[index] } : { found: false };
  }
  if (container !== null && typeof container === 'object' && Object.hasOwn(container, token)) {
    return { found: true, value: (container as Record<string, unknown>)[token] };
  }
  return { found: false };
}

/** The value at `pointer`, or `undefined` when any step is missing. */
export function getAtPointer(document: unknown, pointer: string): unknown {
  let current = document;
  for (const token of parsePointer(pointer)) {
    const step = ownChild(current, token);
    if (!step.found) return undefined;
    current = step.value;
  }
  return current;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A copy of `document` with `value` at `pointer`; untouched branches are shared.
 * Missing objects along the way are created; `-` appends to an array. The empty pointer replaces the document.
 */
export function setAtPointer(document: unknown, pointer: string, value: unknown): unknown {
  const tokens = parsePointer(pointer);
  const write = (current: unknown, depth: number): unknown => {
    if (depth === tokens.length) return value;
    const token = tokens[depth]!;
    if (Array.isArray(current)) {
      const index = token === '-' ? current.length : ARRAY_INDEX.test(token) ? Number(token) : -1;
      if (index < 0 || index > current.length) {
        throw new JsonPointerError(
          `Cannot write "${pointer}": "${token}" is not an index of the array at ${formatPointer(tokens.slice(0, depth)) || '""'} (length ${current.length}).`,
        );
      }
      const copy = current.slice();
      copy[index] = write(current[index], depth + 1);
      return copy;
    }
    if (current !== undefined && !isPlainRecord(current)) {
      throw new JsonPointerError(
        `Cannot write "${pointer}": the value at ${formatPointer(tokens.slice(0, depth)) || '""'} is a ${current === null ? 'null' : typeof current}, not an object or array.`,
      );
    }
    const base = current ?? {};
    const next = write(Object.hasOwn(base, token) ? base[token] : undefined, depth + 1);
    // defineProperty keeps a "__proto__" token an ordinary own key instead of changing the prototype.
    const copy: Record<string, unknown> = { ...base };
    Object.defineProperty(copy, token, { value: next, enumerable: true, writable: true, configurable: true });
    return copy;
  };
  return write(document, 0);
}
