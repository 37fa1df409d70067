import { html, nothing, type TemplateResult } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import type { SubtitleView } from '../../core/subtitle/subtitle.connect.js';

export interface FooterOptions {
  /** The outcome of a recent copy of this text: copied, refused, or none. */
  copied: boolean | undefined;
  onCopy(): void;
}

/** The row under the text: the page counter and its hint, the message's buttons and the copy status. */
export function renderFooter(view: SubtitleView, options: FooterOptions): TemplateResult {
  const { copied } = options;
  return html`<div part="footer" class="subtitle__footer">
    ${view.page
      ? html`<span part="page" class="subtitle__page"
          ><span aria-hidden="true">${view.page.counter}</span><span class="visually-hidden">${view.page.label}</span></span
        >${view.page.hint ? html`<span part="page-hint" class="subtitle__page-hint">${view.page.hint}</span>` : nothing}`
      : nothing}
    ${view.actions.length > 0
      ? html`<div part="actions" class="subtitle__actions">
          ${view.actions.map(
            ({ action, label }) => html`<button
              type="button"
              part="action action-${action}"
              class=${classMap({ subtitle__action: true, 'subtitle__action--primary': action === 'accept' })}
              data-action=${action}
              @click=${() => (action === 'copy' ? options.onCopy() : view.act(action))}
            >${label}</button>`,
          )}
        </div>`
      : nothing}
    <span part="copy-status" class="subtitle__copy-status" role="status"
      >${copied === undefined ? '' : copied ? view.copyStatus.copied : view.copyStatus.failed}</span
    >
  </div>`;
}
