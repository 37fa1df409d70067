/**
 * One validator for the subset of JSON Schema the kit uses: type (one or a list), enum, const,
 * anyOf / oneOf (both read as "one of these fits"), allOf, properties, required, additionalProperties,
 * items, the numeric and length bounds, and pattern; other keywords are ignored. Each caller phrases
 * the issues for its reader through `messages` (a tool's arguments for the model, a surface's props
 * for the host), so the walk is shared and the words are not.
 */

/** Where a value sits in what was validated: property names and array indexes from the root. */
export type JsonPath = readonly (string | number)[];

export interface JsonSchemaIssue {
  path: JsonPath;
  message: string;
}

/** What a message is about: the value, where it is, and the schema it failed. */
export interface SchemaSite {
  path: JsonPath;
  value: unknown;
  schema: Readonly<Record<string, unknown>>;
}

/** The words for each refusal. Each returns a message for the issue at `at.path`. */
export interface SchemaMessages {
  /** The schema is `false`. */
  never(at: SchemaSite): string;
  type(at: SchemaSite, expected: unknown): string;
  enum(at: SchemaSite, allowed: readonly unknown[]): string;
  const(at: SchemaSite, expected: unknown): string;
  /** No branch of an anyOf/oneOf fits: the issues to report, given each branch's own. */
  noBranch(at: SchemaSite, branches: readonly JsonSchemaIssue[][]): JsonSchemaIssue[];
  minimum(at: SchemaSite, limit: number): string;
  maximum(at: SchemaSite, limit: number): string;
  exclusiveMinimum(at: SchemaSite, limit: number): string;
  exclusiveMaximum(at: SchemaSite, limit: number): string;
  minLength(at: SchemaSite, limit: number, length: number): string;
  maxLength(at: SchemaSite, limit: number, length: number): string;
  pattern(at: SchemaSite, pattern: string): string;
  minItems(at: SchemaSite, limit: number): string;
  maxItems(at: SchemaSite, limit: number): string;
  /** Reported at the object's path. */
  required(at: SchemaSite, key: string): string;
  /** Reported at the property's path; `known` lists the declared properties. */
  unknownProperty(at: SchemaSite, known: readonly string[]): string;
}

export interface SchemaCheckOptions {
  messages: SchemaMessages;
  /** Where `value` sits, prefixed to every issue's path. */
  path?: JsonPath;
  /** Stop collecting after this many issues. Default: all. */
  maxIssues?: number;
  /** Do not descend deeper than this. Default: no limit. */
  maxDepth?: number;
  /** How a string's length is counted for minLength/maxLength. Default: code points, as JSON Schema says. */
  stringLength?: (value: string) => number;
  /** A check of the caller's own keywords on a string, run after the standard ones; returns a message or undefined. */
  checkString?: (at: SchemaSite & { value: string }) => string | undefined;
}

type Schema = Readonly<Record<string, unknown>>;

interface Walk extends Required<Omit<SchemaCheckOptions, 'checkString' | 'path'>> {
  checkString: SchemaCheckOptions['checkString'];
}

/** The issues with `value` against `schema`, empty when it fits. Never throws on JSON input. */
export function validateJsonSchema(value: unknown, schema: unknown, options: SchemaCheckOptions): JsonSchemaIssue[] {
  const walk: Walk = {
    messages: options.messages,
    maxIssues: options.maxIssues ?? Infinity,
    maxDepth: options.maxDepth ?? Infinity,
    stringLength: options.stringLength ?? codePointLength,
    checkString: options.checkString,
  };
  const issues: JsonSchemaIssue[] = [];
  check(walk, value, schema, options.path ?? [], issues, 0);
  return issues.slice(0, walk.maxIssues);
}

function check(walk: Walk, value: unknown, schema: unknown, path: JsonPath, issues: JsonSchemaIssue[], depth: number): void {
  if (issues.length >= walk.maxIssues || depth > walk.maxDepth) return;
  const { messages } = walk;
  if (schema === false) {
    issues.push({ path, message: messages.never({ path, value, schema: {} }) });
    return;
  }
  if (!isPlainRecord(schema)) return;
  const at: SchemaSite = { path, value, schema };
  const fail = (message: string) => void issues.push({ path, message });

  if (schema.type !== undefined && !matchesType(value, schema.type)) return fail(messages.type(at, schema.type));
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value))) return fail(messages.enum(at, schema.enum));
  if ('const' in schema && schema.const !== undefined && !sameJson(schema.const, value)) return fail(messages.const(at, schema.const));
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const refusals: JsonSchemaIssue[][] = [];
    for (const branch of branches) {
      const inner: JsonSchemaIssue[] = [];
      check(walk, value, branch, path, inner, depth + 1);
      if (inner.length === 0) break;
      refusals.push(inner);
    }
    if (refusals.length === branches.length) {
      issues.push(...messages.noBranch(at, refusals));
      return;
    }
  }
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) check(walk, value, part, path, issues, depth + 1);

  if (typeof value === 'number') checkNumber(walk, at, fail);
  else if (typeof value === 'string') checkString(walk, { ...at, value }, fail);
  else if (Array.isArray(value)) checkArray(walk, value, at, issues, depth);
  else if (isPlainRecord(value)) checkObject(walk, value, at, issues, depth);
}

function checkNumber({ messages }: Walk, at: SchemaSite, fail: (message: string) => void): void {
  const value = at.value as number;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = at.schema;
  if (typeof minimum === 'number' && value < minimum) fail(messages.minimum(at, minimum));
  if (typeof maximum === 'number' && value > maximum) fail(messages.maximum(at, maximum));
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) fail(messages.exclusiveMinimum(at, exclusiveMinimum));
  if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) fail(messages.exclusiveMaximum(at, exclusiveMaximum));
}

function checkString(walk: Walk, at: SchemaSite & { value: string }, fail: (message: string) => void): void {
  const { messages } = walk;
  const { minLength, maxLength, pattern } = at.schema;
  if (typeof minLength === 'number' || typeof maxLength === 'number') {
    const length = walk.stringLength(at.value);
    if (typeof minLength === 'number' && length < minLength) fail(messages.minLength(at, minLength, length));
    if (typeof maxLength === 'number' && length > maxLength) fail(messages.maxLength(at, maxLength, length));
  }
  if (typeof pattern === 'string') {
    const regex = compiled(pattern);
    if (regex && !regex.test(at.value)) fail(messages.pattern(at, pattern));
  }
  const own = walk.checkString?.(at);
  if (own !== undefined) fail(own);
}

function checkArray(walk: Walk, value: readonly unknown[], at: SchemaSite, issues: JsonSchemaIssue[], depth: number): void {
  const { minItems, maxItems, items } = at.schema;
  if (typeof minItems === 'number' && value.length < minItems) issues.push({ path: at.path, message: walk.messages.minItems(at, minItems) });
  if (typeof maxItems === 'number' && value.length > maxItems) issues.push({ path: at.path, message: walk.messages.maxItems(at, maxItems) });
  // A list of schemas (the older tuple form) is not part of the subset.
  if (items === undefined || Array.isArray(items)) return;
  value.forEach((item, index) => check(walk, item, items, [...at.path, index], issues, depth + 1));
}

function checkObject(walk: Walk, value: Readonly<Record<string, unknown>>, at: SchemaSite, issues: JsonSchemaIssue[], depth: number): void {
  const { required, additionalProperties } = at.schema;
  const properties = isPlainRecord(at.schema.properties) ? at.schema.properties : {};
  if (Array.isArray(required)) {
    for (const key of required) {
      if (typeof key === 'string' && !Object.hasOwn(value, key)) issues.push({ path: at.path, message: walk.messages.required(at, key) });
    }
  }
  for (const key of Object.keys(value)) {
    const path = [...at.path, key];
    if (Object.hasOwn(properties, key)) check(walk, value[key], properties[key], path, issues, depth + 1);
    else if (additionalProperties === false) {
      issues.push({ path, message: walk.messages.unknownProperty({ path, value: value[key], schema: at.schema }, Object.keys(properties)) });
    } else if (isPlainRecord(additionalProperties)) check(walk, value[key], additionalProperties, path, issues, depth + 1);
  }
}

function matchesType(value: unknown, type: unknown): boolean {
  if (Array.isArray(type)) return type.some((one) => matchesType(value, one));
  switch (type) {
    case 'object':
      return isPlainRecord(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return true;
  }
}

/** Patterns are compiled once; one that does not compile is skipped, so a schema's typo cannot block every value. */
const patternCache = new Map<string, RegExp | null>();
function compiled(pattern: string): RegExp | null {
  let regex = patternCache.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(pattern, 'u');
    } catch {
      regex = null;
    }
    patternCache.set(pattern, regex);
  }
  return regex;
}

function codePointLength(value: string): number {
  let length = 0;
  for (const _ of value) length++;
  return length;
}

function isPlainRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
