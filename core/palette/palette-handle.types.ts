import type { PieceSurface } from '../surface/surface.types.js';
import type { PaletteItem } from './palette-item.types.js';

/** A host-owned element (kept opaque here: the core never touches the DOM). */
export type HostNode = object;

/** What a result can be, as handed to `showResult`. */
export type PaletteResultInput =
  | string
  | { text: string; title?: string }
  | { markdown: string; title?: string }
  /** Sanitized by the view before it is shown. */
  | { html: string; title?: string }
  /** A DOM node the host built; shown as given. */
  | { node: HostNode; title?: string }
  /** Text chunks appended as they arrive; the user can cancel. */
  | { stream: AsyncIterable<string>; title?: string }
  /** A host element shown in place; `stream(mount)` runs once it is in the page, to write into it. */
  | { mount: HostNode; stream?: (mount: HostNode, signal: AbortSignal) => void | Promise<void>; title?: string }
  | { surface: PieceSurface; title?: string };

/** The result being shown, as the view reads it. */
export type PaletteResult =
  | { kind: 'text'; title?: string; text: string }
  | { kind: 'markdown'; title?: string; text: string }
  | { kind: 'html'; title?: string; html: string }
  | { kind: 'node'; title?: string; node: HostNode }
  | { kind: 'stream'; title?: string; text: string; streaming: boolean; error?: string }
  | { kind: 'mount'; title?: string; mount: HostNode; streaming: boolean; error?: string }
  | { kind: 'surface'; title?: string; surface: PieceSurface };

export interface PaletteInputContext {
  /** The field's placeholder while borrowed. */
  placeholder?: string;
  /** A label shown as a chip before the field, naming what the field is for now. */
  chipLabel?: string;
  /** Receives the text on Enter; the field is cleared after. */
  onSubmit: (text: string, palette: PaletteHandle) => void | Promise<void>;
}

/** What an action or a host gets to steer the palette. */
export interface PaletteHandle {
  close(): void;
  readonly query: string;
  setQuery(query: string): void;
  showResult(result: PaletteResultInput): void;
  clearResult(): void;
  /** Opens `items` as a list in place of the current one; Esc comes back. */
  openList(items: readonly PaletteItem[], title?: string): void;
  setInputContext(context: PaletteInputContext): void;
  clearInputContext(): void;
}
