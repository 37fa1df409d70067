/**
 * Which tools a call offers and what arguments they take. In envelope mode the one tool is
 * `agent_turn`: its `tool` enum lists the page tools and its description carries each tool's schema
 * (`## name … args: {…}`); in classic mode the page tools are offered natively.
 */
import { AGENT_TURN_TOOL } from '../../loop/envelope/schema.js';

export interface OfferedTools {
  mode: 'envelope' | 'classic';
  /** The envelope variant that adjusts a plan (`todo_adjust`) instead of listing what remains. */
  planned: boolean;
  names: string[];
  /** True when `tool` is offered and, as far as its schema is known, takes the argument `arg`. */
  accepts(tool: string, arg: string): boolean;
  /** What the call says each tool does. */
  description(tool: string): string;
  /** The arguments a tool's schema requires (empty when none, or unknown). */
  required(tool: string): string[];
}

type Schema = Record<string, unknown>;

function asSchema(value: unknown): Schema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Schema) : undefined;
}

export function readOfferedTools(tools: unknown): OfferedTools {
  const list = Array.isArray(tools) ? tools.map(asSchema).filter((tool): tool is Schema => tool !== undefined && typeof tool.name === 'string') : [];
  const envelope = list.find((tool) => tool.name === AGENT_TURN_TOOL);
  const schemas = new Map<string, Schema | undefined>();
  const descriptions = new Map<string, string>();
  let planned = false;
  if (envelope) {
    const properties = asSchema(asSchema(envelope.parameters)?.properties);
    planned = properties !== undefined && 'todo_adjust' in properties && !('todos_remaining' in properties);
    const toolSchema = asSchema(asSchema(asSchema(asSchema(properties?.actions)?.items)?.properties)?.tool);
    const documented = schemasInDescription(typeof envelope.description === 'string' ? envelope.description : '', descriptions);
    for (const name of Array.isArray(toolSchema?.enum) ? toolSchema.enum : []) {
      if (typeof name === 'string') schemas.set(name, documented.get(name));
    }
  } else {
    for (const tool of list) {
      schemas.set(tool.name as string, asSchema(tool.parameters));
      if (typeof tool.description === 'string') descriptions.set(tool.name as string, tool.description.slice(0, 2_000));
    }
  }
  return {
    mode: envelope ? 'envelope' : 'classic',
    planned,
    names: [...schemas.keys()],
    accepts(tool, arg) {
      if (!schemas.has(tool)) return false;
      const schema = schemas.get(tool);
      if (!schema) return true;
      const properties = asSchema(schema.properties);
      return properties === undefined ? schema.additionalProperties !== false : arg in properties;
    },
    description: (tool) => descriptions.get(tool) ?? '',
    required(tool) {
      const required = schemas.get(tool)?.required;
      return Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : [];
    },
  };
}

/** `## name` … `args: {json}` sections of the `agent_turn` description, as the loop writes them. */
function schemasInDescription(description: string, descriptions: Map<string, string>): Map<string, Schema> {
  const schemas = new Map<string, Schema>();
  let current: string | undefined;
  for (const line of description.slice(0, 200_000).split('\n')) {
    if (line.startsWith('## ')) current = line.slice(3).trim();
    else if (current && !line.startsWith('args: ')) descriptions.set(current, `${descriptions.get(current) ?? ''} ${line}`.trim().slice(0, 2_000));
    else if (current && line.startsWith('args: ')) {
      try {
        const schema = asSchema(JSON.parse(line.slice(6)));
        if (schema) schemas.set(current, schema);
      } catch {
        // An unreadable schema: the tool is still offered, its arguments unknown.
      }
      current = undefined;
    }
  }
  return schemas;
}
