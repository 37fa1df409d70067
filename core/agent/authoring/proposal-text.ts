const CONTENT_KEY = /"content"\s*:\s*"/;
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * The `content` string of a `replace_part` call whose JSON arguments are still streaming, decoded as
 * far as it has arrived; undefined until its opening quote is in. A cut-off escape is left out until
 * its remaining characters arrive.
 */
export function partialContent(argumentsText: string): string | undefined {
  const key = CONTENT_KEY.exec(argumentsText);
  if (!key) return undefined;
  let decoded = '';
  let at = key.index + key[0].length;
  while (at < argumentsText.length) {
    const char = argumentsText[at]!;
    if (char === '"') return decoded;
    if (char !== '\\') {
      decoded += char;
      at += 1;
      continue;
    }
    const escape = argumentsText[at + 1];
    if (escape === undefined) return decoded;
    if (escape === 'u') {
      const hex = argumentsText.slice(at + 2, at + 6);
      if (hex.length < 4) return decoded;
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) return decoded;
      decoded += String.fromCharCode(Number.parseInt(hex, 16));
      at += 6;
      continue;
    }
    const simple = SIMPLE_ESCAPES[escape];
    if (simple === undefined) return decoded;
    decoded += simple;
    at += 2;
  }
  return decoded;
}
