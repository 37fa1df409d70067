import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fromBase64url } from '../../../core/marks/base64url.js';
import { isValidReminderMark, mintReminderMark, reminderMarkDeclaration } from '../../../core/marks/index.js';
import { BOUND, invalidMark, oldSchemeMark, RUNS, SCHEME, validMark } from './support.js';

describe('reminder marks: mint, verify, declare', () => {
  it('a minted mark is 22 base64url characters carrying 128 bits, and verifies', () => {
    const mark = mintReminderMark();
    assert.match(mark, SCHEME);
    assert.equal(fromBase64url(mark)?.length, 16);
    assert.equal(isValidReminderMark(mark), true);
  });

  it('the bits come from crypto.getRandomValues', () => {
    const original = globalThis.crypto.getRandomValues;
    const supplied = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
    let calls = 0;
    Object.defineProperty(globalThis.crypto, 'getRandomValues', {
      configurable: true,
      writable: true,
      value: <T extends ArrayBufferView | null>(array: T): T => {
        calls += 1;
        (array as unknown as Uint8Array).set(supplied);
        return array;
      },
    });
    try {
      const mark = mintReminderMark();
      assert.equal(calls, 1);
      assert.deepEqual([...fromBase64url(mark)!], [...supplied]);
    } finally {
      Object.defineProperty(globalThis.crypto, 'getRandomValues', { configurable: true, writable: true, value: original });
    }
    assert.notEqual(mintReminderMark(), mintReminderMark());
  });

  it('ten thousand mints never repeat, and every bit position takes both values', () => {
    const seen = new Set<string>();
    const ones = new Array<number>(128).fill(0);
    for (let i = 0; i < 10_000; i += 1) {
      const mark = mintReminderMark();
      seen.add(mark);
      fromBase64url(mark)!.forEach((byte, at) => {
        for (let bit = 0; bit < 8; bit += 1) if (byte & (1 << bit)) ones[at * 8 + bit]! += 1;
      });
    }
    assert.equal(seen.size, 10_000);
    // A stuck bit would sit at 0 or 10 000; a fair one lands near 5 000.
    assert.ok(ones.every((count) => count > 4_000 && count < 6_000), `bit counts: ${ones.join(',')}`);
  });

  it('every 16-byte value verifies; nothing else does, old schemes included', BOUND, () => {
    fc.assert(fc.property(validMark, (mark) => isValidReminderMark(mark)), RUNS);
    fc.assert(fc.property(invalidMark, (value) => !isValidReminderMark(value)), RUNS);
    fc.assert(fc.property(oldSchemeMark, (value) => !isValidReminderMark(value)), RUNS);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (value) => isValidReminderMark(value) === SCHEME.test(value)),
      RUNS,
    );
    for (const value of [undefined, null, 42, {}, [], new String(mintReminderMark()), Symbol('mark')]) {
      assert.equal(isValidReminderMark(value), false, String(typeof value));
    }
  });

  it('the declaration is one paragraph that names the mark and the close tag', () => {
    const mark = mintReminderMark();
    const text = reminderMarkDeclaration(mark);
    assert.ok(text.includes(`<system-reminder mark="${mark}">`));
    assert.ok(text.includes('</system-reminder>'));
    assert.ok(!text.includes('\n'), 'one paragraph');
    assert.throws(() => reminderMarkDeclaration('not-a-mark'), /mark must come from mintReminderMark\(\)/);
  });
});
