import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addStrings, clearStrings } from '../../../core/i18n/index.js';
import { skillStrings, validatePreferences, type SkillStrings } from '../../../core/skills/index.js';

/** The table's entries as paths with their kind, to compare the locales' shapes. */
function shape(table: object, prefix = ''): string[] {
  return Object.entries(table).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? shape(value, `${prefix}${key}.`) : [`${prefix}${key}:${typeof value}`],
  );
}

test('the Traditional Chinese table has every entry of the English one, of the same kind', () => {
  assert.deepEqual(shape(skillStrings('zh-TW')), shape(skillStrings('en')));
  assert.notEqual(skillStrings('zh-TW').setup.save, skillStrings('en').setup.save);
});

test('every function entry gives text in both locales', () => {
  for (const locale of ['en', 'zh-TW']) {
    const { preferences, setup, commands } = skillStrings(locale);
    const outputs = [
      ...Object.values(preferences).map((entry) => (entry as (...args: unknown[]) => string)('Title', 10)),
      setup.heading('Skill'),
      commands.missingArguments('language'),
    ];
    for (const text of outputs) assert.ok(typeof text === 'string' && text.length > 0 && !text.includes('undefined'), `${locale}: ${text}`);
  }
});

test('other locales fall back by language, then to English', () => {
  assert.equal(skillStrings('zh-Hant').setup.cancel, '取消');
  assert.equal(skillStrings('fr').setup.cancel, 'Cancel');
  assert.equal(skillStrings(undefined).setup.cancel, 'Cancel');
});

test('a host’s strings lay over the built-in ones, templates included, and reach the messages', () => {
  try {
    addStrings('en', { skills: { setup: { save: 'Keep' }, preferences: { required: 'Please give {0}.' } } });
    const strings: SkillStrings = skillStrings('en');
    assert.equal(strings.setup.save, 'Keep');
    assert.equal(strings.setup.cancel, 'Cancel');
    assert.deepEqual(validatePreferences([{ name: 'a', title: 'A name', kind: 'text', required: true }], {}).errors, [{ field: 'a', message: 'Please give A name.' }]);
  } finally {
    clearStrings();
  }
  assert.equal(skillStrings('en').setup.save, 'Save');
});
