/**
 * Checks a tool call's arguments against the tool's JSON Schema, so that a tool only ever runs with
 * arguments of the shape it declared. The kit's one schema validator walks the schema; the words
 * here are for the model, each naming the path to fix (`args.items[2].label`).
 */
import { validateJsonSchema, type JsonPath, type SchemaMessages } from '../util/json-schema.js';

const MAX_PROBLEMS = 5;
const MAX_DEPTH = 32;

const argumentMessages: SchemaMessages = {
  never: ({ path }) => `${where(path)} is not allowed`,
  type: ({ path, value }, type) => `${where(path)} must be ${describeType(type)}; got ${describe(value)}`,
  enum: ({ path, value }, allowed) => `${where(path)} must be one of ${allowed.map((option) => JSON.stringify(option)).join(', ')}; got ${describe(value)}`,
  const: ({ path, value }, expected) => `${where(path)} must be ${JSON.stringify(expected)}; got ${describe(value)}`,
  noBranch: ({ path, value }) => [{ path, message: `${where(path)} matches none of the allowed forms; got ${describe(value)}` }],
  minimum: ({ path, value }, limit) => `${where(path)} must be at least ${limit}; got ${value}`,
  maximum: ({ path, value }, limit) => `${where(path)} must be at most ${limit}; got ${value}`,
  exclusiveMinimum: ({ path, value }, limit) => `${where(path)} must be more than ${limit}; got ${value}`,
  exclusiveMaximum: ({ path, value }, limit) => `${where(path)} must be less than ${limit}; got ${value}`,
  minLength: ({ path }, limit, length) => `${where(path)} must have at least ${limit} characters; got ${length}`,
  maxLength: ({ path }, limit, length) => `${where(path)} must have at most ${limit} characters; got ${length}`,
  pattern: ({ path, value }, pattern) => `${where(path)} must match /${pattern}/; got ${describe(value)}`,
  minItems: ({ path, value }, limit) => `${where(path)} must have at least ${limit} items; got ${(value as unknown[]).length}`,
  maxItems: ({ path, value }, limit) => `${where(path)} must have at most ${limit} items; got ${(value as unknown[]).length}`,
  required: ({ path }, key) => `${where([...path, key])} is required`,
  unknownProperty: ({ path }, known) => `${where(path)} is not a known argument${known.length > 0 ? ` (known: ${known.join(', ')})` : ''}`,
};

/** The problems with `args`, empty when they fit `schema`. */
export function validateArguments(args: unknown, schema: Record<string, unknown>): string[] {
  return validateJsonSchema(args, schema, { messages: argumentMessages, maxIssues: MAX_PROBLEMS, maxDepth: MAX_DEPTH }).map((issue) => issue.message);
}

/** The path as the model wrote it: `args.items[2].label`, `args["odd key"]`. */
function where(path: JsonPath): string {
  let text = 'args';
  for (const token of path) {
    if (typeof token === 'number') text += `[${token}]`;
    else text += /^[A-Za-z_$][\w$]*$/.test(token) ? `.${token}` : `[${JSON.stringify(token)}]`;
  }
  return text;
}

function describeType(type: unknown): string {
  const names: Record<string, string> = {
    object: 'an object',
    array: 'an array',
    string: 'a string',
    number: 'a number',
    integer: 'an integer',
    boolean: 'true or false',
    null: 'null',
  };
  if (Array.isArray(type)) return type.map((one) => describeType(one)).join(' or ');
  return names[String(type)] ?? String(type);
}

/** How the model's value reads in a problem: the value itself when short. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}
