/** A named set of piece definitions, and the one JSON Schema a model is given to author surfaces. */
import { builtinPieces } from './builtin-pieces.js';
import type { JsonSchema } from './json-schema.js';
import type { PieceDefinition } from './piece-definition.js';

export interface PieceCatalog {
  get(name: string): PieceDefinition | undefined;
  has(name: string): boolean;
  names(): string[];
  list(): PieceDefinition[];
  /** Adds a piece, replacing a built-in of the same name (a host's own piece wins). */
  register(piece: PieceDefinition): void;
}

const PIECE_NAME = /^[A-Z][A-Za-z0-9]{0,63}$/;

export function createPieceCatalog(extra: readonly PieceDefinition[] = [], options: { builtins?: boolean } = {}): PieceCatalog {
  const pieces = new Map<string, PieceDefinition>();
  const register = (piece: PieceDefinition) => {
    if (!PIECE_NAME.test(piece.name)) {
      throw new Error(`Piece name "${piece.name}" must be PascalCase letters and digits (e.g. "PriceCard").`);
    }
    if (piece.writes && !piece.bindable?.includes(piece.writes)) {
      throw new Error(`Piece "${piece.name}" writes "${piece.writes}", so "${piece.writes}" must be listed in its bindable props.`);
    }
    pieces.set(piece.name, piece);
  };
  if (options.builtins !== false) builtinPieces.forEach(register);
  extra.forEach(register);
  return {
    get: (name) => (pieces.has(name) ? pieces.get(name) : undefined),
    has: (name) => pieces.has(name),
    names: () => [...pieces.keys()],
    list: () => [...pieces.values()],
    register,
  };
}

let defaultCatalog: PieceCatalog | undefined;
/** The built-in pieces, shared; create your own catalog to add pieces. */
export function builtinCatalog(): PieceCatalog {
  return (defaultCatalog ??= createPieceCatalog());
}

export const bindingSchema: JsonSchema = {
  type: 'object',
  description: 'Reads (and for inputs, writes) the surface data at this JSON Pointer (RFC 6901).',
  properties: { $bind: { type: 'string', pattern: '^(/([^~/]|~[01])*)*$' } },
  required: ['$bind'],
  additionalProperties: false,
};

function nodeSchema(piece: PieceDefinition): JsonSchema {
  const props: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(piece.props)) {
    const base = piece.markdownProps?.includes(name) ? { ...schema, description: 'Markdown (rendered sanitized)' } : schema;
    props[name] = piece.writes === name
      ? { $ref: '#/$defs/binding' }
      : piece.bindable?.includes(name)
        ? { anyOf: [base, { $ref: '#/$defs/binding' }] }
        : base;
  }
  const properties: Record<string, JsonSchema> = {
    piece: { const: piece.name },
    id: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' },
    props: { type: 'object', properties: props, required: piece.required ?? [], additionalProperties: false },
  };
  if (piece.children) {
    properties['children'] = {
      type: 'array',
      items: piece.children.allowed ? { anyOf: piece.children.allowed.map((name) => ({ $ref: `#/$defs/${name}` })) } : { $ref: '#/$defs/node' },
      ...(piece.children.min !== undefined ? { minItems: piece.children.min } : {}),
      ...(piece.children.max !== undefined ? { maxItems: piece.children.max } : {}),
    };
  }
  return {
    type: 'object',
    description: `${piece.category}: ${piece.description}`,
    properties,
    required: piece.required?.length ? ['piece', 'props'] : ['piece'],
    additionalProperties: false,
  };
}

/** One self-contained JSON Schema (draft 2020-12 `$defs`/`$ref`) for a whole surface built from `catalog`. */
export function catalogSchema(catalog: PieceCatalog = builtinCatalog()): JsonSchema & { $schema: string } {
  const $defs: Record<string, JsonSchema> = {
    binding: bindingSchema,
    node: { anyOf: catalog.names().map((name) => ({ $ref: `#/$defs/${name}` })) },
  };
  for (const piece of catalog.list()) $defs[piece.name] = nodeSchema(piece);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    description: 'A surface: a tree of pieces under "root", and the data its bindings read and write.',
    properties: { root: { $ref: '#/$defs/node' }, data: { type: 'object' } },
    required: ['root'],
    additionalProperties: false,
    $defs,
  };
}
