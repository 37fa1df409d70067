import type { ReactiveController } from 'lit';
import type { SubtitlePromptView } from '../../core/subtitle/prompt.connect.js';
import { focusFirstControl, placedSurfaceElement } from '../surface/placed-surface.js';
import { FocusReturn } from '../internal/focus-return.js';
import type { SubtitleUiHost } from './subtitle-ui-host.js';

const INITIAL_FOCUS: Record<SubtitlePromptView['initialFocus'], string> = {
  'primary-button': '.prompt__button--primary[data-action]',
  'first-option': '.prompt__option',
  'text-field': '.prompt__input',
};

/**
 * Where focus goes as the bar changes: into a new prompt or placed surface and back to where it was
 * once they are gone, and onto the close button when the focused Stop button goes with its task.
 */
export class SubtitleFocus implements ReactiveController {
  private readonly focusReturn: FocusReturn;
  private shownPromptId: number | undefined;
  private shownPlacementIds = new Set<number>();
  /** The Stop button had focus before this update; it may be going with its task. */
  private stopWasFocused = false;

  constructor(private readonly host: SubtitleUiHost) {
    this.focusReturn = new FocusReturn(host.element);
    host.element.addController(this);
  }

  hostUpdate(): void {
    this.stopWasFocused = this.root()?.activeElement?.classList.contains('subtitle__stop') === true;
  }

  hostUpdated(): void {
    this.movePromptFocus();
    this.moveSurfaceFocus();
    this.keepFocusAfterStop();
  }

  hostDisconnected(): void {
    this.shownPromptId = undefined;
    this.shownPlacementIds.clear();
    this.focusReturn.forget();
  }

  private root(): ShadowRoot | null {
    return this.host.element.shadowRoot;
  }

  /** Focus enters a new prompt; once no prompt is left, it goes back to where it was. */
  private movePromptFocus(): void {
    const prompt = this.host.view?.prompt;
    if (prompt?.id === this.shownPromptId) return;
    this.shownPromptId = prompt?.id;
    if (!prompt) {
      this.focusReturn.restore();
      return;
    }
    this.focusReturn.remember();
    this.root()?.querySelector<HTMLElement>(INITIAL_FOCUS[prompt.initialFocus])?.focus({ preventScroll: true });
  }

  /** Focus enters a newly placed surface; once the last one is gone, it goes back to where it was. */
  private moveSurfaceFocus(): void {
    const { placed } = this.host;
    const ids = new Set(placed.map((placement) => placement.id));
    const added = placed.filter((placement) => !this.shownPlacementIds.has(placement.id));
    const hadSurfaces = this.shownPlacementIds.size > 0;
    this.shownPlacementIds = ids;
    const newest = added[added.length - 1];
    if (newest) {
      this.focusReturn.remember();
      const element = placedSurfaceElement(this.root(), newest);
      if (element) void focusFirstControl(element);
      return;
    }
    if (hadSurfaces && ids.size === 0 && !this.host.view?.prompt) this.focusReturn.restore();
  }

  /** A keyboard user who stopped the task stays in the bar (on its close button) rather than back at the page's start. */
  private keepFocusAfterStop(): void {
    const stopGone = this.stopWasFocused && this.host.view?.stop === undefined;
    this.stopWasFocused = false;
    const root = this.root();
    // A prompt or surface that took focus meanwhile keeps it.
    if (!stopGone || !root || root.activeElement) return;
    const close = root.querySelector<HTMLElement>('.subtitle__close');
    if (close && !close.hidden && !close.closest('[hidden]')) close.focus({ preventScroll: true });
  }
}
