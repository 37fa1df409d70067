import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSurfaceModel, validateSurface, type PieceNode } from '../../../core/surface/index.js';
import { memoryStorage } from '../../../core/storage/index.js';
import { buildSetupSurface, createPreferenceStore, readSetupValues, resolvePreferenceOptions, validatePreferences, type PreferenceField } from '../../../core/skills/index.js';
import { schema } from './fixtures.js';

const skill = { id: 'shop:search', name: 'Search the shop', preferences: schema };

/** Every piece of the tree with its path, in document order. */
function pieces(node: PieceNode, path = '/root'): Array<{ path: string; node: PieceNode }> {
  return [{ path, node }, ...(node.children ?? []).flatMap((child, index) => pieces(child, `${path}/children/${index}`))];
}

const inputs = (root: PieceNode) => pieces(root).filter(({ node }) => ['TextField', 'Checkbox', 'Select'].includes(node.piece));
const texts = (root: PieceNode) => pieces(root).map(({ node }) => node.props?.['text']).filter((text): text is string => typeof text === 'string');

test('the setup form is a surface validateSurface accepts, with every field labelled and the required ones marked', async () => {
  const { fields } = await resolvePreferenceOptions(schema);
  const surface = buildSetupSurface(skill, {}, { fields });
  assert.deepEqual(validateSurface(surface).errors, []);
  assert.deepEqual(
    inputs(surface.root).map(({ node }) => [node.piece, node.props?.['label'], node.props?.['inputType'] ?? null]),
    [
      ['TextField', 'API key (required)', 'password'],
      ['TextField', 'Results', 'number'],
      ['TextField', 'Region code', 'text'],
      ['Checkbox', 'Notify me', null],
      ['Select', 'Language', null],
      ['Select', 'Store', null],
    ],
  );
  assert.equal(inputs(surface.root)[0]!.node.props?.['required'], true);
  assert.equal(inputs(surface.root)[0]!.node.props?.['placeholder'], 'sk-…');
  assert.deepEqual(inputs(surface.root)[5]!.node.props?.['options'], [{ value: 'north', label: 'North' }]);
  assert.ok(texts(surface.root).includes('Set up “Search the shop”'));
  assert.ok(texts(surface.root).includes('From your account page.'), 'the description');
  assert.ok(texts(surface.root).includes('Enter a number from 1 to 10.'), 'a number’s range');
  assert.deepEqual(pieces(surface.root).filter(({ node }) => node.piece === 'Button').map(({ node }) => [node.props?.['text'], (node.props?.['action'] as { type: string }).type]), [['Save', 'submit'], ['Cancel', 'cancel']]);
});

test('the data starts from the current values, defaults included, and never holds a stored password', () => {
  const surface = buildSetupSurface(skill, { apiKey: 'sk-STORED', maxResults: 7, region: 'us', notify: true, language: 'fr' });
  assert.deepEqual(surface.data, { values: { apiKey: '', maxResults: '7', region: 'us', notify: true, language: 'fr', store: '' } });
  assert.doesNotMatch(JSON.stringify(surface), /sk-STORED/);
  const password = inputs(surface.root)[0]!.node;
  assert.equal(password.props?.['placeholder'], 'Saved. Leave empty to keep it.');
  assert.equal(password.props?.['required'], undefined, 'left empty keeps the saved one, so the field may stay empty');
});

test('after a refusal the form shows what was entered and each message under its field', () => {
  const entered = { apiKey: 'typed-now', maxResults: '11', region: 'EU' };
  const { errors } = validatePreferences(schema, entered);
  const surface = buildSetupSurface(skill, { maxResults: 5 }, { entered, errors });
  assert.deepEqual(validateSurface(surface).errors, []);
  assert.deepEqual((surface.data?.['values'] as Record<string, unknown>)['maxResults'], '11');
  assert.deepEqual((surface.data?.['values'] as Record<string, unknown>)['apiKey'], 'typed-now', 'what the visitor typed, not a stored one');
  const alerts = pieces(surface.root).filter(({ node }) => node.piece === 'Alert' && node.props?.['tone'] === 'danger').map(({ path, node }) => [path, node.props?.['text']]);
  assert.deepEqual(alerts.map(([, text]) => text), ['Enter a number from 1 to 10.', 'Two lower-case letters, e.g. "eu".']);
  const resultsGroup = pieces(surface.root).find(({ node }) => node.props?.['label'] === 'Results')!.path.replace(/\/children\/\d+$/, '');
  assert.ok(String(alerts[0]![0]).startsWith(resultsGroup), 'the message sits with its field');
});

test('a select whose options are still a loader, or came back empty, says no choices are available', () => {
  const surface = buildSetupSurface(skill, {});
  assert.deepEqual(validateSurface(surface).errors, []);
  const store = pieces(surface.root).find(({ node }) => node.props?.['title'] === 'Store');
  assert.equal(store?.node.piece, 'Alert');
  assert.equal(store?.node.props?.['text'], 'No choices for “Store” are available right now.');
  const empty = buildSetupSurface(skill, {}, { fields: [{ name: 's', title: 'S', kind: 'select', options: [] }] });
  assert.deepEqual(validateSurface(empty).errors, []);
});

test('the form speaks the locale', () => {
  const surface = buildSetupSurface(skill, {}, { locale: 'zh-TW' });
  assert.deepEqual(validateSurface(surface).errors, []);
  assert.ok(texts(surface.root).includes('設定「Search the shop」'));
  assert.equal(inputs(surface.root)[0]!.node.props?.['label'], 'API key （必填）');
  assert.deepEqual(pieces(surface.root).filter(({ node }) => node.piece === 'Button').map(({ node }) => node.props?.['text']), ['儲存', '取消']);
});

test('host text of any length the schema allows still makes a valid surface', () => {
  const long: PreferenceField[] = [
    { name: 'a', title: 'T'.repeat(120), kind: 'text', required: true, placeholder: 'p'.repeat(200), description: 'd'.repeat(500), maxLength: 20_000 },
    { name: 'b', title: 'Choice', kind: 'select', options: Array.from({ length: 100 }, (_, i) => ({ value: 'v'.repeat(190) + i, label: 'l'.repeat(200) })) },
  ];
  const surface = buildSetupSurface({ id: 'x', name: 'N'.repeat(200), preferences: long }, { a: 'x'.repeat(2000) });
  assert.deepEqual(validateSurface(surface).errors, []);
});

test('filled in through the surface model, submitted, checked and stored: the round trip', async () => {
  const preferences = createPreferenceStore({ storage: memoryStorage() });
  const { fields } = await resolvePreferenceOptions(schema);
  const model = createSurfaceModel(buildSetupSurface(skill, preferences.read(skill), { fields }));
  const field = (label: string) => inputs(model.surface.root).find(({ node }) => node.props?.['label'] === label)!.path;
  assert.equal(model.input(field('API key (required)'), 'sk-NEW').ok, true);
  model.input(field('Results'), '3');
  model.input(field('Notify me'), true);
  model.input(field('Store'), 'north');
  model.activate(pieces(model.surface.root).find(({ node }) => node.props?.['text'] === 'Save')!.path);
  const result = await model.result;
  assert.equal(result.action.type, 'submit');
  const checked = validatePreferences(fields, readSetupValues(result.data), { current: preferences.read(skill) });
  assert.deepEqual(checked.errors, []);
  preferences.write(skill, checked.values);
  assert.deepEqual(preferences.read(skill), { apiKey: 'sk-NEW', maxResults: 3, region: 'eu', notify: true, language: 'en', store: 'north' });
  assert.deepEqual(preferences.missingRequired(skill), []);
});

test('readSetupValues takes only an object of values', () => {
  assert.deepEqual(readSetupValues({ values: { a: 1 } }), { a: 1 });
  assert.deepEqual(readSetupValues({ values: [1] }), {});
  assert.deepEqual(readSetupValues(null), {});
});
