import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDeclaredSkill, skillRunStrings } from '../../../../core/skills/index.js';

function shape(table: object, prefix = ''): string[] {
  return Object.entries(table).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? shape(value, `${prefix}${key}.`) : [`${prefix}${key}:${typeof value}`]));
}

test('the runner’s Traditional Chinese table has every entry of the English one, and each gives text', () => {
  assert.deepEqual(shape(skillRunStrings('zh-TW')), shape(skillRunStrings('en')));
  for (const locale of ['en', 'zh-TW']) {
    const words = skillRunStrings(locale);
    const texts = [words.notFound('/x'), words.noModel('S'), words.cycle('S'), words.tooDeep(8), words.waitingFor(words.target(undefined)), words.targetSkipped(words.target('Price')), words.ask.heading('S')];
    for (const text of texts) assert.ok(text.length > 0 && !text.includes('undefined'), `${locale}: ${text}`);
  }
  assert.equal(skillRunStrings('zh-Hant').ask.cancel, '取消');
});

test('ifMissing is a step option a page config may hold: skip or fail, nothing else', () => {
  const skill = (ifMissing: unknown) => ({ id: 't', name: 'T', kind: 'script', steps: [{ step: 'point', selector: '#a', ifMissing }] });
  assert.doesNotThrow(() => checkDeclaredSkill(skill('fail'), 'skills[0]'));
  assert.throws(() => checkDeclaredSkill(skill('never'), 'skills[0]'), /skills\[0\]\.steps\[0\]\.ifMissing: must be one of "skip", "fail"/);
});
