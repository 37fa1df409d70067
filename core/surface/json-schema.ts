/**
 * The subset of JSON Schema our piece catalog uses, checked by the kit's one schema validator with
 * messages for the host. Patterns only ever come from a catalog, never from surface JSON.
 */
import { validateJsonSchema, type JsonSchemaIssue, type SchemaMessages } from '../util/json-schema.js';
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

/** The host-facing words for each refusal; a message never repeats the path, which the issue carries. */
const surfaceMessages: SchemaMessages = {
  never: () => 'is not allowed',
  type: ({ value }, type) => `expected ${/^[aeiou]/.test(String(type)) ? 'an' : 'a'} ${String(type)}, got ${describe(value)}`,
  enum: ({ value }, allowed) => `${describe(value)} is not allowed; use one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`,
  const: (_at, expected) => `must be ${JSON.stringify(expected)}`,
  noBranch({ path }, branches) {
    // When every branch refuses the value itself (a type mismatch), say what would have fitted;
    // otherwise report the branch that got furthest into the value, which is most likely the intended one.
    if (branches.every((branch) => branch.every((issue) => issue.path.length === path.length))) {
      return [{ path, message: `does not fit any allowed form: ${branches.map((branch) => branch.map((issue) => issue.message).join(', ')).join('; or ')}` }];
    }
    return branches.reduce((a, b) => (depthOf(b) > depthOf(a) ? b : a));
  },
  minimum: ({ value }, limit) => `must be at least ${limit} (got ${value})`,
  maximum: ({ value }, limit) => `must be at most ${limit} (got ${value})`,
  exclusiveMinimum: ({ value }, limit) => `must be more than ${limit} (got ${value})`,
  exclusiveMaximum: ({ value }, limit) => `must be less than ${limit} (got ${value})`,
  minLength: (_at, limit) => `must be at least ${limit} characters`,
  maxLength: (_at, limit, length) => `must be at most ${limit} characters (got ${length})`,
  pattern: ({ value }, pattern) => `${describe(value)} does not match ${pattern}`,
  minItems: ({ value }, limit) => `needs at least ${limit} items (got ${(value as unknown[]).length})`,
  maxItems: ({ value }, limit) => `takes at most ${limit} items (got ${(value as unknown[]).length})`,
  required: (_at, key) => `missing required "${key}"`,
  unknownProperty: (_at, known) => `unknown property; allowed: ${known.join(', ') || 'none'}`,
};

/** Validates `value` against `schema`; never throws on JSON input. `path` is a list of pointer tokens. */
export function validateSchema(value: unknown, schema: JsonSchema, path: readonly (string | number)[] = []): SchemaIssue[] {
  const issues = validateJsonSchema(value, schema, {
    messages: surfaceMessages,
    path,
    // Surfaces have always counted UTF-16 code units.
    stringLength: (text) => text.length,
    checkString: ({ value: text, schema: at }) => (at['x-url'] ? checkUrl(text, at['x-url'] as UrlKind) : undefined),
  });
  return issues.map((issue) => ({ path: formatPointer(issue.path), message: issue.message }));
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
  return typeOf(value);
}

function depthOf(issues: readonly JsonSchemaIssue[]): number {
  return issues.length === 0 ? Infinity : Math.max(...issues.map((issue) => issue.path.length));
}
