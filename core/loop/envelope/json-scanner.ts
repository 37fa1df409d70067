/**
 * A forward-only JSON syntax scanner that is fed text in pieces. It validates exactly what
 * `JSON.parse` accepts, keeps only a stack of open containers and the state of the current token, and
 * tells its handler where each value starts and ends in the current piece, so the handler can cut out
 * the raw text of the values it cares about. Strings are decoded only when the handler asks.
 */

export const OBJECT_VALUE = 0;
export const ARRAY_VALUE = 1;
export const STRING_VALUE = 2;
export const SCALAR_VALUE = 3;
export type ValueKind = typeof OBJECT_VALUE | typeof ARRAY_VALUE | typeof STRING_VALUE | typeof SCALAR_VALUE;

/** Role of a container the handler does not track: its keys are not decoded. */
export const UNTRACKED = 0;
/** The role passed as `parentRole` for the top-level value. */
export const TOP_LEVEL = -1;

export interface JsonScanHandler {
  /**
   * A value begins at `offset` in the current piece, directly inside a container of role `parentRole`.
   * For an object or array the return value becomes its role (`UNTRACKED` or a positive number of the
   * handler's choosing); for a string, a non-zero return asks for its decoded text through `text()`.
   */
  valueStart(kind: ValueKind, offset: number, parentRole: number): number;
  /** The value that began last directly inside a container of role `parentRole` ended just before `offset`. */
  valueEnd(offset: number, parentRole: number): void;
  /** A key of an object whose role is not `UNTRACKED`, decoded. */
  key(name: string, role: number): void;
  /** Decoded characters of a string whose `valueStart` asked for them; an escape is never split. */
  text(piece: string): void;
}

const EXPECT_VALUE = 0;
const EXPECT_VALUE_OR_CLOSE = 1;
const EXPECT_KEY_OR_CLOSE = 2;
const EXPECT_KEY = 3;
const EXPECT_COLON = 4;
const EXPECT_COMMA_OR_CLOSE = 5;
const IN_STRING = 6;
const IN_ESCAPE = 7;
const IN_UNICODE = 8;
const IN_SCALAR = 9;
const DONE = 10;
const FAILED = 11;

const SKIP_TEXT = 0;
const HANDLER_TEXT = 1;
const KEY_TEXT = 2;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const LITERALS = ['true', 'false', 'null'];

const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Characters that can continue a number or a literal; anything else ends it. */
function isScalarChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x2e || c === 0x2b || c === 0x2d;
}

/** A character as a model would read it in an error: quoted, with invisible ones escaped. */
function showChar(ch: string): string {
  return /^[\x21-\x7e]$/.test(ch) ? `'${ch}'` : JSON.stringify(ch);
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

function isLiteralPrefix(text: string): boolean {
  return LITERALS.some((literal) => literal.startsWith(text));
}

export class JsonScanner {
  private state = EXPECT_VALUE;
  /** Open containers, innermost last: their kind and the role the handler gave them. */
  private readonly kinds: number[] = [];
  private readonly roles: number[] = [];
  private textMode = SKIP_TEXT;
  private inKey = false;
  private keyText = '';
  private unicodeDigits = 0;
  private unicodeCode = 0;
  private scalarText = '';
  private failureText: string | undefined;

  constructor(private readonly handler: JsonScanHandler) {}

  /** The top-level value has closed; the scanner reads nothing more. */
  get done(): boolean {
    return this.state === DONE;
  }

  /** What was wrong with the text, once the scanner met a syntax error. */
  get failure(): string | undefined {
    return this.failureText;
  }

  /**
   * Scans `chunk` from `from`. `base` is how many characters came before `chunk`, for error positions.
   * Returns where it stopped: the chunk's length, just past the top-level value once it closed, or -1
   * on a syntax error (see `failure`); after that it reads nothing more.
   */
  write(chunk: string, from: number, base: number): number {
    if (this.state === DONE) return from;
    if (this.state === FAILED) return -1;
    const n = chunk.length;
    let i = from;
    // Each step reads from `i` in the current state and returns where it stopped, or -1 on a syntax error.
    while (i < n) {
      switch (this.state) {
        case IN_STRING:
          i = this.scanString(chunk, i, base);
          break;
        case IN_ESCAPE:
          i = this.scanEscape(chunk, i, base);
          break;
        case IN_UNICODE:
          i = this.scanUnicode(chunk, i, base);
          break;
        case IN_SCALAR:
          i = this.scanScalar(chunk, i, base);
          break;
        case DONE:
          return i;
        default:
          i = this.scanStructural(chunk, i, base);
      }
      if (i < 0) return -1;
    }
    return i;
  }

  /** A run of plain string characters, then the quote, backslash or control character that ends it. */
  private scanString(chunk: string, from: number, base: number): number {
    const n = chunk.length;
    let i = from;
    let c = 0;
    while (i < n) {
      c = chunk.charCodeAt(i);
      if (c === QUOTE || c === BACKSLASH || c < 0x20) break;
      i++;
    }
    if (i > from && this.textMode !== SKIP_TEXT) this.emitText(chunk.slice(from, i));
    if (i === n) return i;
    if (c === QUOTE) {
      this.state = this.endString(i + 1);
      return i + 1;
    }
    if (c === BACKSLASH) {
      this.state = IN_ESCAPE;
      return i + 1;
    }
    return this.fail(`an unescaped control character (code ${c}) inside a string at character ${base + i}; write it as an escape such as \\n`);
  }

  private scanEscape(chunk: string, i: number, base: number): number {
    const ch = chunk[i]!;
    if (ch === 'u') {
      this.unicodeDigits = 0;
      this.unicodeCode = 0;
      this.state = IN_UNICODE;
      return i + 1;
    }
    const decoded = SIMPLE_ESCAPES[ch];
    if (decoded === undefined) return this.fail(`an invalid escape \\${ch} at character ${base + i - 1}`);
    if (this.textMode !== SKIP_TEXT) this.emitText(decoded);
    this.state = IN_STRING;
    return i + 1;
  }

  private scanUnicode(chunk: string, i: number, base: number): number {
    const digit = hexValue(chunk.charCodeAt(i));
    if (digit < 0) return this.fail(`an invalid \\u escape at character ${base + i}: expected four hex digits`);
    this.unicodeCode = this.unicodeCode * 16 + digit;
    if (++this.unicodeDigits === 4) {
      if (this.textMode !== SKIP_TEXT) this.emitText(String.fromCharCode(this.unicodeCode));
      this.state = IN_STRING;
    }
    return i + 1;
  }

  /** A number or literal, which may arrive cut across pieces; it ends at the first character that cannot continue it. */
  private scanScalar(chunk: string, from: number, base: number): number {
    const n = chunk.length;
    let i = from;
    while (i < n && isScalarChar(chunk.charCodeAt(i))) i++;
    this.scalarText += chunk.slice(from, i);
    const first = this.scalarText.charCodeAt(0);
    const isLiteral = first >= 0x61 && first <= 0x7a;
    if (isLiteral && !isLiteralPrefix(this.scalarText)) {
      // Reported at the first wrong letter, wherever the pieces were cut.
      let bad = 1;
      while (isLiteralPrefix(this.scalarText.slice(0, bad + 1))) bad++;
      const at = base + i - (this.scalarText.length - bad);
      return this.fail(`unexpected ${showChar(this.scalarText[bad]!)} at character ${at}, inside a word that should be true, false or null`);
    }
    if (i === n) return i;
    if (isLiteral ? !LITERALS.includes(this.scalarText) : !NUMBER.test(this.scalarText)) {
      return this.fail(`an invalid ${isLiteral ? 'word' : 'number'} ${JSON.stringify(this.scalarText)} ending at character ${base + i}`);
    }
    this.scalarText = '';
    this.state = this.endValue(i);
    return i;
  }

  /** Whitespace, or one structural character: a bracket, a comma, a colon, or the start of a value or key. */
  private scanStructural(chunk: string, i: number, base: number): number {
    const c = chunk.charCodeAt(i);
    if (isWhitespace(c)) return i + 1;
    const next = this.structural(this.state, c, chunk, i);
    if (next === FAILED) return this.fail(`unexpected ${showChar(chunk[i]!)} at character ${base + i}, where ${this.expectation(this.state)} was expected`);
    this.state = next;
    // A scalar's first character is read again by its own state.
    return next === IN_SCALAR ? i : i + 1;
  }

  /** The next state after structural character `c` in `state`, or FAILED. */
  private structural(state: number, c: number, chunk: string, i: number): number {
    switch (state) {
      case EXPECT_VALUE:
      case EXPECT_VALUE_OR_CLOSE:
        if (c === 0x5d /* ] */ && state === EXPECT_VALUE_OR_CLOSE) return this.close(i + 1);
        return this.startValue(c, i);
      case EXPECT_KEY_OR_CLOSE:
        if (c === 0x7d /* } */) return this.close(i + 1);
        return c === QUOTE ? this.startKey() : FAILED;
      case EXPECT_KEY:
        return c === QUOTE ? this.startKey() : FAILED;
      case EXPECT_COLON:
        return c === 0x3a /* : */ ? EXPECT_VALUE : FAILED;
      case EXPECT_COMMA_OR_CLOSE: {
        const inObject = this.kinds[this.kinds.length - 1] === OBJECT_VALUE;
        if (c === 0x2c /* , */) return inObject ? EXPECT_KEY : EXPECT_VALUE;
        if (c === (inObject ? 0x7d : 0x5d)) return this.close(i + 1);
        return FAILED;
      }
      default:
        throw new Error(`JsonScanner reached an unknown state ${state} at ${JSON.stringify(chunk[i])}`);
    }
  }

  private startValue(c: number, offset: number): number {
    const parentRole = this.currentRole();
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const kind = c === 0x7b ? OBJECT_VALUE : ARRAY_VALUE;
      const role = this.handler.valueStart(kind, offset, parentRole);
      this.kinds.push(kind);
      this.roles.push(role);
      return kind === OBJECT_VALUE ? EXPECT_KEY_OR_CLOSE : EXPECT_VALUE_OR_CLOSE;
    }
    if (c === QUOTE) {
      this.inKey = false;
      this.textMode = this.handler.valueStart(STRING_VALUE, offset, parentRole) === 0 ? SKIP_TEXT : HANDLER_TEXT;
      return IN_STRING;
    }
    if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39) || c === 0x74 /* t */ || c === 0x66 /* f */ || c === 0x6e /* n */) {
      this.handler.valueStart(SCALAR_VALUE, offset, parentRole);
      this.scalarText = '';
      return IN_SCALAR;
    }
    return FAILED;
  }

  private startKey(): number {
    this.inKey = true;
    this.keyText = '';
    this.textMode = this.currentRole() === UNTRACKED ? SKIP_TEXT : KEY_TEXT;
    return IN_STRING;
  }

  private endString(offset: number): number {
    if (!this.inKey) return this.endValue(offset);
    if (this.textMode === KEY_TEXT) {
      const name = this.keyText;
      this.keyText = '';
      this.handler.key(name, this.currentRole());
    }
    this.inKey = false;
    return EXPECT_COLON;
  }

  private close(offset: number): number {
    this.kinds.pop();
    this.roles.pop();
    return this.endValue(offset);
  }

  private endValue(offset: number): number {
    this.handler.valueEnd(offset, this.currentRole());
    return this.kinds.length === 0 ? DONE : EXPECT_COMMA_OR_CLOSE;
  }

  private emitText(piece: string): void {
    if (this.inKey) this.keyText += piece;
    else this.handler.text(piece);
  }

  private currentRole(): number {
    const depth = this.roles.length;
    return depth === 0 ? TOP_LEVEL : this.roles[depth - 1]!;
  }

  private expectation(state: number): string {
    switch (state) {
      case EXPECT_VALUE:
        return 'a value';
      case EXPECT_VALUE_OR_CLOSE:
        return "a value or ']'";
      case EXPECT_KEY_OR_CLOSE:
        return "a key in double quotes or '}'";
      case EXPECT_KEY:
        return 'a key in double quotes';
      case EXPECT_COLON:
        return "':'";
      default:
        return this.kinds[this.kinds.length - 1] === OBJECT_VALUE ? "',' or '}'" : "',' or ']'";
    }
  }

  private fail(what: string): -1 {
    this.state = FAILED;
    this.failureText = what;
    return -1;
  }
}
