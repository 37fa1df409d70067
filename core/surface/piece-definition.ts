import type { JsonSchema } from './json-schema.js';

export type PieceCategory = 'layout' | 'content' | 'data' | 'input' | 'action' | 'feedback' | 'slot';

/** Which children a piece takes. `false`: none. */
export type ChildrenRule = false | { min?: number; max?: number; allowed?: readonly string[] };

export interface PieceDefinition {
  /** The name authors write in `piece` (PascalCase). */
  name: string;
  category: PieceCategory;
  /** One sentence a model reads to decide when to use the piece. */
  description: string;
  /** JSON Schema of each prop; props absent here are refused. */
  props: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  /** Props that may be `{ "$bind": "/pointer" }` instead of a literal value. */
  bindable?: readonly string[];
  /** For input pieces: the prop the user's edits write back to; it must be bound. */
  writes?: string;
  /** For input pieces: why a value the user entered is refused, given the node's resolved props. */
  acceptInput?(props: Readonly<Record<string, unknown>>, value: unknown): string | undefined;
  /** Props holding Markdown; a renderer must sanitize them. Every other string prop is plain text. */
  markdownProps?: readonly string[];
  children: ChildrenRule;
  /** Rules across props and children that a schema cannot say; returns why the node is wrong. */
  check?(props: Readonly<Record<string, unknown>>, childCount: number): string | undefined;
}
