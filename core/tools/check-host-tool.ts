/**
 * A host tool checked the moment it is registered, field by field, so that a mistake throws where
 * the host wrote it (a TypeError naming the field) instead of breaking a turn later. It runs at
 * first paint: `dddk.tools.register` is synchronous, and none of the agent's code is needed for it.
 */
import { ACTION_NAMES_BY_BUNDLE } from '../agent/web-agent/wiring/tool-options.js';
import { describeValue } from '../util/describe-value.js';
import { deepFreeze } from '../util/deep-freeze.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { HostTool } from './tools.types.js';

const FIELDS = ['name', 'description', 'parameters', 'handler', 'effects', 'label', 'timeoutMs'];
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const BUILT_IN: ReadonlySet<string> = new Set(Object.values(ACTION_NAMES_BY_BUNDLE).flat());
/** Names the loop and the palette give out: the envelope's own tool, and the palette's commands. */
const TURN_TOOL = 'agent_turn';
const PALETTE_PREFIX = 'palette_';
/**
 * Keywords that constrain a value but that the kit's argument check does not apply. A schema using
 * one is refused: the handler would be handed arguments its schema promised it would never see.
 */
const UNCHECKED = [
  '$ref', '$dynamicRef', 'not', 'if', 'then', 'else', 'patternProperties', 'propertyNames', 'dependentRequired', 'dependentSchemas',
  'dependencies', 'prefixItems', 'contains', 'uniqueItems', 'multipleOf', 'minProperties', 'maxProperties', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems',
];

/** Why `name` belongs to something else the agent is offered, or undefined when it is free. */
export function nameTakenBy(name: string, customActions: readonly string[]): string | undefined {
  if (BUILT_IN.has(name)) return 'is a built-in page action (change it with agent.actionOverrides instead)';
  if (name === TURN_TOOL) return "is the agent's own turn tool";
  if (name.startsWith(PALETTE_PREFIX)) return 'starts with "palette_", which names the palette commands offered to the agent (items with agentTool)';
  if (customActions.includes(name)) return 'is a customAction of the agent config (agent.customActions)';
  return undefined;
}

/**
 * The tool as the registry keeps it: a frozen copy whose `parameters` are plain JSON. `taken` says
 * why a name is already in use, naming who holds it.
 */
export function checkHostTool(tool: unknown, where: string, taken: (name: string) => string | undefined): Readonly<HostTool> {
  if (!isPlainObject(tool)) throw new TypeError(`${where}: tool must be an object { name, description, parameters, handler }, got ${describeValue(tool)}`);
  for (const key of Object.keys(tool)) {
    if (!FIELDS.includes(key)) {
      const hint = key === 'run' ? ' (a host tool does its work in `handler(args, ctx)`)' : '';
      throw new TypeError(`${where}: tool.${key} is not a field of a tool${hint}; the fields are ${FIELDS.join(', ')}`);
    }
  }
  const { name, description, parameters, handler, effects, label, timeoutMs } = tool;
  const bad = (field: string, wanted: string, value: unknown) => new TypeError(`${where}: tool.${field} must be ${wanted}, got ${describeValue(value)}`);
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) throw bad('name', '1–64 letters, digits, "_" or "-"', name);
  const holder = taken(name);
  if (holder) throw new TypeError(`${where}: tool.name "${name}" ${holder}; pick another name`);
  if (typeof description !== 'string' || description.trim() === '') {
    throw new TypeError(`${where}: tool.description must be a non-empty string (the model reads it to decide when to call "${name}")`);
  }
  if (typeof handler !== 'function') throw bad('handler', 'a function (args, ctx) => result', handler);
  if (effects !== undefined && typeof effects !== 'boolean') throw bad('effects', 'true (it changes something: ask first), false (it only reads) or left out', effects);
  if (label !== undefined && (typeof label !== 'string' || label.trim() === '' || label.length > 80)) throw bad('label', 'a non-empty string of at most 80 characters', label);
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)) throw bad('timeoutMs', 'a positive number of milliseconds', timeoutMs);
  const copy: HostTool = { name, description, parameters: checkParameters(parameters, `${where}: tool.parameters`), handler: handler as HostTool['handler'] };
  if (effects !== undefined) copy.effects = effects;
  if (label !== undefined) copy.label = label.trim();
  if (timeoutMs !== undefined) copy.timeoutMs = timeoutMs;
  return Object.freeze(copy);
}

/** The parameters as plain frozen JSON, or a TypeError naming what is wrong and where. */
function checkParameters(parameters: unknown, where: string): HostTool['parameters'] {
  const wanted = 'a JSON Schema object such as { type: "object", properties: { id: { type: "string" } }, required: ["id"] }';
  if (!isPlainObject(parameters) || parameters.type !== 'object') throw new TypeError(`${where} must be ${wanted}, got ${describeValue(parameters)}${isPlainObject(parameters) ? ` with type ${describeValue(parameters.type)}` : ''}`);
  let copy: HostTool['parameters'];
  try {
    copy = JSON.parse(JSON.stringify(parameters)) as HostTool['parameters'];
  } catch (error) {
    throw new TypeError(`${where} must be plain JSON (it is sent to the model): ${(error as Error).message}`);
  }
  checkKeywords(copy, where);
  return deepFreeze(copy);
}

/** Walks the schema's own subschemas (never property names, which may be spelled like keywords). */
function checkKeywords(schema: unknown, where: string): void {
  if (!isPlainObject(schema)) return;
  for (const keyword of UNCHECKED) {
    if (keyword in schema) throw new TypeError(`${where} uses "${keyword}", which the arguments are not checked against; describe the constraint in words, or check it in the handler and throw`);
  }
  if (Array.isArray(schema.items)) throw new TypeError(`${where}.items must be one schema for every item; a list of schemas is not checked`);
  const { properties, items, additionalProperties, anyOf, oneOf, allOf } = schema;
  if (isPlainObject(properties)) for (const [key, value] of Object.entries(properties)) checkKeywords(value, `${where}.properties.${key}`);
  checkKeywords(items, `${where}.items`);
  checkKeywords(additionalProperties, `${where}.additionalProperties`);
  for (const [keyword, list] of [['anyOf', anyOf], ['oneOf', oneOf], ['allOf', allOf]] as const) {
    if (Array.isArray(list)) list.forEach((branch, index) => checkKeywords(branch, `${where}.${keyword}[${index}]`));
  }
}
