/**
 * Reading the engine's marked reminder blocks back out of a text. A block starts only at an open tag
 * whose sole attribute is a mark of the current scheme, spelled in lower case with no space around
 * the `=`; the quotes around the value may be double, single or absent (a model relaying a block may
 * change them, and the mark is what counts). Anything else shaped like a reminder is data.
 */
import { isValidReminderMark } from './reminder-mark.js';
import { REMINDER_CLOSE } from './system-reminder.js';

/** A candidate open tag; the value is judged separately. */
const MARKED_OPEN = /<system-reminder[ \t\r\n]+mark=(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))[ \t\r\n]*>/g;

/** The blank lines after a removed block. */
const BLANK_LINES = /(?:[ \t]*\r?\n)*/y;

interface MarkedOpen {
  start: number;
  end: number;
  mark: string;
}

/** The next open tag at or after `from` that carries a valid mark (and, when given, exactly `only`). */
function nextMarkedOpen(text: string, from: number, only?: string): MarkedOpen | undefined {
  MARKED_OPEN.lastIndex = from;
  for (let match = MARKED_OPEN.exec(text); match; match = MARKED_OPEN.exec(text)) {
    const mark = match[1] ?? match[2] ?? match[3];
    if (isValidReminderMark(mark) && (only === undefined || mark === only)) {
      return { start: match.index, end: match.index + match[0].length, mark };
    }
    // A rejected candidate may hide a real open tag inside its quoted value.
    MARKED_OPEN.lastIndex = match.index + 1;
  }
  return undefined;
}

/**
 * The bodies of the blocks minted with `mark` in `text`, each from its open tag to the next close tag
 * (or the end of the text), without the newline the mint puts on either side. Provenance names the
 * carrier, not every byte in it: a caller that must judge what the engine said reads the bodies.
 */
export function markedReminderBodiesOf(text: string, mark: string): string[] {
  if (!isValidReminderMark(mark)) return [];
  const bodies: string[] = [];
  let from = 0;
  for (let open = nextMarkedOpen(text, from, mark); open; open = nextMarkedOpen(text, from, mark)) {
    const close = text.indexOf(REMINDER_CLOSE, open.end);
    const bodyEnd = close < 0 ? text.length : close;
    let body = text.slice(open.end, bodyEnd);
    // The mint writes `\n`; a text whose line ends became `\r\n` on the way has them on both sides.
    const lineEnd = body.startsWith('\r\n') ? '\r\n' : '\n';
    if (body.startsWith(lineEnd)) body = body.slice(lineEnd.length);
    if (close >= 0 && body.endsWith(lineEnd)) body = body.slice(0, -lineEnd.length);
    bodies.push(body);
    if (close < 0) break;
    from = close + REMINDER_CLOSE.length;
  }
  return bodies;
}

/**
 * `text` without the engine's marked blocks (any valid mark): for projecting a result to a reader that
 * does not hold the context the notes were meant for. Each block goes from its open tag through the
 * next close tag, with the blank lines between it and what follows, so the text after a block starts
 * where the block started; a block with no close runs to the end. A text with no marked open tag is
 * returned as it is.
 */
export function stripMarkedReminderBlocks(text: string): string {
  let open = nextMarkedOpen(text, 0);
  if (!open) return text;
  let kept = '';
  let cursor = 0;
  while (open) {
    kept += text.slice(cursor, open.start);
    const close = text.indexOf(REMINDER_CLOSE, open.end);
    if (close < 0) return kept;
    BLANK_LINES.lastIndex = close + REMINDER_CLOSE.length;
    BLANK_LINES.exec(text);
    cursor = BLANK_LINES.lastIndex;
    open = nextMarkedOpen(text, cursor);
  }
  return kept + text.slice(cursor);
}
