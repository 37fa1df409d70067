/** Checks a whole surface tree against a catalog before anything renders it. */
import { formatPointer, isPointer } from './json-pointer.js';
import { validateSchema } from './json-schema.js';
import { builtinCatalog, type PieceCatalog } from './piece-catalog.js';
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

/** Never throws on JSON input: every defect comes back as an issue with its JSON Pointer path. */
export function validateSurface(json: unknown, options: ValidateSurfaceOptions = {}): SurfaceValidation {
  const catalog = options.catalog ?? builtinCatalog();
  const maxDepth = options.maxDepth ?? 12;
  const maxNodes = options.maxNodes ?? 400;
  const errors: SurfaceIssue[] = [];
  const report = (path: readonly (string | number)[], message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ path: formatPointer(path), message });
  };
  const seenIds = new Map<string, string>();
  let nodeCount = 0;
  let tooMany = false;

  const visitNode = (node: unknown, path: (string | number)[], depth: number): void => {
    if (tooMany) return;
    nodeCount += 1;
    if (nodeCount > maxNodes) {
      tooMany = true;
      report(path, `too many pieces: a surface holds at most ${maxNodes}`);
      return;
    }
    if (!isRecord(node)) {
      report(path, `expected a piece object like { "piece": "Heading", "props": { … } }, got ${kindOf(node)}`);
      return;
    }
    for (const key of Object.keys(node)) {
      if (!NODE_KEYS.includes(key)) report([...path, key], `unknown key; a piece takes ${NODE_KEYS.join(', ')}`);
    }
    const name = node['piece'];
    if (typeof name !== 'string') {
      report([...path, 'piece'], `missing piece name; use one of ${catalog.names().join(', ')}`);
      return;
    }
    const definition = catalog.get(name);
    if (!definition) {
      report([...path, 'piece'], `unknown piece "${name.slice(0, 60)}"; use one of ${catalog.names().join(', ')}`);
      return;
    }
    if (Object.hasOwn(node, 'id')) {
      const id = node['id'];
      if (typeof id !== 'string' || !NODE_ID.test(id)) {
        report([...path, 'id'], 'an id is a letter followed by up to 63 letters, digits, "_" or "-"');
      } else if (seenIds.has(id)) {
        report([...path, 'id'], `id "${id}" is already used at ${seenIds.get(id)}`);
      } else {
        seenIds.set(id, formatPointer(path));
      }
    }

    const propNames = Object.keys(definition.props);
    const takes = propNames.length ? `${name} takes ${propNames.join(', ')}` : `${name} takes no props`;
    const props = Object.hasOwn(node, 'props') ? node['props'] : {};
    if (!isRecord(props)) {
      report([...path, 'props'], `props must be an object; ${takes}`);
      return;
    }
    for (const required of definition.required ?? []) {
      if (!Object.hasOwn(props, required)) report([...path, 'props'], `missing required prop "${required}"; ${takes}`);
    }
    for (const key of Object.keys(props)) {
      const propPath = [...path, 'props', key];
      if (!Object.hasOwn(definition.props, key)) {
        report(propPath, `unknown prop; ${takes}`);
        continue;
      }
      const value = props[key];
      if (isBinding(value)) {
        if (!definition.bindable?.includes(key)) {
          report(propPath, `"${key}" cannot be bound; ${name} binds ${definition.bindable?.join(', ') || 'nothing'}`);
        } else if (Object.keys(value).length !== 1) {
          report(propPath, 'a binding is exactly { "$bind": "/pointer" } with no other keys');
        } else if (!isPointer(value.$bind)) {
          report([...propPath, '$bind'], 'must be a JSON Pointer such as "/form/email" (escape "~" as "~0" and "/" as "~1")');
        }
        continue;
      }
      if (definition.writes === key) {
        report(propPath, `an input's "${key}" must be bound, e.g. { "$bind": "/form/${key}" }, so the user's edits have somewhere to go`);
        continue;
      }
      for (const issue of validateSchema(value, definition.props[key]!, propPath)) {
        if (errors.length < MAX_ERRORS) errors.push(issue);
      }
    }

    const children = Object.hasOwn(node, 'children') ? node['children'] : undefined;
    let childCount = 0;
    if (children !== undefined) {
      if (!Array.isArray(children)) {
        report([...path, 'children'], `children must be an array of pieces, got ${kindOf(children)}`);
      } else if (definition.children === false) {
        if (children.length > 0) report([...path, 'children'], `${name} takes no children`);
      } else {
        childCount = children.length;
        const rule = definition.children;
        if (rule.min !== undefined && childCount < rule.min) report([...path, 'children'], `${name} needs at least ${rule.min} children`);
        if (rule.max !== undefined && childCount > rule.max) report([...path, 'children'], `${name} takes at most ${rule.max} children`);
        if (depth >= maxDepth && childCount > 0) {
          report([...path, 'children'], `pieces nest at most ${maxDepth} deep; flatten this branch`);
        } else {
          children.forEach((child, index) => {
            const childPath = [...path, 'children', index];
            if (rule.allowed && isRecord(child) && typeof child['piece'] === 'string' && !rule.allowed.includes(child['piece'])) {
              report([...childPath, 'piece'], `${name} takes only ${rule.allowed.join(', ')} as children`);
            }
            visitNode(child, childPath, depth + 1);
          });
        }
      }
    }
    if (definition.check) {
      const problem = definition.check(props, childCount);
      if (problem) report(path, `${name} ${problem}`);
    }
  };

  if (!isRecord(json)) {
    return { ok: false, errors: [{ path: '', message: `a surface is an object { "root": { "piece": … }, "data": { … } }, got ${kindOf(json)}` }] };
  }
  for (const key of Object.keys(json)) {
    if (key !== 'root' && key !== 'data') report([key], 'unknown key; a surface takes root, data');
  }
  if (!Object.hasOwn(json, 'root')) report([], 'missing "root" piece');
  else visitNode(json['root'], ['root'], 1);
  if (Object.hasOwn(json, 'data') && !isRecord(json['data'])) report(['data'], `data must be an object, got ${kindOf(json['data'])}`);

  return errors.length === 0 ? { ok: true, surface: json as unknown as PieceSurface, errors: [] } : { ok: false, errors };
}
