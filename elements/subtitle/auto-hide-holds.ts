import type { ReactiveController } from 'lit';
import type { SubtitleUiHost } from './subtitle-ui-host.js';

/**
 * The pointer or focus on the bar keeps an auto-hiding message up while the user reads or acts.
 * The holds go when the pointer and focus leave, when the bar hides, and with the element.
 */
export class AutoHideHolds implements ReactiveController {
  private releaseHover: (() => void) | undefined;
  private releaseFocus: (() => void) | undefined;

  constructor(private readonly host: SubtitleUiHost) {
    host.element.addController(this);
  }

  hostUpdated(): void {
    if (!this.host.view?.visible && this.host.placed.length === 0) this.releaseAll();
  }

  hostDisconnected(): void {
    this.releaseAll();
  }

  readonly hoverStart = (): void => {
    this.releaseHover ??= this.host.model?.holdAutoHide();
  };

  readonly hoverEnd = (): void => {
    this.releaseHover?.();
    this.releaseHover = undefined;
  };

  readonly focusIn = (): void => {
    this.releaseFocus ??= this.host.model?.holdAutoHide();
  };

  readonly focusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget;
    if (next instanceof Node && this.host.element.shadowRoot?.contains(next)) return;
    this.releaseFocus?.();
    this.releaseFocus = undefined;
  };

  private releaseAll(): void {
    this.hoverEnd();
    this.releaseFocus?.();
    this.releaseFocus = undefined;
  }
}
