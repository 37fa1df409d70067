/**
 * Reading what is typed after a `/command`: words split at spaces, a quoted run (`"two words"`,
 * `“two words”`, `「兩個詞」`) as one word without its quotes, `\"` for a quote inside `"…"`.
 * A quote left open runs to the end of the text, so half-typed input still reads.
 */

const QUOTES: Readonly<Record<string, string>> = { '"': '"', '“': '”', '「': '」', '『': '』' };

export interface CommandToken {
  text: string;
  /** Offsets into the text read, the quotes included. */
  start: number;
  end: number;
  quoted: boolean;
  /** False for a quote left open at the end. */
  closed: boolean;
}

/** The command word of `input` (`/translate fr` → `translate`) and the text after it, or undefined when it is no command. */
export function splitCommand(input: string): { command: string; tail: string; complete: boolean } | undefined {
  const text = input.replace(/^\s+/u, '');
  if (!text.startsWith('/')) return undefined;
  const space = text.search(/\s/u);
  const command = space === -1 ? text.slice(1) : text.slice(1, space);
  // `complete`: a space follows the word, so it is no longer being typed.
  return { command, tail: space === -1 ? '' : text.slice(space), complete: space !== -1 };
}

/** Reads up to `limit` words from `text`; `rest` is what follows them, trimmed. */
export function readWords(text: string, limit = Number.POSITIVE_INFINITY): { tokens: CommandToken[]; rest: string } {
  const tokens: CommandToken[] = [];
  let index = 0;
  while (tokens.length < limit) {
    while (index < text.length && /\s/u.test(text[index]!)) index++;
    if (index >= text.length) break;
    const token = readToken(text, index);
    tokens.push(token);
    index = token.end;
  }
  return { tokens, rest: text.slice(index).trim() };
}

function readToken(text: string, start: number): CommandToken {
  const close = QUOTES[text[start]!];
  if (close === undefined) {
    let end = start;
    while (end < text.length && !/\s/u.test(text[end]!)) end++;
    return { text: text.slice(start, end), start, end, quoted: false, closed: true };
  }
  let value = '';
  let index = start + 1;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '\\' && close === '"' && (text[index + 1] === '"' || text[index + 1] === '\\')) {
      value += text[index + 1];
      index += 2;
      continue;
    }
    // A curly quote opened may be closed by a straight one: keyboards mix them.
    if (char === close || (close === '”' && char === '"')) return { text: value, start, end: index + 1, quoted: true, closed: true };
    value += char;
    index++;
  }
  return { text: value, start, end: index, quoted: true, closed: false };
}
