/**
 * The subset of JSON Schema our piece catalog uses, and a validator for exactly that subset.
 * Patterns only ever come from our own catalog, never from surface JSON, so compiling them is safe.
 */
import { checkUrl, type UrlKind } from './url-policy.js';
import { formatPointer } from './json-pointer.js';

export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

export interface JsonSchema {
  type?: JsonSchemaType;
  description?: string;
  enum?: readonly (string | number | boolean | null)[];
  const?: string | number | boolean | null;
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  additionalProperties?: false;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  anyOf?: readonly JsonSchema[];
  /** Standard annotation; `x-url` says which URL policy applies. */
  format?: 'uri-reference';
  'x-url'?: UrlKind;
  $ref?: string;
  $defs?: Readonly<Record<string, JsonSchema>>;
}

export interface SchemaIssue {
  /** JSON Pointer of the offending value, from the root of what was validated. */
  path: string;
  message: string;
}

const patternCache = new Map<string, RegExp>();
function compiled(pattern: string): RegExp {
  let regex = patternCache.get(pattern);
  if (!regex) {
    regex = new RegExp(pattern, 'u');
    patternCache.set(pattern, regex);
  }
  return regex;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matchesType(value: unknown, type: JsonSchemaType): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeOf(value) === type;
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
  return typeOf(value);
}

/** Validates `value` against `schema`; never throws on JSON input. `path` is a list of pointer tokens. */
export function validateSchema(value: unknown, schema: JsonSchema, path: readonly (string | number)[] = []): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const at = formatPointer(path);
  const fail = (message: string) => issues.push({ path: at, message });

  if (schema.anyOf) {
    const branches = schema.anyOf.map((branch) => validateSchema(value, branch, path));
    if (branches.some((branch) => branch.length === 0)) return issues;
    // When every branch refuses the value itself (a type mismatch), say what would have fitted;
    // otherwise report the branch that got furthest into the value, which is most likely the intended one.
    if (branches.every((branch) => branch.every((issue) => issue.path === at))) {
      fail(`does not fit any allowed form: ${branches.map((branch) => branch.map((issue) => issue.message).join(', ')).join('; or ')}`);
      return issues;
    }
    return branches.reduce((a, b) => (depthOf(b) > depthOf(a) ? b : a));
  }
  if (schema.type && !matchesType(value, schema.type)) {
    fail(`expected ${/^[aeiou]/.test(schema.type) ? 'an' : 'a'} ${schema.type}, got ${describe(value)}`);
    return issues;
  }
  if (schema.const !== undefined && value !== schema.const) fail(`must be ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value as never)) {
    fail(`${describe(value)} is not allowed; use one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) fail(`must be at least ${schema.minLength} characters`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) fail(`must be at most ${schema.maxLength} characters (got ${value.length})`);
    if (schema.pattern !== undefined && !compiled(schema.pattern).test(value)) fail(`${describe(value)} does not match ${schema.pattern}`);
    if (schema['x-url']) {
      const refusal = checkUrl(value, schema['x-url']);
      if (refusal) fail(refusal);
    }
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) fail(`must be at least ${schema.minimum} (got ${value})`);
    if (schema.maximum !== undefined && value > schema.maximum) fail(`must be at most ${schema.maximum} (got ${value})`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) fail(`needs at least ${schema.minItems} items (got ${value.length})`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) fail(`takes at most ${schema.maxItems} items (got ${value.length})`);
    if (schema.items) value.forEach((item, index) => issues.push(...validateSchema(item, schema.items!, [...path, index])));
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const properties = schema.properties ?? {};
    for (const key of schema.required ?? []) {
      if (!Object.hasOwn(record, key)) fail(`missing required "${key}"`);
    }
    for (const key of Object.keys(record)) {
      if (Object.hasOwn(properties, key)) {
        issues.push(...validateSchema(record[key], properties[key]!, [...path, key]));
      } else if (schema.additionalProperties === false) {
        const allowed = Object.keys(properties);
        issues.push({ path: formatPointer([...path, key]), message: `unknown property; allowed: ${allowed.join(', ') || 'none'}` });
      }
    }
  }
  return issues;
}

function depthOf(issues: SchemaIssue[]): number {
  return issues.length === 0 ? Infinity : Math.max(...issues.map((issue) => issue.path.split('/').length));
}
