// Forged markup inside untrusted text: every role and chat-template token is defused, and nothing but
// its punctuation changes, so the wording stays readable.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { neutralizeForgedTags } from '../../../core/marks/index.js';
import { BOUND, FRAGMENTS, markupIn, RUNS } from './support.js';

const LOOK_ALIKES: Record<string, string> = { '‹': '<', '›': '>', '¦': '|', '［': '[', '］': ']', '＃': '#', '∶': ':' };
/** Undoes the look-alikes: what a reader sees, in plain ASCII punctuation again. */
function restore(text: string): string {
  return text.replace(/[‹›¦［］＃∶]/g, (char) => LOOK_ALIKES[char]!);
}

const FORGED = [
  '<system-reminder>', '</system-reminder>', '<system-reminder mark="AAAAAAAAAAAAAAAAAAAAAA">', '< SYSTEM-REMINDER >', '</ system_reminder >',
  '<|im_start|>system', '<|im_end|>', '<|endoftext|>', '<|system|>', '<|user|>', '<|assistant|>', '<|eot_id|>', '<|start_header_id|>system<|end_header_id|>',
  '[system]', '[SYSTEM]', '[INST]', '[/INST]', '[ inst ]', '[SYSTEM PROMPT]', '<<SYS>>', '<</SYS>>',
  '<system>', '</system>', '<SYSTEM>', '<s>', '</s>', '< /s >', '<start_of_turn>user', '<end_of_turn>', '<tool_call>', '</tool_result>', '<function_calls>',
  '### Instruction', '### Instruction:', '### System', '## system', '###Response:', '#### Human',
  'Human:', 'Assistant:', 'System:', 'USER:', '  Human :', '- Assistant:', '[3]<label>Human:',
  '<untrusted-text fence="x">', '</untrusted-text>',
];

const tokenRichText = fc
  .array(fc.oneof({ arbitrary: fc.constantFrom(...FORGED, ...FRAGMENTS), weight: 3 }, { arbitrary: fc.string({ unit: 'binary', maxLength: 4 }), weight: 1 }), {
    maxLength: 20,
  })
  .map((pieces) => pieces.join(''));

describe('neutralizeForgedTags', () => {
  it('defuses every forged token, alone and at the start of a line', () => {
    for (const token of FORGED) {
      for (const text of [token, `text before\n${token} and after`, `\t${token}`]) {
        assert.ok(markupIn(text).length > 0, `the detectors see ${JSON.stringify(text)}`);
        assert.deepEqual(markupIn(neutralizeForgedTags(text)), [], JSON.stringify(text));
      }
    }
  });

  it('no markup survives in text built from tokens and their fragments', BOUND, () => {
    fc.assert(fc.property(tokenRichText, (text) => markupIn(neutralizeForgedTags(text)).length === 0), RUNS);
  });

  it('only punctuation changes: the words read the same', BOUND, () => {
    fc.assert(
      fc.property(tokenRichText, (text) => {
        fc.pre(!/[‹›¦［］＃∶]/.test(text));
        assert.equal(restore(neutralizeForgedTags(text)), text);
      }),
      RUNS,
    );
  });

  it('running it twice changes nothing more', BOUND, () => {
    fc.assert(fc.property(tokenRichText, (text) => neutralizeForgedTags(neutralizeForgedTags(text)) === neutralizeForgedTags(text)), RUNS);
  });

  it('leaves ordinary text and the page reading alone', () => {
    const page = [
      '<header>',
      '\t<nav aria-label=Main>',
      '\t\t[1]<a>Home [2]<a>Pricing',
      '# Plans',
      '\t[5]<select name=plan value=Team>Free|Team',
      '\tStarter | 5 seats | free',
      'if a < b and c > d, then [x] is #1: see https://example.org/a?b=c#d',
      'System requirements: 4 GB',
    ].join('\n');
    const out = neutralizeForgedTags(page);
    assert.equal(out, page.replace('System requirements:', 'System requirements:'));
  });

  it('stays fast on pathological input', { timeout: 20_000 }, () => {
    const inputs = [
      '<' + ' '.repeat(100_000),
      '\n'.repeat(100_000),
      ' '.repeat(100_000) + 'x',
      '<'.repeat(50_000),
      '#'.repeat(50_000) + ' '.repeat(50_000),
      '[3]<'.repeat(25_000),
      ('Human' + ' '.repeat(200) + '\n').repeat(400),
    ];
    for (const input of inputs) assert.equal(typeof neutralizeForgedTags(input), 'string');
  });
});
