import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolvePreferenceOptions, validatePreferences, type PreferenceField } from '../../../core/skills/index.js';
import { schema } from './fixtures.js';

const complete = { apiKey: 'sk-1', maxResults: '7', region: 'us', notify: true, language: 'fr', store: 'north' };

test('accepted values come back converted to their kinds', () => {
  const result = validatePreferences(schema, complete);
  assert.deepEqual(result, { ok: true, values: { apiKey: 'sk-1', maxResults: 7, region: 'us', notify: true, language: 'fr', store: 'north' }, errors: [] });
  assert.deepEqual(validatePreferences(schema, { ...complete, notify: 'false', maxResults: 3 }).values.notify, false);
  assert.equal(validatePreferences(schema, { ...complete, maxResults: ' 2e0 ' }).values.maxResults, 2);
});

test('an empty optional field is cleared (null); an absent checkbox is unchecked', () => {
  const { values, errors } = validatePreferences(schema, { apiKey: 'k', region: '  ', maxResults: '' });
  assert.deepEqual(errors, []);
  assert.deepEqual(values, { apiKey: 'k', maxResults: null, region: null, notify: false, language: null, store: null });
});

test('refusals are phrased for the visitor, and the entered values come back untouched', () => {
  const entered = { apiKey: '', maxResults: '11', region: 'EU', notify: 'maybe', language: 'de', store: 'south' };
  const result = validatePreferences(schema, entered);
  assert.equal(result.ok, false);
  assert.deepEqual(result.errors, [
    { field: 'apiKey', message: 'Fill in “API key”.' },
    { field: 'maxResults', message: 'Enter a number from 1 to 10.' },
    { field: 'region', message: 'Two lower-case letters, e.g. "eu".' },
    { field: 'notify', message: 'Check “Notify me” to continue.' },
    { field: 'language', message: 'Choose one of: English, French.' },
  ]);
  assert.deepEqual(result.values, { ...entered, store: 'south' }, 'nothing lost');
});

test('numbers: not a number, a fraction, one bound, the other', () => {
  const numbers: PreferenceField[] = [
    { name: 'a', title: 'Age', kind: 'number', integer: true },
    { name: 'b', title: 'B', kind: 'number', min: 0 },
    { name: 'c', title: 'C', kind: 'number', max: 1000 },
  ];
  const messages = (entered: Record<string, unknown>) => validatePreferences(numbers, entered).errors.map((error) => error.message);
  assert.deepEqual(messages({ a: 'twelve', b: '-1', c: '1001' }), ['Enter a number for “Age”.', 'Enter a number of at least 0.', 'Enter a number of at most 1,000.']);
  assert.deepEqual(messages({ a: '1.5' }), ['Enter a whole number for “Age”.']);
  assert.deepEqual(messages({ a: Number.NaN }), ['Enter a number for “Age”.']);
  assert.deepEqual(messages({ a: '0x10' }), ['Enter a number for “Age”.'], 'only decimal numbers');
  assert.deepEqual(messages({ a: 'Infinity' }), ['Enter a number for “Age”.']);
});

test('text: not text, too long, and a pattern without its own message', () => {
  const texts: PreferenceField[] = [
    { name: 'a', title: 'Name', kind: 'text', maxLength: 5 },
    { name: 'b', title: 'Code', kind: 'text', pattern: '\\d+' },
  ];
  assert.deepEqual(validatePreferences(texts, { a: 42, b: '12a' }).errors.map((error) => error.message), ['Enter “Name” as text.', '“Code” is not in the expected format.']);
  assert.deepEqual(validatePreferences(texts, { a: 'abcdef' }).errors.map((error) => error.message), ['Shorten “Name” to 5 characters or fewer.']);
  assert.equal(validatePreferences(texts, { b: 'x12' }).ok, false, 'the whole value must match, as the HTML pattern attribute');
});

test('a required checkbox must be checked', () => {
  const consent: PreferenceField[] = [{ name: 'agree', title: 'I agree to the terms', kind: 'checkbox', required: true }];
  assert.deepEqual(validatePreferences(consent, {}).errors, [{ field: 'agree', message: 'Check “I agree to the terms” to continue.' }]);
  assert.equal(validatePreferences(consent, { agree: 'on' }).ok, true);
});

test('a password left empty keeps the stored one and is left out of the values', () => {
  const result = validatePreferences(schema, { ...complete, apiKey: '' }, { current: { apiKey: 'stored' } });
  assert.equal(result.ok, true);
  assert.equal(Object.hasOwn(result.values, 'apiKey'), false);
  assert.equal(validatePreferences(schema, { ...complete, apiKey: 'new' }, { current: { apiKey: 'stored' } }).values.apiKey, 'new');
});

test('messages follow the locale: Traditional Chinese', () => {
  const result = validatePreferences(schema, { apiKey: '', maxResults: '0', language: 'de' }, { locale: 'zh-TW' });
  assert.deepEqual(result.errors.map((error) => error.message), ['請填寫「API key」。', '請輸入 1 到 10 之間的數字。', '請從下列選項中選擇一項：English、French。']);
  assert.equal(validatePreferences(schema, { apiKey: '' }, { locale: 'zh-Hant-HK' }).errors[0]!.message, '請填寫「API key」。', 'same language, another region');
});

test('a select with a loader takes any short text until its options are resolved, then only them', async () => {
  const unresolved = validatePreferences(schema, { ...complete, store: 'south' });
  assert.equal(unresolved.ok, true);
  const { fields, failures } = await resolvePreferenceOptions(schema);
  assert.deepEqual(failures, []);
  assert.deepEqual(validatePreferences(fields, { ...complete, store: 'south' }).errors, [{ field: 'store', message: 'Choose one of: North.' }]);
});

test('resolvePreferenceOptions reports a loader that fails or returns junk, and leaves that field without options', async () => {
  const fields: PreferenceField[] = [
    { name: 'a', title: 'A', kind: 'select', options: async () => { throw new Error('catalog down'); } },
    { name: 'b', title: 'B', kind: 'select', options: async () => [{ value: 1 }] as never },
    { name: 'c', title: 'C', kind: 'text' },
  ];
  const resolved = await resolvePreferenceOptions(fields);
  assert.deepEqual(resolved.failures.map((failure) => [failure.field, String(failure.error)]), [
    ['a', 'Error: catalog down'],
    ['b', 'TypeError: the options loaded for "b"[0].value: must be text, got a number (1)'],
  ]);
  assert.deepEqual(resolved.fields.map((field) => (field.kind === 'select' ? field.options : 'not a select')), [[], [], 'not a select']);
  assert.deepEqual(validatePreferences(resolved.fields, { a: 'x' }).errors[0], { field: 'a', message: 'No choices for “A” are available right now.' });
});
