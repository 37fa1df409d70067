import { adoptStyles, html, svg, type CSSResultOrNative, type ReactiveController, type TemplateResult } from 'lit';
import type { DddkController } from '../../core/controller/create-dddk.js';
import { onStringsChange } from '../../core/i18n/string-registry.js';
import { controllerOfflineNotice } from '../../core/offline-notice/controller-offline-notice.js';
import { connectOfflineNotice, type OfflineNoticeView } from '../../core/offline-notice/offline-notice.connect.js';
import { offlineNoticeWanted } from '../../core/offline-notice/offline-notice-settings.js';
import type { OfflineNoticeModel } from '../../core/offline-notice/offline-notice.types.js';
import { offlineNoticeStyles } from './offline-notice.styles.js';

const closeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" fill="none"/></svg>`;

/** What the notice's view reads from its element. */
export interface OfflineNoticeHost extends HTMLElement {
  readonly resolvedController: DddkController | undefined;
  readonly baseStyles: readonly CSSResultOrNative[];
  requestUpdate(): void;
  addController(controller: ReactiveController): void;
}

/** The notice as shown: its text and its close button. */
export interface ShownNotice {
  readonly text: string;
  readonly button: TemplateResult;
}

type HoldSource = 'pointer' | 'focus';

/**
 * `<dddk-offline-notice>` once its controller runs offline: the controller's notice model, the close
 * button, Esc on the page, and the holds that keep it up while the pointer or focus is on it.
 */
export class OfflineNoticeUi implements ReactiveController {
  private controller: DddkController | undefined;
  private model: OfflineNoticeModel | undefined;
  private unsubscribe: (() => void) | undefined;
  private view: OfflineNoticeView | undefined;
  private readonly holds = new Map<HoldSource, () => void>();
  private stopWatchingStrings: (() => void) | undefined;

  constructor(private readonly host: OfflineNoticeHost) {
    if (host.shadowRoot) adoptStyles(host.shadowRoot, [...host.baseStyles, ...offlineNoticeStyles]);
  }

  hostConnected(): void {
    this.stopWatchingStrings = onStringsChange(() => this.host.requestUpdate());
    document.addEventListener('keydown', this.handlePageKeyDown);
    this.host.addEventListener('pointerenter', this.holdPointer);
    this.host.addEventListener('pointerleave', this.releasePointer);
    this.host.addEventListener('focusin', this.holdFocus);
    this.host.addEventListener('focusout', this.releaseFocus);
  }

  hostDisconnected(): void {
    this.stopWatchingStrings?.();
    this.stopWatchingStrings = undefined;
    document.removeEventListener('keydown', this.handlePageKeyDown);
    this.host.removeEventListener('pointerenter', this.holdPointer);
    this.host.removeEventListener('pointerleave', this.releasePointer);
    this.host.removeEventListener('focusin', this.holdFocus);
    this.host.removeEventListener('focusout', this.releaseFocus);
    for (const source of [...this.holds.keys()]) this.release(source);
    this.follow(undefined);
  }

  hostUpdate(): void {
    this.follow(this.host.resolvedController);
  }

  /** The notice's text and button while it shows; undefined while it does not. */
  shown(): ShownNotice | undefined {
    // A view adopted in the middle of an update has not had its hostUpdate yet.
    this.follow(this.host.resolvedController);
    const view = this.view;
    if (!view?.visible) return undefined;
    return {
      text: view.text,
      button: html`<button part="dismiss-button" class="notice__dismiss" type="button" aria-label=${view.dismissButton['aria-label']} @click=${view.dismiss}>${closeIcon}</button>`,
    };
  }

  private follow(controller: DddkController | undefined): void {
    const live = controller && offlineNoticeWanted(controller) ? controller : undefined;
    if (live !== this.controller) {
      this.unsubscribe?.();
      this.unsubscribe = undefined;
      this.controller = live;
      this.model = live ? controllerOfflineNotice(live) : undefined;
      this.unsubscribe = this.model?.subscribe(() => this.host.requestUpdate());
    }
    this.view = this.controller && this.model ? connectOfflineNotice(this.model.getState(), this.controller.locale, this.model) : undefined;
  }

  private hold(source: HoldSource): void {
    if (this.view?.visible && !this.holds.has(source)) this.holds.set(source, this.view.holdAutoHide());
  }

  private release(source: HoldSource): void {
    this.holds.get(source)?.();
    this.holds.delete(source);
  }

  private readonly holdPointer = () => this.hold('pointer');
  private readonly releasePointer = () => this.release('pointer');
  private readonly holdFocus = () => this.hold('focus');
  private readonly releaseFocus = () => this.release('focus');

  private readonly handlePageKeyDown = (event: KeyboardEvent): void => {
    this.view?.onPageKeyDown(event);
  };
}
