import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinCatalog, catalogSchema, createPieceCatalog } from '../../../core/surface/piece-catalog.js';
import type { JsonSchema } from '../../../core/surface/json-schema.js';

test('catalogSchema is one JSON document with a definition per piece and a node union over all of them', () => {
  const schema = catalogSchema();
  const defs = schema.$defs!;
  const names = builtinCatalog().names();
  assert.deepEqual(defs['node']!.anyOf!.map((s) => s.$ref), names.map((name) => `#/$defs/${name}`));
  for (const name of names) assert.equal(defs[name]!.properties!['piece']!.const, name);
  assert.deepEqual(JSON.parse(JSON.stringify(schema)), schema, 'serializes without loss');
});

test('every $ref in the schema resolves inside it', () => {
  const schema = catalogSchema();
  const refs: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) (key === '$ref' ? refs.push(inner as string) : walk(inner));
    }
  };
  walk(schema);
  assert.ok(refs.length > 30);
  for (const ref of refs) assert.ok(schema.$defs![ref.replace('#/$defs/', '')], ref);
});

test('the schema tells a model what each piece needs: inputs must bind, props are closed, Markdown is flagged', () => {
  const defs = catalogSchema().$defs!;
  const textField = defs['TextField']!.properties!['props']!;
  assert.equal(textField.additionalProperties, false);
  assert.deepEqual(textField.required, ['label', 'value']);
  assert.deepEqual(textField.properties!['value'], { $ref: '#/$defs/binding' });
  assert.deepEqual(defs['Heading']!.properties!['props']!.properties!['text']!.anyOf![1], { $ref: '#/$defs/binding' });
  assert.match(defs['Markdown']!.properties!['props']!.properties!['text']!.anyOf![0]!.description!, /Markdown \(rendered sanitized\)/);
  assert.equal(defs['Spinner']!.properties!['children'], undefined, 'leaf pieces take no children');
  assert.equal((defs['Stack']!.properties!['children']!.items as JsonSchema).$ref, '#/$defs/node');
});

test('a host piece appears in its catalog schema', () => {
  const catalog = createPieceCatalog([{ name: 'PriceCard', category: 'data', description: 'A price.', props: { amount: { type: 'number' } }, children: false }]);
  assert.ok(catalogSchema(catalog).$defs!['PriceCard']);
  assert.equal(catalogSchema().$defs!['PriceCard'], undefined);
});

test('only the Markdown piece carries Markdown; every other string prop is plain text', () => {
  const withMarkdown = builtinCatalog().list().filter((piece) => piece.markdownProps?.length);
  assert.deepEqual(withMarkdown.map((piece) => [piece.name, piece.markdownProps]), [['Markdown', ['text']]]);
});
