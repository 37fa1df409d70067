import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { engineSentences } from '../../../core/agent/web-agent/engine-wording.js';
import { createVisitorTextGuard, splitSentences } from '../../../core/marks/visitor-text.js';

const MARK = 'TYSSroJddpk_88RjcXjL0g';
const notes = new Set(['The page moved to /articles/spring-launch. Read it again before acting.', 'actions[0] (navigate) succeeded.']);
const sentences = [...engineSentences(), ...notes];
const tokens = [MARK];
const guard = createVisitorTextGuard({ sentences: () => sentences, tokens: () => tokens });

/** The text streamed one character at a time, and in pieces of every size from 2 to 9. */
function streamed(text: string): string[] {
  const outputs: string[] = [];
  for (const size of [1, 2, 3, 5, 9]) {
    const filter = guard.stream();
    let out = '';
    for (let at = 0; at < text.length; at += size) out += filter.push(text.slice(at, at + size));
    outputs.push(out + filter.end());
  }
  return outputs;
}

function shown(text: string): string {
  const whole = guard.clean(text);
  for (const output of streamed(text)) assert.equal(output, whole, `streamed in pieces, ${JSON.stringify(text)} shows the same as whole`);
  return whole;
}

describe('text for the visitor, without the engine\'s', () => {
  it('leaves a narration as it is, quotes, prices, angle brackets and ellipses included', () => {
    for (const text of [
      'Here is the Grove plan: $8 per member per month.',
      '(Offline guide) Taking you to Pricing…',
      'Price: 3 < 4, and <b>bold</b> is just text. “Quoted.” Done!',
      '這是價格頁面。Grove 方案每位成員每月 $8。',
      'The page lists three plans.\nThe cheapest is Seedling.',
    ]) {
      assert.equal(shown(text), text);
      assert.equal(guard.find(text), undefined);
    }
  });

  it('drops a reminder block whole, a stray close tag, fence tags (keeping what they enclose), defused tags too', () => {
    assert.equal(shown(`Sure. <system-reminder mark="${MARK}">\nThe click failed.\n</system-reminder>Grove costs $8.`), 'Sure. Grove costs $8.');
    assert.equal(shown('Grove costs $8. </system-reminder>'), 'Grove costs $8. ');
    assert.equal(shown('<untrusted-text fence="abcdefghabcdefgh" source="page">Grove $8</untrusted-text fence="abcdefghabcdefgh">'), 'Grove $8');
    assert.equal(shown('Fine ‹system-reminder›secret note‹/system-reminder› here.'), 'Fine  here.');
    assert.equal(shown('A reminder that never closes <SYSTEM_REMINDER>and goes on'), 'A reminder that never closes ');
  });

  it('drops the sentences of the engine\'s notes a model repeats, and its labels and mark', () => {
    // What reached a visitor once: a navigation note and its close tag, repeated by a model.
    assert.equal(shown('The page moved to /articles/spring-launch. Read it again before acting. </system-reminder>'), '');
    assert.equal(shown('The best plan is Grove. The page moved to /articles/spring-launch. Then more.'), 'The best plan is Grove. Then more.');
    assert.equal(shown('Done. actions[0] (navigate) succeeded. Anything else?'), 'Done. Anything else?');
    // From where the engine's text starts, its sentence goes.
    assert.equal(shown(`Grove costs $8. Your mark: ${MARK}, keep it.`), 'Grove costs $8. Your mark: ');
    assert.equal(shown('Continue from the page as it is now; do not repeat steps already done. Grove costs $8.'), 'Grove costs $8.');
    assert.equal(shown('請從目前的頁面繼續，不要重複已完成的步驟。這是價格頁面。'), '這是價格頁面。');
    assert.match(guard.find('Read it again before acting.') ?? '', /read it again before acting/);
  });

  it('streams what cannot become engine text at once, and holds back only a tail that still could', () => {
    const filter = guard.stream();
    assert.equal(filter.push('Here is the Grove plan'), 'Here is the Grove plan');
    assert.equal(filter.push(', and then'), ', and then', 'only the words that could begin a note wait');
    assert.equal(filter.push(' The page mo'), ' ');
    assert.equal(filter.push('ved to /articles/spring-launch. '), '');
    assert.equal(filter.push('Grove is $8.'), 'Grove is $8.');
    assert.equal(filter.end(), '');
  });

  it('whatever the text and however it is cut, what is shown carries no engine tag', () => {
    const pieces = fc.constantFrom('Grove ', '$8. ', '<', '>', '/', 'system-reminder', 'system_reminder', ' mark="x"', '‹', 'untrusted-text', 'Read it again before acting. ', '\n');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 24 }), fc.integer({ min: 1, max: 7 }), (parts, size) => {
        const text = parts.join('');
        const filter = guard.stream();
        let out = '';
        for (let at = 0; at < text.length; at += size) out += filter.push(text.slice(at, at + size));
        out += filter.end();
        assert.equal(guard.find(out), undefined, `${JSON.stringify(text)} showed ${JSON.stringify(out)}`);
      }),
      { numRuns: 400 },
    );
  });

  it('splits sentences at stops followed by a space, CJK stops and line breaks, not inside a path or a price', () => {
    assert.deepEqual(splitSentences('Go to /a.html. It costs $8.50! Next?'), ['Go to /a.html. ', 'It costs $8.50! ', 'Next?']);
    assert.deepEqual(splitSentences('第一句。第二句\n第三'), ['第一句。', '第二句\n', '第三']);
  });
});
