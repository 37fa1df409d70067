// Lines of every function of a source file, read with Babel's parser (TypeScript and decorators on).
import { parse } from '@babel/parser';
import { readFileSync } from 'node:fs';

export interface FunctionSize {
  name: string;
  line: number;
  lines: number;
}

interface Node {
  type: string;
  loc?: { start: { line: number }; end: { line: number } };
  [key: string]: unknown;
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ObjectMethod', 'ClassMethod', 'ClassPrivateMethod']);

export function functionSizes(path: string): FunctionSize[] {
  const ast = parse(readFileSync(path, 'utf8'), { sourceType: 'module', plugins: ['typescript', 'decorators', 'decoratorAutoAccessors'] }) as unknown as Node;
  const sizes: FunctionSize[] = [];
  const visit = (node: unknown, parent: Node | undefined): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parent);
      return;
    }
    if (typeof node !== 'object' || node === null || typeof (node as Node).type !== 'string') return;
    const current = node as Node;
    if (FUNCTION_TYPES.has(current.type) && current.loc) {
      sizes.push({ name: nameOf(current, parent), line: current.loc.start.line, lines: current.loc.end.line - current.loc.start.line + 1 });
    }
    for (const [key, value] of Object.entries(current)) {
      if (key !== 'loc' && key !== 'leadingComments' && key !== 'trailingComments') visit(value, current);
    }
  };
  visit(ast, undefined);
  return sizes;
}

function nameOf(node: Node, parent: Node | undefined): string {
  const key = (node.id ?? node.key) as Node | undefined;
  if (key && typeof key.name === 'string') return key.name;
  const id = parent?.id as Node | undefined;
  if (parent?.type === 'VariableDeclarator' && id && typeof id.name === 'string') return id.name;
  const parentKey = parent?.key as Node | undefined;
  if ((parent?.type === 'ObjectProperty' || parent?.type === 'ClassProperty') && parentKey && typeof parentKey.name === 'string') return parentKey.name;
  return '<anonymous>';
}
