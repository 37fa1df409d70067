/**
 * Checks a tool call's arguments against the tool's JSON Schema, so that a tool only ever runs with
 * arguments of the shape it declared. It covers the keywords tool schemas use (type, enum, const,
 * properties, required, additionalProperties, items, bounds, pattern, anyOf/oneOf/allOf); others are
 * ignored. Problems are phrased for the model, naming the path to fix.
 */

type Schema = Record<string, unknown>;

const MAX_PROBLEMS = 5;
const MAX_DEPTH = 32;

/** The problems with `args`, empty when they fit `schema`. */
export function validateArguments(args: unknown, schema: Record<string, unknown>): string[] {
  const problems: string[] = [];
  check(args, schema, 'args', problems, 0);
  return problems.slice(0, MAX_PROBLEMS);
}

function check(value: unknown, schema: unknown, path: string, problems: string[], depth: number): void {
  if (problems.length >= MAX_PROBLEMS || depth > MAX_DEPTH) return;
  if (schema === false) {
    problems.push(`${path} is not allowed`);
    return;
  }
  if (!isObject(schema)) return;

  if (schema.type !== undefined && !matchesType(value, schema.type)) {
    problems.push(`${path} must be ${describeType(schema.type)}; got ${describe(value)}`);
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJSON(option, value))) {
    problems.push(`${path} must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}; got ${describe(value)}`);
    return;
  }
  if ('const' in schema && !sameJSON(schema.const, value)) {
    problems.push(`${path} must be ${JSON.stringify(schema.const)}; got ${describe(value)}`);
    return;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) {
      const fits = options.some((option) => {
        const inner: string[] = [];
        check(value, option, path, inner, depth + 1);
        return inner.length === 0;
      });
      if (!fits) {
        problems.push(`${path} matches none of the allowed forms; got ${describe(value)}`);
        return;
      }
    }
  }
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) check(value, part, path, problems, depth + 1);

  if (typeof value === 'number') checkNumber(value, schema, path, problems);
  else if (typeof value === 'string') checkString(value, schema, path, problems);
  else if (Array.isArray(value)) checkArray(value, schema, path, problems, depth);
  else if (isObject(value)) checkObject(value, schema, path, problems, depth);
}

function checkNumber(value: number, schema: Schema, path: string, problems: string[]): void {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (typeof minimum === 'number' && value < minimum) problems.push(`${path} must be at least ${minimum}; got ${value}`);
  if (typeof maximum === 'number' && value > maximum) problems.push(`${path} must be at most ${maximum}; got ${value}`);
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) problems.push(`${path} must be more than ${exclusiveMinimum}; got ${value}`);
  if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) problems.push(`${path} must be less than ${exclusiveMaximum}; got ${value}`);
}

function checkString(value: string, schema: Schema, path: string, problems: string[]): void {
  const length = Array.from(value).length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) problems.push(`${path} must have at least ${schema.minLength} characters; got ${length}`);
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) problems.push(`${path} must have at most ${schema.maxLength} characters; got ${length}`);
  if (typeof schema.pattern === 'string') {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern, 'u');
    } catch {
      // A pattern the host wrote wrong must not block every call.
    }
    if (pattern && !pattern.test(value)) problems.push(`${path} must match /${schema.pattern}/; got ${describe(value)}`);
  }
}

function checkArray(value: unknown[], schema: Schema, path: string, problems: string[], depth: number): void {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) problems.push(`${path} must have at least ${schema.minItems} items; got ${value.length}`);
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) problems.push(`${path} must have at most ${schema.maxItems} items; got ${value.length}`);
  if (schema.items !== undefined && !Array.isArray(schema.items)) {
    value.forEach((item, index) => check(item, schema.items, `${path}[${index}]`, problems, depth + 1));
  }
}

function checkObject(value: Record<string, unknown>, schema: Schema, path: string, problems: string[], depth: number): void {
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required)) {
    for (const key of schema.required) {
      if (typeof key === 'string' && value[key] === undefined) problems.push(`${join(path, key)} is required`);
    }
  }
  for (const [key, item] of Object.entries(value)) {
    if (key in properties) check(item, properties[key], join(path, key), problems, depth + 1);
    else if (schema.additionalProperties === false) {
      const known = Object.keys(properties);
      problems.push(`${join(path, key)} is not a known argument${known.length > 0 ? ` (known: ${known.join(', ')})` : ''}`);
    } else if (isObject(schema.additionalProperties)) check(item, schema.additionalProperties, join(path, key), problems, depth + 1);
  }
}

function matchesType(value: unknown, type: unknown): boolean {
  if (Array.isArray(type)) return type.some((one) => matchesType(value, one));
  switch (type) {
    case 'object':
      return isObject(value);
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

function join(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameJSON(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
