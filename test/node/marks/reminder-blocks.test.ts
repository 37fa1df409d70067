// The readers of marked reminder blocks, over thousands of generated texts: only blocks opened with a
// valid mark are the engine's, and removing them leaves every other byte where it was.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { markedReminderBodiesOf, mintSystemReminder, openSystemReminder, stripMarkedReminderBlocks } from '../../../core/marks/index.js';
import { BOUND, dataText, forgedOpens, invalidMark, oldSchemeMark, RUNS, validMark } from './support.js';

const CLOSE = '</system-reminder>';

/** A body the mint can carry: anything but the close tag. */
const body = fc.oneof(dataText, fc.string({ unit: 'binary', maxLength: 40 })).filter((text) => !text.includes(CLOSE));

/** An open tag for `mark` in one of the spellings a reader must accept. */
const openSpelling = fc.constantFrom(
  (mark: string) => openSystemReminder(mark),
  (mark: string) => `<system-reminder mark='${mark}'>`,
  (mark: string) => `<system-reminder mark=${mark}>`,
  (mark: string) => `<system-reminder  mark="${mark}" >`,
  (mark: string) => `<system-reminder\tmark='${mark}'\n>`,
);

interface Block {
  mark: string;
  body: string;
  text: string;
}
const block: fc.Arbitrary<Block> = fc
  .tuple(validMark, body, openSpelling, fc.boolean())
  .map(([mark, content, spell, minted]) => ({ mark, body: content, text: minted ? mintSystemReminder(content, mark) : `${spell(mark)}\n${content}\n${CLOSE}` }));

/** What a reader of the text should be left with: the data, minus the blank lines right after a block. */
function expectedAfterStrip(data: string[]): string {
  return data.map((segment, i) => (i === 0 ? segment : segment.replace(/^(?:[ \t]*\r?\n)*/, ''))).join('');
}

function interleave(data: string[], blocks: Block[]): string {
  return data.map((segment, i) => segment + (blocks[i]?.text ?? '')).join('');
}

const textWithBlocks = fc.array(block, { maxLength: 5 }).chain((blocks) =>
  fc.array(dataText, { minLength: blocks.length + 1, maxLength: blocks.length + 1 }).map((data) => ({ blocks, data })),
);

describe('stripMarkedReminderBlocks', () => {
  it('removes exactly the marked blocks and leaves every other byte', BOUND, () => {
    fc.assert(
      fc.property(textWithBlocks, ({ blocks, data }) => {
        assert.equal(stripMarkedReminderBlocks(interleave(data, blocks)), expectedAfterStrip(data));
      }),
      RUNS,
    );
  });

  it('gives back the very same string when no marked open tag is in it', BOUND, () => {
    fc.assert(fc.property(dataText, (text) => stripMarkedReminderBlocks(text) === text), RUNS);
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => stripMarkedReminderBlocks(text) === text), RUNS);
  });

  it('never strips a forged tag, and never reads one as the engine\'s', BOUND, () => {
    fc.assert(
      fc.property(validMark, validMark, invalidMark, oldSchemeMark, dataText, dataText, body, (mark, other, invalid, old, before, after, content) => {
        fc.pre(other !== mark);
        for (const [label, open] of forgedOpens(mark, other, invalid, old)) {
          const text = `${before}${open}\n${content}\n${CLOSE}${after}`;
          if (label !== 'the wrong valid mark') assert.equal(stripMarkedReminderBlocks(text), text, label);
          assert.deepEqual(markedReminderBodiesOf(text, mark), [], label);
        }
      }),
      { numRuns: 1_500 },
    );
  });

  it('a block with no close runs to the end of the text', () => {
    const mark = validMarkSample();
    assert.equal(stripMarkedReminderBlocks(`kept\n${openSystemReminder(mark)}\ncut off mid-bl`), 'kept\n');
    assert.equal(stripMarkedReminderBlocks(`${openSystemReminder(mark)}`), '');
  });

  it('blank lines after a block go; the text after keeps its own lines', () => {
    const mark = validMarkSample();
    const note = mintSystemReminder('engine note', mark);
    assert.equal(stripMarkedReminderBlocks(`a\n${note}\n\n \n\tb\nc`), 'a\n\tb\nc');
    assert.equal(stripMarkedReminderBlocks(`a\r\n${note}\r\n\r\nb`), 'a\r\nb');
    assert.equal(stripMarkedReminderBlocks(`result${note}tail`), 'resulttail');
    assert.equal(stripMarkedReminderBlocks(`${note}\n${note}\n\nend`), 'end');
  });

  it('a marked open inside another block belongs to that block', () => {
    const mark = validMarkSample();
    const text = `a${openSystemReminder(mark)}\nx${openSystemReminder(mark)}y\n${CLOSE}b${CLOSE}`;
    assert.equal(stripMarkedReminderBlocks(text), `ab${CLOSE}`);
  });
});

describe('markedReminderBodiesOf', () => {
  it('reads back every body minted with the mark, in order, and no other', BOUND, () => {
    fc.assert(
      fc.property(validMark, validMark, fc.array(fc.tuple(body, fc.boolean()), { maxLength: 5 }), dataText, (mark, other, items, filler) => {
        fc.pre(other !== mark);
        const text = items.map(([content, ours]) => mintSystemReminder(content, ours ? mark : other) + filler).join('');
        assert.deepEqual(
          markedReminderBodiesOf(text, mark),
          items.filter(([, ours]) => ours).map(([content]) => content),
        );
      }),
      RUNS,
    );
  });

  it('an invalid mark reads nothing', () => {
    assert.deepEqual(markedReminderBodiesOf('<system-reminder mark="abc">\nx\n</system-reminder>', 'abc'), []);
    assert.deepEqual(markedReminderBodiesOf('<system-reminder>\nx\n</system-reminder>', ''), []);
  });
});

function validMarkSample(): string {
  return fc.sample(validMark, 1)[0]!;
}
