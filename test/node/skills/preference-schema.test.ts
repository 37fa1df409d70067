import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPreferenceSchema } from '../../../core/skills/index.js';
import { schema } from './fixtures.js';


test('a schema of every kind passes', () => {
  assert.doesNotThrow(() => checkPreferenceSchema(schema, 'preferences'));
  assert.doesNotThrow(() => checkPreferenceSchema([], 'preferences'));
});

const field = (patch: Record<string, unknown>) => [{ name: 'f', title: 'F', kind: 'text', ...patch }];

const refusals: Array<[string, unknown, RegExp]> = [
  ['not an array', { apiKey: 'password' }, /^prefs: must be an array of fields like/],
  ['too many fields', Array.from({ length: 31 }, (_, i) => ({ name: `f${i}`, title: 'F', kind: 'text' })), /^prefs: holds 31 fields; a skill asks for at most 30/],
  ['a field that is text', ['apiKey'], /^prefs\[0\]: must be an object like/],
  ['an unknown kind', field({ kind: 'color' }), /^prefs\[0\]\.kind: must be one of "text", "password", "number", "checkbox", "select", got the string "color"/],
  ['a misspelt key', field({ requird: true }), /^prefs\[0\]\.requird: is not a field of a text field; did you mean "required"\?/],
  ['a key of another kind', field({ min: 1 }), /^prefs\[0\]\.min: is not a field of a text field; a text field takes/],
  ['a bad name', field({ name: 'api key' }), /^prefs\[0\]\.name: a field name is a letter followed by/],
  ['a name used twice', [...field({}), ...field({ title: 'Again' })], /^prefs\[1\]\.name: "f" is already the name of prefs\[0\]/],
  ['no title', field({ title: undefined }), /^prefs\[0\]\.title: must be text, got undefined/],
  ['a long title', field({ title: 'x'.repeat(121) }), /^prefs\[0\]\.title: is 121 characters long; keep it to 120/],
  ['required of text', field({ required: 'yes' }), /^prefs\[0\]\.required: must be true or false/],
  ['a pattern that is no RegExp', field({ pattern: '[a-' }), /^prefs\[0\]\.pattern: is not a regular expression \(.*\); write it as for the HTML pattern attribute/],
  ['a pattern message without a pattern', field({ patternMessage: 'Letters only' }), /^prefs\[0\]\.patternMessage: says why a value does not match `pattern`, which this field lacks/],
  ['a default its own pattern refuses', field({ pattern: '[a-z]+', default: 'EU' }), /^prefs\[0\]\.default: the string "EU" does not match the field's own pattern "\[a-z\]\+"/],
  ['a default longer than maxLength', field({ maxLength: 3, default: 'abcd' }), /^prefs\[0\]\.default: is 4 characters long; keep it to 3/],
  ['a maxLength of zero', field({ maxLength: 0 }), /^prefs\[0\]\.maxLength: must be a whole number from 1 to 20000/],
  ['a password with a default', [{ name: 'k', title: 'Key', kind: 'password', default: 'hunter2' }], /^prefs\[0\]\.default: a password field takes no default: a secret written into the skill is readable by anyone/],
  ['a number min of text', [{ name: 'n', title: 'N', kind: 'number', min: '1' }], /^prefs\[0\]\.min: must be a finite number, got the string "1"/],
  ['min above max', [{ name: 'n', title: 'N', kind: 'number', min: 10, max: 1 }], /^prefs\[0\]\.min: 10 is above max 1; swap them/],
  ['a default below min', [{ name: 'n', title: 'N', kind: 'number', min: 1, default: 0 }], /^prefs\[0\]\.default: 0 is below the field's min 1/],
  ['a default above max', [{ name: 'n', title: 'N', kind: 'number', max: 1, default: 2 }], /^prefs\[0\]\.default: 2 is above the field's max 1/],
  ['a fractional default of a whole-number field', [{ name: 'n', title: 'N', kind: 'number', integer: true, default: 1.5 }], /^prefs\[0\]\.default: 1\.5 is not a whole number/],
  ['a checkbox default of text', [{ name: 'c', title: 'C', kind: 'checkbox', default: 'on' }], /^prefs\[0\]\.default: must be true or false/],
  ['a checkbox placeholder', [{ name: 'c', title: 'C', kind: 'checkbox', placeholder: 'x' }], /^prefs\[0\]\.placeholder: is not a field of a checkbox field/],
  ['a select without options', [{ name: 's', title: 'S', kind: 'select' }], /^prefs\[0\]\.options: must be 1 to 100 options like/],
  ['a select of no options', [{ name: 's', title: 'S', kind: 'select', options: [] }], /^prefs\[0\]\.options: must be 1 to 100 options .* of 0/],
  ['an option without a label', [{ name: 's', title: 'S', kind: 'select', options: [{ value: 'a' }] }], /^prefs\[0\]\.options\[0\]\.label: must be text/],
  ['an option with another key', [{ name: 's', title: 'S', kind: 'select', options: [{ value: 'a', label: 'A', selected: true }] }], /^prefs\[0\]\.options\[0\]\.selected: is not a field of an option/],
  ['two options of one value', [{ name: 's', title: 'S', kind: 'select', options: [{ value: 'a', label: 'A' }, { value: 'a', label: 'B' }] }], /^prefs\[0\]\.options\[1\]\.value: "a" is the value of an earlier option too/],
  ['a default that is no option', [{ name: 's', title: 'S', kind: 'select', options: [{ value: 'a', label: 'A' }], default: 'b' }], /^prefs\[0\]\.default: the string "b" is not the value of one of the options \("a"\)/],
];

for (const [what, value, message] of refusals) {
  test(`checkPreferenceSchema refuses ${what}`, () => {
    assert.throws(() => checkPreferenceSchema(value, 'prefs'), (error: unknown) => {
      assert.ok(error instanceof TypeError, 'a TypeError');
      assert.match(error.message, message);
      return true;
    });
  });
}
