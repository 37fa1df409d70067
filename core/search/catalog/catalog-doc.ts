/**
 * What a host maps each of its rows to, for search and for recommendations: an id, the text fields
 * to match (a string, or a list such as tags), and anything else it wants back with a hit. Checked
 * once per row, with errors that say which row and which field.
 */

import { describeValue } from '../../util/describe-value.js';

/** A document's searchable text by field name: a string, or a list such as tags. */
export type CatalogFields = Readonly<Record<string, string | readonly string[]>>;

/** What `toDoc` maps a host's row to. */
export interface CatalogDoc {
  /** Unique within the catalog. */
  id: string;
  /** The searchable text, by field name. */
  fields: CatalogFields;
  /** Handed back with every hit, never searched. */
  meta?: Readonly<Record<string, unknown>>;
}

/** Maps one of the host's rows to the document the engines index. */
export type ToDoc<Row> = (row: Row) => CatalogDoc;


function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The document `value` (what toDoc returned), checked. `where` names it in errors, e.g.
 * `createCatalogIndex: toDoc(items[3])`.
 */
export function checkDoc(value: unknown, where: string): CatalogDoc {
  if (!isRecord(value)) throw new TypeError(`${where} returned ${describeValue(value)}; it must return { id, fields, meta? }.`);
  const { id, fields, meta } = value;
  if (typeof id !== 'string' || id.length === 0) throw new TypeError(`${where}.id must be a non-empty string, got ${describeValue(id)}.`);
  if (!isRecord(fields)) throw new TypeError(`${where}.fields must be an object of field name → text, got ${describeValue(fields)}.`);
  for (const [name, text] of Object.entries(fields)) {
    if (typeof text === 'string') continue;
    if (Array.isArray(text) && text.every((entry) => typeof entry === 'string')) continue;
    throw new TypeError(`${where}.fields.${name} must be a string or an array of strings, got ${describeValue(text)}.`);
  }
  if (meta !== undefined && !isRecord(meta)) throw new TypeError(`${where}.meta must be an object when given, got ${describeValue(meta)}.`);
  return { id, fields: fields as CatalogFields, ...(meta === undefined ? {} : { meta: meta as Record<string, unknown> }) };
}

/** Every row's document, checked, with ids unique; `who` names the factory in errors. */
export function readDocs<Row>(who: string, items: readonly Row[], toDoc: ToDoc<Row>): CatalogDoc[] {
  const firstSeen = new Map<string, number>();
  return items.map((row, i) => {
    const doc = checkDoc(toDoc(row), `${who}: toDoc(items[${i}])`);
    const earlier = firstSeen.get(doc.id);
    if (earlier !== undefined) throw new TypeError(`${who}: toDoc(items[${i}]).id ${JSON.stringify(doc.id)} is already the id of items[${earlier}]; ids must be unique.`);
    firstSeen.set(doc.id, i);
    return doc;
  });
}

/** The text of one field value: a list is read as its entries, one after another. */
export function fieldText(value: string | readonly string[]): string {
  return typeof value === 'string' ? value : value.join('\n');
}

/** Checks the options every catalog engine shares; `who` names the factory in errors. */
export function checkCatalogOptions(who: string, options: { items?: unknown; toDoc?: unknown; topK?: unknown }): void {
  if (!isRecord(options)) throw new TypeError(`${who}: options must be an object with items and toDoc, got ${describeValue(options)}.`);
  if (!Array.isArray(options.items)) throw new TypeError(`${who}: options.items must be an array of rows, got ${describeValue(options.items)}.`);
  if (typeof options.toDoc !== 'function') throw new TypeError(`${who}: options.toDoc must be a function from a row to { id, fields, meta? }, got ${describeValue(options.toDoc)}.`);
  if (options.topK !== undefined) checkTopK(`${who}: options.topK`, options.topK);
}

export function checkTopK(where: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new TypeError(`${where} must be a positive integer, got ${describeValue(value)}.`);
  return value;
}

/** Field weights, checked (each a positive finite number), as a lookup: `fallback` (1) for a field not named. */
export function checkFieldWeights(who: string, weights: unknown, fallback = 1): (field: string) => number {
  if (weights === undefined) return () => fallback;
  if (!isRecord(weights)) throw new TypeError(`${who}: options.fieldWeights must be an object of field name → weight, got ${describeValue(weights)}.`);
  for (const [name, weight] of Object.entries(weights)) {
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight <= 0) {
      throw new TypeError(`${who}: options.fieldWeights.${name} must be a positive finite number, got ${describeValue(weight)}.`);
    }
  }
  const own = new Map(Object.entries(weights as Record<string, number>));
  // A Map, so a field named "constructor" or "__proto__" is a field like any other.
  return (field) => own.get(field) ?? fallback;
}

