/** Checks a whole surface tree against a catalog before anything renders it. */
import { formatPointer, isPointer } from './json-pointer.js';
import { validateSchema } from './json-schema.js';
import { builtinCatalog, type PieceCatalog } from './piece-catalog.js';
import type { PieceDefinition } from './piece-definition.js';
import { isBinding, type PieceSurface, type SurfaceIssue } from './surface.types.js';
import { DddkError } from '../util/dddk-error.js';

export interface ValidateSurfaceOptions {
  catalog?: PieceCatalog;
  /** Deepest nesting of pieces allowed; the root is depth 1. Default 12. */
  maxDepth?: number;
  /** Most pieces allowed in one surface. Default 400. */
  maxNodes?: number;
}

export type SurfaceValidation = { ok: true; surface: PieceSurface; errors: [] } | { ok: false; errors: SurfaceIssue[] };

const NODE_KEYS = ['piece', 'id', 'props', 'children'];
const NODE_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const MAX_ERRORS = 50;

export function formatIssue(issue: SurfaceIssue): string {
  return `${issue.path || '(surface)'}: ${issue.message}`;
}

export class SurfaceValidationError extends DddkError<'surface-invalid'> {
  override name = 'SurfaceValidationError';
  readonly code = 'surface-invalid';
  constructor(readonly issues: readonly SurfaceIssue[]) {
    super(`The surface is not valid:\n${issues.map(formatIssue).join('\n')}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

type Path = readonly (string | number)[];

/** One validation's state: the options, the issues so far, the ids seen and the pieces counted. */
interface SurfaceWalk {
  readonly catalog: PieceCatalog;
  readonly maxDepth: number;
  readonly maxNodes: number;
  readonly errors: SurfaceIssue[];
  readonly seenIds: Map<string, string>;
  nodeCount: number;
  tooMany: boolean;
}

function report(walk: SurfaceWalk, path: Path, message: string): void {
  if (walk.errors.length < MAX_ERRORS) walk.errors.push({ path: formatPointer(path), message });
}

/** Never throws on JSON input: every defect comes back as an issue with its JSON Pointer path. */
export function validateSurface(json: unknown, options: ValidateSurfaceOptions = {}): SurfaceValidation {
  const walk: SurfaceWalk = {
    catalog: options.catalog ?? builtinCatalog(),
    maxDepth: options.maxDepth ?? 12,
    maxNodes: options.maxNodes ?? 400,
    errors: [],
    seenIds: new Map(),
    nodeCount: 0,
    tooMany: false,
  };
  if (!isRecord(json)) {
    return { ok: false, errors: [{ path: '', message: `a surface is an object { "root": { "piece": … }, "data": { … } }, got ${kindOf(json)}` }] };
  }
  for (const key of Object.keys(json)) {
    if (key !== 'root' && key !== 'data') report(walk, [key], 'unknown key; a surface takes root, data');
  }
  if (!Object.hasOwn(json, 'root')) report(walk, [], 'missing "root" piece');
  else visitNode(walk, json['root'], ['root'], 1);
  if (Object.hasOwn(json, 'data') && !isRecord(json['data'])) report(walk, ['data'], `data must be an object, got ${kindOf(json['data'])}`);

  const { errors } = walk;
  return errors.length === 0 ? { ok: true, surface: json as unknown as PieceSurface, errors: [] } : { ok: false, errors };
}

function visitNode(walk: SurfaceWalk, node: unknown, path: Path, depth: number): void {
  if (walk.tooMany) return;
  walk.nodeCount += 1;
  if (walk.nodeCount > walk.maxNodes) {
    walk.tooMany = true;
    report(walk, path, `too many pieces: a surface holds at most ${walk.maxNodes}`);
    return;
  }
  if (!isRecord(node)) {
    report(walk, path, `expected a piece object like { "piece": "Heading", "props": { … } }, got ${kindOf(node)}`);
    return;
  }
  for (const key of Object.keys(node)) {
    if (!NODE_KEYS.includes(key)) report(walk, [...path, key], `unknown key; a piece takes ${NODE_KEYS.join(', ')}`);
  }
  const definition = pieceOf(walk, node, path);
  if (!definition) return;
  if (Object.hasOwn(node, 'id')) checkId(walk, node['id'], path);
  const props = checkProps(walk, node, definition, path);
  if (!props) return;
  const childCount = checkChildren(walk, node, definition, path, depth);
  if (definition.check) {
    const problem = definition.check(props, childCount);
    if (problem) report(walk, path, `${definition.name} ${problem}`);
  }
}

/** The catalog's definition of the node's piece, or undefined (reported) when it names none. */
function pieceOf(walk: SurfaceWalk, node: Record<string, unknown>, path: Path): PieceDefinition | undefined {
  const name = node['piece'];
  const names = () => walk.catalog.names().join(', ');
  if (typeof name !== 'string') {
    report(walk, [...path, 'piece'], `missing piece name; use one of ${names()}`);
    return undefined;
  }
  const definition = walk.catalog.get(name);
  if (!definition) report(walk, [...path, 'piece'], `unknown piece "${name.slice(0, 60)}"; use one of ${names()}`);
  return definition;
}

function checkId(walk: SurfaceWalk, id: unknown, path: Path): void {
  if (typeof id !== 'string' || !NODE_ID.test(id)) {
    report(walk, [...path, 'id'], 'an id is a letter followed by up to 63 letters, digits, "_" or "-"');
  } else if (walk.seenIds.has(id)) {
    report(walk, [...path, 'id'], `id "${id}" is already used at ${walk.seenIds.get(id)}`);
  } else {
    walk.seenIds.set(id, formatPointer(path));
  }
}

/** Checks the node's props against its piece; returns them, or undefined when they are not an object. */
function checkProps(walk: SurfaceWalk, node: Record<string, unknown>, definition: PieceDefinition, path: Path): Record<string, unknown> | undefined {
  const { name } = definition;
  const propNames = Object.keys(definition.props);
  const takes = propNames.length ? `${name} takes ${propNames.join(', ')}` : `${name} takes no props`;
  const props = Object.hasOwn(node, 'props') ? node['props'] : {};
  if (!isRecord(props)) {
    report(walk, [...path, 'props'], `props must be an object; ${takes}`);
    return undefined;
  }
  for (const required of definition.required ?? []) {
    if (!Object.hasOwn(props, required)) report(walk, [...path, 'props'], `missing required prop "${required}"; ${takes}`);
  }
  for (const key of Object.keys(props)) {
    const propPath = [...path, 'props', key];
    if (!Object.hasOwn(definition.props, key)) report(walk, propPath, `unknown prop; ${takes}`);
    else checkProp(walk, definition, key, props[key], propPath);
  }
  return props;
}

/** One declared prop: a binding where the piece allows one, an input's value only bound, else its schema. */
function checkProp(walk: SurfaceWalk, definition: PieceDefinition, key: string, value: unknown, propPath: Path): void {
  if (isBinding(value)) {
    if (!definition.bindable?.includes(key)) {
      report(walk, propPath, `"${key}" cannot be bound; ${definition.name} binds ${definition.bindable?.join(', ') || 'nothing'}`);
    } else if (Object.keys(value).length !== 1) {
      report(walk, propPath, 'a binding is exactly { "$bind": "/pointer" } with no other keys');
    } else if (!isPointer(value.$bind)) {
      report(walk, [...propPath, '$bind'], 'must be a JSON Pointer such as "/form/email" (escape "~" as "~0" and "/" as "~1")');
    }
    return;
  }
  if (definition.writes === key) {
    report(walk, propPath, `an input's "${key}" must be bound, e.g. { "$bind": "/form/${key}" }, so the user's edits have somewhere to go`);
    return;
  }
  for (const issue of validateSchema(value, definition.props[key]!, propPath)) {
    if (walk.errors.length < MAX_ERRORS) walk.errors.push(issue);
  }
}

/** Checks the node's children against its piece's rule and visits them; returns how many there are. */
function checkChildren(walk: SurfaceWalk, node: Record<string, unknown>, definition: PieceDefinition, path: Path, depth: number): number {
  const { name } = definition;
  const children = Object.hasOwn(node, 'children') ? node['children'] : undefined;
  if (children === undefined) return 0;
  const at = [...path, 'children'];
  if (!Array.isArray(children)) {
    report(walk, at, `children must be an array of pieces, got ${kindOf(children)}`);
    return 0;
  }
  const rule = definition.children;
  if (rule === false) {
    if (children.length > 0) report(walk, at, `${name} takes no children`);
    return 0;
  }
  const childCount = children.length;
  if (rule.min !== undefined && childCount < rule.min) report(walk, at, `${name} needs at least ${rule.min} children`);
  if (rule.max !== undefined && childCount > rule.max) report(walk, at, `${name} takes at most ${rule.max} children`);
  if (depth >= walk.maxDepth && childCount > 0) {
    report(walk, at, `pieces nest at most ${walk.maxDepth} deep; flatten this branch`);
    return childCount;
  }
  children.forEach((child, index) => {
    const childPath = [...at, index];
    if (rule.allowed && isRecord(child) && typeof child['piece'] === 'string' && !rule.allowed.includes(child['piece'])) {
      report(walk, [...childPath, 'piece'], `${name} takes only ${rule.allowed.join(', ')} as children`);
    }
    visitNode(walk, child, childPath, depth + 1);
  });
  return childCount;
}
