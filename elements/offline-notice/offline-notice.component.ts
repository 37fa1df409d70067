import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import { offlineNoticeWanted } from '../../core/offline-notice/offline-notice-settings.js';
import { DddkElement } from '../internal/dddk-element.js';
import { LazyView } from '../internal/lazy-view.js';
import { ModelBinding, type Subscribable } from '../internal/model-binding.js';
import { sharedStyles } from '../internal/shared.styles.js';
import { offlineNoticeUi } from './lazy-offline-notice.js';

const NO_MODEL: Subscribable = { subscribe: () => () => undefined };

/**
 * @tagname dddk-offline-notice
 * @summary Says that the agent answers without a model (it runs on the offline guide), once per
 * visitor session. It sits in the page's flow where the tag is, so it covers nothing: put it where
 * the page has room for a line (under the header, say). It hides by itself after a few seconds
 * (longer while the pointer or focus is on it), on its close button, or on Esc; a dismissal holds
 * for the session. Its text is read politely. Online, or with `createDddk({ offlineNotice: false })`,
 * it shows nothing and loads nothing.
 *
 * @csspart base - The notice's box (empty, with no size, while hidden).
 * @csspart text - Its text, a polite live region.
 * @csspart dismiss-button - The close button.
 *
 * @cssproperty --margin - The space around the notice while it shows; none is left once it hides.
 */
export class DddkOfflineNotice extends DddkElement {
  // In the page's flow and of no size while empty; the notice's own styles arrive with its view.
  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      p {
        margin: 0;
      }
    `,
  ];

  /** The controller whose notice this element shows; wins over `for` and the page default. */
  @property({ attribute: false }) accessor controller: DddkController | undefined = undefined;

  /** The id of a controller created with `createDddk({ id })`; without it the page default is used. */
  @property() accessor for: string | undefined = undefined;

  private readonly binding = new ModelBinding<Subscribable>(this, { select: () => NO_MODEL, events: ['locale_change'] });
  private readonly ui = new LazyView(this, offlineNoticeUi, { create: (module) => new module.OfflineNoticeUi(this) });

  /** The controller this element uses (its `controller`, the one named by `for`, or the page default). */
  get resolvedController(): DddkController | undefined {
    return this.binding.controller;
  }

  /** The element's own styles, which its view adopts together with the notice's. */
  get baseStyles() {
    return DddkOfflineNotice.elementStyles;
  }

  /** The notice's box and its polite live region, always there; the view fills them while it shows. */
  protected override render() {
    const controller = this.binding.controller;
    const ui = controller && offlineNoticeWanted(controller) ? this.ui.get() : this.ui.peek();
    const shown = ui?.shown();
    // The live region is on the page, empty, before its text: one inserted with its text is often not read.
    return html`<div part="base" class=${shown ? 'notice notice--shown' : 'notice'}>
      <p part="text" class="notice__text" role="status">${shown?.text ?? ''}</p>
      ${shown?.button ?? nothing}
    </div>`;
  }
}
