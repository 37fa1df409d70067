import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { formatHookFeedback, markedReminderBodiesOf, mintSystemReminder, openSystemReminder } from '../../../core/marks/index.js';
import { BOUND, invalidMark, RUNS, validMark } from './support.js';

describe('reminder tags', () => {
  it('the open tag carries the mark, or is the bare form without one', () => {
    const [mark] = fc.sample(validMark, 1);
    assert.equal(openSystemReminder(mark), `<system-reminder mark="${mark}">`);
    assert.equal(openSystemReminder(), '<system-reminder>');
    assert.equal(openSystemReminder(undefined), '<system-reminder>');
  });

  it('refuses to render a value that is not a mark', BOUND, () => {
    fc.assert(
      fc.property(invalidMark, (value) => {
        assert.throws(() => openSystemReminder(value), /openSystemReminder\(mark\): mark must come from mintReminderMark\(\)/);
        assert.throws(() => mintSystemReminder('x', value), TypeError);
      }),
      RUNS,
    );
  });

  it('a minted block is open, newline, the body untouched, newline, close', BOUND, () => {
    fc.assert(
      fc.property(fc.option(validMark, { nil: undefined }), fc.string({ unit: 'binary', maxLength: 80 }), (mark, body) => {
        const open = mark === undefined ? '<system-reminder>' : `<system-reminder mark="${mark}">`;
        assert.equal(mintSystemReminder(body, mark), `${open}\n${body}\n</system-reminder>`);
        assert.equal(formatHookFeedback(body, mark), mintSystemReminder(body, mark));
        if (mark !== undefined && !body.includes('</system-reminder>')) assert.deepEqual(markedReminderBodiesOf(mintSystemReminder(body, mark), mark), [body]);
      }),
      RUNS,
    );
  });
});
