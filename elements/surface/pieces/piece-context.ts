import type { TemplateResult } from 'lit';
import type { ResolvedNode, SurfaceModel } from '../../../core/surface/surface-model.js';
import type { SurfaceStrings } from '../../../core/surface/surface.strings.js';

/** What a piece renderer may read and do; `SurfaceRenderer` implements it for one surface. */
export interface PieceContext {
  readonly model: SurfaceModel;
  readonly strings: SurfaceStrings;
  /** A DOM id for `path` plus `suffix`, unique in the shadow root the surface renders into. */
  id(path: string, suffix?: string): string;
  /** The message shown under an input (its last refused value, or "required"), if any. */
  message(path: string): string | undefined;
  /** The user edited an input piece. */
  input(path: string, value: unknown): void;
  /** The user activated a Button, IconButton or Link. */
  activate(path: string): void;
  selectedTab(path: string, initial: number): number;
  /** Shows tab `index` of the Tabs at `path`, moving focus to its tab when `focus` is set. */
  selectTab(path: string, index: number, focus: boolean): void;
  /** Renders the piece at `path` (a child of the piece being rendered). */
  render(path: string): TemplateResult;
}

/** Draws one resolved piece; `children` are the paths of its child pieces. */
export type PieceRenderer = (context: PieceContext, node: ResolvedNode, children: readonly string[]) => TemplateResult;

export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export function toneOf(value: unknown): Tone {
  return value === 'info' || value === 'success' || value === 'warning' || value === 'danger' ? value : 'neutral';
}

export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}
