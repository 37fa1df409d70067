/**
 * The engine's tags as a visitor-facing filter meets them: the reminder block (`<system-reminder …>`
 * to `</system-reminder>`) and the fence tags (`<untrusted-text …>`, `</untrusted-text …>`), in any
 * case or spacing, defused (`‹`) or not. A stage of the visitor-text filter: text streams through it,
 * and only what could still be the start of such a tag is held back.
 */

/** How each tag begins once lower-cased, with `‹`/`›` read as `<`/`>` and spaces, `-` and `_` taken out. */
const REMINDER_OPEN = '<systemreminder';
const REMINDER_CLOSE = '</systemreminder';
const FENCE_HEADS = ['<untrustedtext', '</untrustedtext'];
const HEADS = [REMINDER_OPEN, REMINDER_CLOSE, ...FENCE_HEADS];
/** A tag longer than this without its `>` is taken to run to the end of the text. */
const LONGEST_TAG = 300;
const TAG_START = /[<‹]/;
const TAG_END = /[>›]/;

function compact(text: string): string {
  return text.toLowerCase().replace(/‹/g, '<').replace(/›/g, '>').replace(/[\s\-_]+/g, '');
}

/** True when `text` contains an engine tag, whole or begun (the visitor-facing check). */
export function hasEngineTag(text: string): boolean {
  const flat = compact(text);
  return HEADS.some((head) => flat.includes(head));
}

export interface TagStage {
  /** Takes the next piece of text; returns what is free of engine tags and can go on now. */
  push(delta: string): string;
  /** The text is complete: returns the rest, an unfinished engine tag or reminder block left out. */
  end(): string;
}

/**
 * Drops reminder blocks whole (the body is the engine's note) and the fence tags alone (what they
 * enclose is the page's own text, which a visitor may read). A reminder that never closes is dropped
 * to the end, and so is a stray close tag's own text.
 */
export function createTagStage(): TagStage {
  let buffer = '';
  let inReminder = false;

  let out = '';
  /** A tag taken out may leave a `<` just before what follows it: that `<` is judged again with it. */
  const rejoin = () => {
    const left = /[<‹][\s\-_]*$/.exec(out);
    if (!left) return;
    out = out.slice(0, left.index);
    buffer = left[0] + buffer;
  };
  const drain = (final: boolean): string => {
    out = '';
    for (;;) {
      if (inReminder) {
        const close = findHead(buffer, REMINDER_CLOSE);
        if (close === undefined) {
          // The block's text goes; only what may still begin its close tag waits.
          const start = buffer.search(/[<‹][^<‹]*$/);
          const tail = start < 0 ? '' : buffer.slice(start);
          buffer = !final && REMINDER_CLOSE.startsWith(compact(tail)) ? tail : '';
          return out;
        }
        const end = tagEnd(buffer, close);
        if (end === undefined) {
          if (final) buffer = '';
          return out;
        }
        buffer = buffer.slice(end);
        inReminder = false;
        rejoin();
        continue;
      }
      const start = buffer.search(TAG_START);
      if (start < 0) {
        out += buffer;
        buffer = '';
        return out;
      }
      out += buffer.slice(0, start);
      buffer = buffer.slice(start);
      const head = compact(buffer.slice(0, 40));
      const engine = HEADS.find((candidate) => head.startsWith(candidate));
      if (!engine) {
        if (!final && HEADS.some((candidate) => candidate.startsWith(head))) return out;
        out += buffer.charAt(0);
        buffer = buffer.slice(1);
        continue;
      }
      const end = tagEnd(buffer, 0);
      if (end === undefined) {
        if (final || buffer.length > LONGEST_TAG) buffer = '';
        return out;
      }
      if (engine === REMINDER_OPEN) inReminder = true;
      buffer = buffer.slice(end);
      rejoin();
    }
  };

  return {
    push(delta) {
      buffer += delta;
      return drain(false);
    },
    end() {
      const rest = drain(true);
      buffer = '';
      inReminder = false;
      return rest;
    },
  };
}

/** Where the tag that starts at `from` ends (after its `>`), if it has ended. */
function tagEnd(text: string, from: number): number | undefined {
  const match = TAG_END.exec(text.slice(from + 1));
  if (!match) return text.length - from > LONGEST_TAG ? text.length : undefined;
  return from + 1 + match.index + 1;
}

/** The index of the first tag in `text` that begins with `head` (compacted), if any. */
function findHead(text: string, head: string): number | undefined {
  for (let at = text.search(TAG_START); at >= 0; ) {
    if (compact(text.slice(at, at + 40)).startsWith(head)) return at;
    const next = text.slice(at + 1).search(TAG_START);
    at = next < 0 ? -1 : at + 1 + next;
  }
  return undefined;
}
