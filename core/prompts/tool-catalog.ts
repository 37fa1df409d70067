import type { ToolDefinition } from '../llm/types.js';
import type { ActionOverrides } from './prompt-context.js';

/**
 * The tools the model is offered: `excludeTools` removed, then each tool's description replaced
 * (`description`) or extended by a line (`appendDescription`). Names in either option that match no
 * tool are ignored. The input is not modified. Classic mode sends the result as tool definitions;
 * envelope mode lists it in the system prompt.
 */
export function prepareToolCatalog(
  tools: readonly ToolDefinition[],
  options: { actionOverrides?: ActionOverrides; excludeTools?: readonly string[] } = {},
): ToolDefinition[] {
  const excluded = new Set(options.excludeTools ?? []);
  const overrides = options.actionOverrides ?? {};
  return tools
    .filter((tool) => !excluded.has(tool.name))
    .map((tool) => {
      const override = Object.hasOwn(overrides, tool.name) ? overrides[tool.name] : undefined;
      if (!override) return tool;
      if (typeof override.description === 'string') return { ...tool, description: override.description };
      if (typeof override.appendDescription === 'string') {
        return { ...tool, description: `${tool.description}\n${override.appendDescription}` };
      }
      return tool;
    });
}

/**
 * One entry per tool, as short as the model can still use it:
 *
 * ```
 * - navigate(path: string, replace?: boolean): Go to a page of this site.
 *   path: a path from the site map
 * ```
 */
export function formatToolReference(tools: readonly ToolDefinition[]): string {
  return tools.map(formatTool).join('\n');
}

function formatTool(tool: ToolDefinition): string {
  const { properties, required } = objectShape(tool.parameters);
  const args = properties.map(([name, schema]) => `${name}${required.has(name) ? '' : '?'}: ${compactType(schema, 1)}`);
  const lines = [`- ${tool.name}(${args.join(', ')}): ${singleLine(tool.description)}`];
  for (const [name, schema] of properties) {
    const description = typeof schema.description === 'string' ? singleLine(schema.description) : '';
    if (description) lines.push(`  ${name}: ${description}`);
  }
  return lines.join('\n');
}

type Schema = Record<string, unknown>;

function objectShape(schema: unknown): { properties: Array<[string, Schema]>; required: Set<string> } {
  const record = asSchema(schema);
  const properties = Object.entries(asSchema(record.properties)).map(([name, value]) => [name, asSchema(value)] as [string, Schema]);
  const required = new Set(Array.isArray(record.required) ? record.required.filter((name) => typeof name === 'string') : []);
  return { properties, required };
}

/** A TypeScript-like type for a JSON Schema, nested objects spelled out to a small depth. */
export function compactType(schema: unknown, depth = 0): string {
  const record = asSchema(schema);
  if ('const' in record) return JSON.stringify(record.const);
  if (Array.isArray(record.enum)) return record.enum.map((value) => JSON.stringify(value)).join('|');
  const union = (Array.isArray(record.anyOf) ? record.anyOf : Array.isArray(record.oneOf) ? record.oneOf : undefined) as unknown[] | undefined;
  if (union) return union.map((member) => compactType(member, depth)).join('|');
  const type = record.type;
  if (Array.isArray(type)) return type.map((member) => compactType({ ...record, type: member }, depth)).join('|');
  switch (type) {
    case 'array': {
      const item = compactType(record.items, depth);
      return item.includes('|') ? `(${item})[]` : `${item}[]`;
    }
    case 'object': {
      const { properties, required } = objectShape(record);
      if (properties.length === 0 || depth >= 3) return 'object';
      const fields = properties.map(([name, value]) => `${name}${required.has(name) ? '' : '?'}: ${compactType(value, depth + 1)}`);
      return `{${fields.join(', ')}}`;
    }
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return type;
    default:
      return 'properties' in record ? compactType({ ...record, type: 'object' }, depth) : 'any';
  }
}

function asSchema(value: unknown): Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Schema) : {};
}

function singleLine(text: string): string {
  return String(text).replace(/\s*\n\s*/g, ' ').trim();
}
