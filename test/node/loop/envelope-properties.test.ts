// Properties of the streaming envelope parser, checked over thousands of generated cases: splitting the
// text anywhere changes nothing, and no input makes it throw or run an action the stream cut off.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createEnvelopeParser, eventsFromEnvelopeValue, parseEnvelopeOnce, type EnvelopeEvent } from '../../../core/loop/envelope/index.js';
import { JsonScanner, type JsonScanHandler } from '../../../core/loop/envelope/json-scanner.js';

// Generous for a loaded machine: each property takes about a second alone.
const BOUND = { timeout: 30_000 };

// ---- generating envelopes -------------------------------------------------------------------------

const trickyChars = fc.constantFrom('"', '\\', '/', '\n', '\r', '\t', '\u0000', '\u001f', '\u007f', 'é', '字', '😀', '👩‍👩‍👧', '\u2028', '{', '}', '[', ']', ',', ':');
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const anyCodePoint = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });

/** Strings of any unicode, weighted towards what breaks naive parsers; lone surrogates included. */
const anyText = fc.string({
  unit: fc.oneof({ arbitrary: trickyChars, weight: 4 }, { arbitrary: anyCodePoint, weight: 6 }, { arbitrary: loneSurrogate, weight: 1 }),
  maxLength: 24,
});
/** The same without lone surrogates: every piece of narration must then be well formed on its own. */
const wellFormedText = fc.string({ unit: fc.oneof({ arbitrary: trickyChars, weight: 4 }, { arbitrary: anyCodePoint, weight: 6 }), maxLength: 24 });

const jsonValue = fc.jsonValue({ maxDepth: 3, stringUnit: fc.oneof(trickyChars, anyCodePoint) });

/** An object's entries in a random order, as a model may write them. */
function shuffled<T extends object>(record: fc.Arbitrary<T>): fc.Arbitrary<Record<string, unknown>> {
  return record.chain((value) => {
    const entries = Object.entries(value);
    return fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length }).map((order) => Object.fromEntries(order));
  });
}

function actionArbitrary(text: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const valid = shuffled(
    fc.record(
      {
        narrate: text,
        about: fc.array(text, { maxLength: 3 }),
        tool: text.filter((name) => name.trim() !== ''),
        args: fc.dictionary(text, jsonValue, { maxKeys: 4 }),
      },
      { requiredKeys: ['tool'] },
    ),
  );
  const wrongTypes = shuffled(
    fc.record({ narrate: fc.oneof(text, jsonValue), about: fc.oneof(fc.array(text), jsonValue), tool: jsonValue, args: jsonValue }, { requiredKeys: [] }),
  );
  return fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: wrongTypes, weight: 2 }, { arbitrary: jsonValue, weight: 1 });
}

function envelopeArbitrary(text: fc.Arbitrary<string>): fc.Arbitrary<Record<string, unknown>> {
  return shuffled(
    fc.record(
      {
        memory: fc.oneof({ arbitrary: text, weight: 5 }, { arbitrary: jsonValue, weight: 1 }),
        turn_planning: fc.oneof(
          { arbitrary: fc.record({ evaluation_previous_goal: text, next_goal: text }, { requiredKeys: [] }), weight: 5 },
          { arbitrary: jsonValue, weight: 1 },
        ),
        todo_adjust: jsonValue,
        todos_remaining: fc.oneof({ arbitrary: fc.array(text, { maxLength: 4 }), weight: 5 }, { arbitrary: jsonValue, weight: 1 }),
        actions: fc.oneof({ arbitrary: fc.array(actionArbitrary(text), { maxLength: 5 }), weight: 8 }, { arbitrary: jsonValue, weight: 1 }),
        is_final: fc.oneof({ arbitrary: fc.boolean(), weight: 5 }, { arbitrary: jsonValue, weight: 1 }),
        extra_notes: jsonValue,
      },
      { requiredKeys: [] },
    ),
  );
}

// ---- writing them as a model might -----------------------------------------------------------------

interface Style {
  /** Whitespace put between tokens. */
  space: string;
  /** How strings are escaped: as JSON.stringify does, every code unit as \uXXXX, or a mix of both. */
  escapes: 'minimal' | 'unicode' | 'mixed';
}

const styleArbitrary: fc.Arbitrary<Style> = fc.record({
  space: fc.constantFrom('', ' ', '\n  ', '\r\n\t'),
  escapes: fc.constantFrom('minimal', 'unicode', 'mixed'),
});

function unicodeEscape(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

function quote(text: string, style: Style): string {
  if (style.escapes === 'minimal') return JSON.stringify(text);
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Mixed: odd code units escaped, so a surrogate pair is often half escaped, half raw.
    if (style.escapes === 'mixed' && text[i] === '/') out += '\\/';
    else if (style.escapes === 'unicode' || code % 2 === 1) out += unicodeEscape(code);
    else out += JSON.stringify(text[i]).slice(1, -1);
  }
  return out + '"';
}

function write(value: unknown, style: Style): string {
  if (typeof value === 'string') return quote(value, style);
  if (Array.isArray(value)) return `[${style.space}${value.map((item) => write(item, style)).join(`,${style.space}`)}${style.space}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value).map(([key, inner]) => `${quote(key, style)}${style.space}:${style.space}${write(inner, style)}`);
    return `{${style.space}${members.join(`,${style.space}`)}${style.space}}`;
  }
  return JSON.stringify(value);
}

/** The envelope's text, and where each element of its `actions` array ends (just past its last character). */
function writeEnvelope(envelope: Record<string, unknown>, style: Style): { text: string; actionEnds: number[] } {
  const actionEnds: number[] = [];
  let text = `{${style.space}`;
  Object.entries(envelope).forEach(([key, value], i) => {
    if (i > 0) text += `,${style.space}`;
    text += `${quote(key, style)}:${style.space}`;
    if (key === 'actions' && Array.isArray(value)) {
      text += `[${style.space}`;
      value.forEach((action, j) => {
        if (j > 0) text += `,${style.space}`;
        text += write(action, style);
        actionEnds.push(text.length);
      });
      text += `${style.space}]`;
    } else {
      text += write(value, style);
    }
  });
  return { text: `${text}${style.space}}`, actionEnds };
}

// ---- splitting and feeding -------------------------------------------------------------------------

type Split = { kind: 'characters' } | { kind: 'cuts'; cuts: number[] } | { kind: 'sizes'; sizes: number[] };

const splitArbitrary: fc.Arbitrary<Split> = fc.oneof(
  fc.constant<Split>({ kind: 'characters' }),
  fc.array(fc.nat(), { maxLength: 40 }).map<Split>((cuts) => ({ kind: 'cuts', cuts })),
  fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 12 }).map<Split>((sizes) => ({ kind: 'sizes', sizes })),
);

function splitText(text: string, split: Split): string[] {
  if (split.kind === 'characters') return text.split('');
  if (split.kind === 'sizes') {
    const pieces: string[] = [];
    for (let at = 0, k = 0; at < text.length; k++) {
      const size = split.sizes[k % split.sizes.length]!;
      pieces.push(text.slice(at, at + size));
      at += size;
    }
    return pieces;
  }
  const positions = [...new Set(split.cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const at of [...positions, text.length]) {
    pieces.push(text.slice(from, at));
    from = at;
  }
  return pieces;
}

interface Run {
  fromFeeds: EnvelopeEvent[];
  fromFinish: EnvelopeEvent[];
}

function stream(pieces: string[]): Run {
  const parser = createEnvelopeParser();
  const fromFeeds = pieces.flatMap((piece) => parser.feed(piece));
  return { fromFeeds, fromFinish: parser.finish() };
}

/** Consecutive narration deltas of one action joined into one, so runs split differently compare equal. */
function joinDeltas(events: EnvelopeEvent[]): EnvelopeEvent[] {
  const joined: EnvelopeEvent[] = [];
  for (const event of events) {
    const last = joined[joined.length - 1];
    if (event.type === 'narrate_delta' && last?.type === 'narrate_delta' && last.index === event.index) {
      joined[joined.length - 1] = { ...last, delta: last.delta + event.delta };
    } else {
      joined.push(event);
    }
  }
  return joined;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function narrationOf(events: EnvelopeEvent[]): Map<number, string> {
  const narration = new Map<number, string>();
  for (const event of events) if (event.type === 'narrate_delta') narration.set(event.index, (narration.get(event.index) ?? '') + event.delta);
  return narration;
}

const withoutDeltas = (events: EnvelopeEvent[]) => events.filter((event) => event.type !== 'narrate_delta');

/** What must hold for any input whatsoever. */
function assertWellBehaved({ fromFeeds, fromFinish }: Run): void {
  const feedErrors = fromFeeds.filter((event) => event.type === 'error');
  assert.ok(feedErrors.length <= 1, 'feed reports at most one error');
  if (feedErrors.length === 1) {
    assert.equal(fromFeeds[fromFeeds.length - 1], feedErrors[0], 'nothing streams after an error');
    assert.equal(feedErrors[0]!.type === 'error' && feedErrors[0]!.final, false);
  }
  const all = [...fromFeeds, ...fromFinish];
  const closedEnvelope = all.some((event) => event.type === 'envelope_complete');
  const finalErrors = fromFinish.filter((event) => event.type === 'error');
  assert.ok(closedEnvelope !== (finalErrors.length === 1), 'a run ends with the envelope closed or with one final error, never both');
  const started = new Set<number>();
  const ended = new Set<number>();
  for (const event of all) {
    if (event.type === 'action_start') {
      assert.ok(!started.has(event.index), `action ${event.index} started twice`);
      started.add(event.index);
    } else if ('index' in event) {
      assert.ok(started.has(event.index), `${event.type} for action ${event.index} before its action_start`);
      assert.ok(!ended.has(event.index), `${event.type} for action ${event.index} after it ended`);
      if (event.type === 'action_complete' || event.type === 'action_invalid') ended.add(event.index);
    }
  }
}

// ---- the properties --------------------------------------------------------------------------------

describe('envelope parser properties', () => {
  it('gives the events of a one-shot JSON.parse for any valid envelope split anywhere', BOUND, () => {
    fc.assert(
      fc.property(envelopeArbitrary(anyText), styleArbitrary, splitArbitrary, (envelope, style, split) => {
        const { text } = writeEnvelope(envelope, style);
        const expected = eventsFromEnvelopeValue(JSON.parse(text) as Record<string, unknown>);
        const run = stream(splitText(text, split));
        assert.deepEqual(run.fromFinish, []);
        assert.deepEqual(joinDeltas(run.fromFeeds), expected);
        assert.deepEqual(joinDeltas(parseEnvelopeOnce(text)), expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('streams narration in well-formed pieces that add up to the narrate string', BOUND, () => {
    fc.assert(
      fc.property(envelopeArbitrary(wellFormedText), styleArbitrary, splitArbitrary, (envelope, style, split) => {
        const { text } = writeEnvelope(envelope, style);
        const events = stream(splitText(text, split)).fromFeeds;
        for (const event of events) {
          if (event.type !== 'narrate_delta') continue;
          assert.ok(event.delta.length > 0, 'no empty delta');
          assert.ok(!LONE_SURROGATE.test(event.delta), `half a surrogate pair in ${JSON.stringify(event.delta)}`);
        }
        const narration = narrationOf(events);
        for (const event of events) if (event.type === 'narrate_complete') assert.equal(narration.get(event.index) ?? '', event.text);
      }),
      { numRuns: 800 },
    );
  });

  it('never completes an action the stream cut off, and streams a prefix of what the whole text gives', BOUND, () => {
    fc.assert(
      fc.property(envelopeArbitrary(anyText), styleArbitrary, splitArbitrary, fc.double({ min: 0, max: 1, noNaN: true }), (envelope, style, split, where) => {
        const { text, actionEnds } = writeEnvelope(envelope, style);
        const cut = Math.min(text.length - 1, Math.floor(where * text.length));
        const prefix = text.slice(0, cut);
        const run = stream(splitText(prefix, split));
        assertWellBehaved(run);
        assert.equal(run.fromFeeds.some((event) => event.type === 'error'), false, 'a prefix of valid JSON is no syntax error');
        for (const event of run.fromFeeds) {
          if (event.type === 'action_complete') assert.ok(actionEnds[event.index]! <= cut, `action ${event.index} completed although cut off`);
        }
        assert.equal(run.fromFinish.length, 1);
        assert.equal(run.fromFinish[0]!.type, 'error');

        const whole = stream([text]).fromFeeds;
        const streamed = withoutDeltas(run.fromFeeds);
        assert.deepEqual(streamed, withoutDeltas(whole).slice(0, streamed.length));
        const fullNarration = narrationOf(whole);
        for (const [index, partial] of narrationOf(run.fromFeeds)) assert.ok(fullNarration.get(index)!.startsWith(partial));
      }),
      { numRuns: 1200 },
    );
  });

  it('never throws on corrupted envelopes, and agrees with JSON.parse whenever the result is still an object', BOUND, () => {
    const edit = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), kind: fc.constantFrom('insert', 'delete', 'replace'), char: fc.oneof(trickyChars, anyCodePoint, fc.constantFrom('`', 'x', '0', 't')) });
    fc.assert(
      fc.property(envelopeArbitrary(anyText), styleArbitrary, splitArbitrary, fc.array(edit, { minLength: 1, maxLength: 3 }), (envelope, style, split, edits) => {
        let text = writeEnvelope(envelope, style).text;
        for (const { at, kind, char } of edits) {
          const i = Math.floor(at * text.length);
          text = text.slice(0, i) + (kind === 'delete' ? '' : char) + text.slice(kind === 'insert' ? i : i + 1);
        }
        const run = stream(splitText(text, split));
        assertWellBehaved(run);
        assert.deepEqual(withoutDeltas([...run.fromFeeds, ...run.fromFinish]), withoutDeltas([...stream([text]).fromFeeds, ...stream([text]).fromFinish]));
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return;
        }
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return;
        assert.equal(run.fromFeeds.some((event) => event.type === 'error'), false, 'JSON.parse accepts it, so streaming must too');
        assert.deepEqual(joinDeltas(run.fromFeeds), eventsFromEnvelopeValue(parsed as Record<string, unknown>));
      }),
      { numRuns: 1200 },
    );
  });

  it('accepts exactly the texts JSON.parse accepts', BOUND, () => {
    const ignore: JsonScanHandler = { valueStart: () => 1, valueEnd: () => {}, key: () => {}, text: () => {} };
    const accepts = (text: string, pieces: string[]) => {
      const scanner = new JsonScanner(ignore);
      let consumed = 0;
      let stop = 0;
      for (const piece of pieces) {
        stop = scanner.write(piece, 0, consumed);
        if (stop < 0 || scanner.done) break;
        consumed += piece.length;
      }
      return stop >= 0 && scanner.done && /^[ \t\n\r]*$/.test(text.slice(consumed + stop));
    };
    const parses = (text: string) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    };
    const token = fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '\\', ' ', '\t', '\u0001', '\u001f', 'u', 'a', 'e', 'E', '.', '+', '-', '0', '1', '9', 'true', 'fals', 'null', 'nul', '"a"', '"k":', ',}', ',]', '{}', '[]', '"\\/"', '"\\u12"', '"\\x"', '01', '-.5', '1e', '1.');
    const structural = fc.constantFrom(',', ':', '"', '}', ']', '{', '[', '\\');
    // Short strings keep most positions structural, where an inserted or deleted character matters most.
    const smallJson = fc.jsonValue({ maxDepth: 3, stringUnit: fc.constantFrom('a', '"', '\\', '/', 'é', '\n') });
    const corrupted = fc.tuple(smallJson, fc.nat(), fc.oneof(token, structural), fc.constantFrom(0, 1)).map(([value, at, written, replaced]) => {
      const text = JSON.stringify(value);
      const i = at % (text.length + 1);
      return text.slice(0, i) + written + text.slice(i + replaced);
    });
    fc.assert(
      fc.property(fc.oneof(fc.array(token, { maxLength: 12 }).map((tokens) => tokens.join('')), corrupted, jsonValue.map((value) => JSON.stringify(value))), splitArbitrary, (inner, split) => {
        const text = `[${inner}]`;
        assert.equal(accepts(text, splitText(text, split)), parses(text), text);
      }),
      { numRuns: 4000 },
    );
  });

  it('never throws on arbitrary text', BOUND, () => {
    const jsonish = fc.string({ unit: fc.oneof(fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '\\', ' ', 'u', '0', 'e', '-', 't', 'n', '`', '\n'), anyCodePoint, loneSurrogate), maxLength: 80 });
    const envelopeStart = fc.constantFrom('', '{', '{"actions":[', '{"actions":[{"narrate":"', '```json\n{"memory":');
    fc.assert(
      fc.property(envelopeStart, jsonish, splitArbitrary, (start, rest, split) => {
        const text = start + rest;
        const run = stream(splitText(text, split));
        assertWellBehaved(run);
        assert.deepEqual(withoutDeltas([...run.fromFeeds, ...run.fromFinish]), withoutDeltas([...stream([text]).fromFeeds, ...stream([text]).fromFinish]));
      }),
      { numRuns: 2500 },
    );
  });
});
