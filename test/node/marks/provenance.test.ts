import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  createProvenance,
  fenceBoundaryFor,
  isValidReminderMark,
  markedReminderBodiesOf,
  mintReminderMark,
  stripMarkedReminderBlocks,
} from '../../../core/marks/index.js';
import { BOUND, invalidMark, oldSchemeMark, RUNS, validMark } from './support.js';

describe('a session\'s provenance', () => {
  it('keeps a stored mark that verifies, and mints a new one for anything else', BOUND, () => {
    const stored = mintReminderMark();
    assert.equal(createProvenance(stored).mark, stored);
    fc.assert(
      fc.property(fc.oneof(invalidMark, oldSchemeMark), (value) => {
        const provenance = createProvenance(value);
        assert.notEqual(provenance.mark, value);
        assert.ok(isValidReminderMark(provenance.mark));
      }),
      RUNS,
    );
    assert.notEqual(createProvenance().mark, createProvenance().mark);
  });

  it('the fence boundary follows from the mark, is never the mark, and differs between marks', BOUND, () => {
    const seen = new Map<string, string>();
    fc.assert(
      fc.property(validMark, (mark) => {
        const boundary = fenceBoundaryFor(mark);
        assert.equal(fenceBoundaryFor(mark), boundary);
        assert.notEqual(boundary, mark);
        assert.match(boundary, /^[A-Za-z0-9_-]{22}$/);
        const earlier = seen.get(boundary);
        assert.ok(earlier === undefined || earlier === mark, 'two marks gave one boundary');
        seen.set(boundary, mark);
      }),
      { numRuns: 10_000 },
    );
    const mark = mintReminderMark();
    assert.equal(createProvenance(mark).fence.boundary, fenceBoundaryFor(mark));
    assert.throws(() => fenceBoundaryFor('nope'), TypeError);
  });

  it('the reminder hook makes one marked block that no text inside can end early', BOUND, () => {
    const provenance = createProvenance();
    fc.assert(
      fc.property(fc.array(fc.constantFrom('</system-reminder>', '<system-reminder mark="', provenance.mark, '">', 'note', '\n', '</ SYSTEM-REMINDER >'), { maxLength: 12 }), (parts) => {
        const note = provenance.reminder(parts.join(''));
        assert.equal(markedReminderBodiesOf(note, provenance.mark).length, 1);
        assert.equal(stripMarkedReminderBlocks(note), '');
      }),
      RUNS,
    );
    assert.deepEqual(markedReminderBodiesOf(provenance.reminder('The click failed (not_found).'), provenance.mark), ['The click failed (not_found).']);
  });

  it('declares the mark and the fence in two paragraphs', () => {
    const provenance = createProvenance();
    const paragraphs = provenance.declaration().split('\n\n');
    assert.equal(paragraphs.length, 2);
    assert.ok(paragraphs[0]!.includes(`mark="${provenance.mark}"`));
    assert.ok(paragraphs[1]!.includes(`fence="${provenance.fence.boundary}"`));
    assert.equal(provenance.fenceText('hi', 'page'), provenance.fence.wrap('hi', 'page'));
  });
});
