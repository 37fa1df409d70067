// Reads the project's import graph from the source text: every static import and re-export (type-only
// ones marked), and every dynamic `import()`. Enough for the architecture fences; not a TS parser.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface ImportEdge {
  from: string;
  /** The imported file relative to the root, or the bare specifier of a package. */
  to: string;
  typeOnly: boolean;
  dynamic: boolean;
  names: string[];
}

export function sourceFiles(root: string, dirs: string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.test.ts') ? [relative(root, path)] : [];
    });
  return dirs.flatMap((dir) => walk(join(root, dir))).sort();
}

const STATIC = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g;
const SIDE_EFFECT = /(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;
const DYNAMIC = /(?<!typeof\s)\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export function readEdges(root: string, file: string): ImportEdge[] {
  const text = stripComments(readFileSync(join(root, file), 'utf8'));
  const edges: ImportEdge[] = [];
  for (const match of text.matchAll(STATIC)) {
    const [, , typeKeyword, clause = '', specifier = ''] = match;
    const names = namesOf(clause);
    const allTyped = names.length > 0 && names.every((name) => name.startsWith('type '));
    edges.push({ from: file, to: target(root, file, specifier), typeOnly: Boolean(typeKeyword) || allTyped, dynamic: false, names: names.map((n) => n.replace(/^type\s+/, '')) });
  }
  for (const match of text.matchAll(SIDE_EFFECT)) edges.push({ from: file, to: target(root, file, match[1] ?? ''), typeOnly: false, dynamic: false, names: [] });
  for (const match of text.matchAll(DYNAMIC)) edges.push({ from: file, to: target(root, file, match[1] ?? ''), typeOnly: false, dynamic: true, names: [] });
  return edges;
}

/** Offsets of the dynamic `import()` calls of a file, for the lazy-loading fence. */
export function dynamicImportOffsets(text: string): number[] {
  return [...stripComments(text).matchAll(DYNAMIC)].map((match) => match.index ?? 0);
}

function namesOf(clause: string): string[] {
  const braces = clause.match(/\{([\s\S]*)\}/);
  const inside = braces ? (braces[1] ?? '').split(',').map((part) => part.trim()).filter(Boolean) : [];
  const outside = (braces ? clause.replace(braces[0], '') : clause).replace(/\*\s+as\s+\w+/, '*').split(',').map((part) => part.trim()).filter(Boolean);
  return [...inside.map((name) => name.split(/\s+as\s+/)[0] ?? name), ...outside];
}

function target(root: string, file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return relative(root, resolve(dirname(join(root, file)), specifier)).replace(/\.js$/, '.ts');
}

/** Comments removed, string contents kept (a specifier is a string). Same length, so offsets hold. */
export function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g, (comment) => comment.replace(/[^\n]/g, ' '));
}

/** Strongly connected components with more than one file (or a file importing itself): the cycles. */
export function cycles(files: string[], edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const edge of edges) if (next.has(edge.to)) next.get(edge.from)?.push(edge.to);
  let index = 0;
  const indexes = new Map<string, number>();
  const lows = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    indexes.set(file, index);
    lows.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!indexes.has(to)) {
        visit(to);
        lows.set(file, Math.min(lows.get(file)!, lows.get(to)!));
      } else if (onStack.has(to)) lows.set(file, Math.min(lows.get(file)!, indexes.get(to)!));
    }
    if (lows.get(file) !== indexes.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (next.get(file) ?? []).includes(file)) found.push(component.sort());
  };
  for (const file of files) if (!indexes.has(file)) visit(file);
  return found;
}
