import type { PaletteContextModel } from '../../core/palette/context/palette-context.types.js';
import type { PaletteView } from '../../core/palette/palette.connect.js';
import type { PaletteModel } from '../../core/palette/palette.types.js';
import type { ListLayout } from './list-layout.js';

/** What the lazily loaded panel reads from, and calls back into, its `<dddk-palette>`. */
export interface PalettePanelHost {
  readonly inline: boolean;
  readonly model: PaletteModel | undefined;
  readonly view: PaletteView | undefined;
  readonly layout: ListLayout;
  readonly listScrollTop: number;
  readonly viewport: number;
  /** The chip bar's model while the palette shows context chips. */
  readonly contextModel: PaletteContextModel | undefined;
  readonly locale: string;
  close(): void;
  requestUpdate(): void;
  handleKeyDown(event: KeyboardEvent): void;
  handleInput(event: InputEvent): void;
  handleScroll(event: Event): void;
  handlePointerMove(event: PointerEvent): void;
  keepFocusInField(event: MouseEvent): void;
  handleOptionClick(event: MouseEvent): void;
  runMenuAction(index: number): void;
}
