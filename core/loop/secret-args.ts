/**
 * Secrets a model wrote into a call (the value for a password field) go to the tool and nowhere
 * else: the records, checkpoints, transcript and events carry a placeholder, and any other string
 * the loop keeps has the value blanked out.
 */

export const SECRET_PLACEHOLDER = '[secret]';

/** Values shorter than this are not blanked out of free text, where they would match ordinary words. */
const MIN_SCRUBBED_LENGTH = 3;

/** A copy of `args` with the named arguments replaced by the placeholder. */
export function redactArgs(args: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const copy = { ...args };
  for (const name of names) if (name in copy) copy[name] = SECRET_PLACEHOLDER;
  return copy;
}

/** The string values among the named arguments, for blanking out of text. */
export function secretValues(args: Record<string, unknown>, names: readonly string[]): string[] {
  return names
    .map((name) => args[name])
    .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
    .map(String)
    .filter((value) => value.length >= MIN_SCRUBBED_LENGTH);
}

/** `value` with every occurrence of a secret replaced, in every string it holds (a JSON value). */
export function scrubSecrets<T>(value: T, secrets: ReadonlySet<string>): T {
  if (secrets.size === 0) return value;
  return scrub(value, [...secrets].sort((a, b) => b.length - a.length)) as T;
}

function scrub(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') {
    let text = value;
    for (const secret of secrets) if (text.includes(secret)) text = text.split(secret).join(SECRET_PLACEHOLDER);
    return text;
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item, secrets));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = scrub(item, secrets);
    return out;
  }
  return value;
}
