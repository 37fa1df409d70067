import { html, nothing } from 'lit';
import type { PaletteView } from '../../core/palette/palette.connect.js';
import type { PaletteResult } from '../../core/palette/palette-item.types.js';
import { markdown } from '../internal/markdown/markdown.directive.js';
import { loadHtmlSanitizer } from '../../core/page/sanitize/lazy-html-sanitizer.js';

/**
 * A result shown in place of the list: text, streamed text with its Stop button, markdown,
 * sanitized HTML, a host's node or mount, or a surface.
 */
export class ResultView {
  private sanitized: { html: string; fragment: DocumentFragment | undefined; error: string | undefined } | undefined;

  constructor(
    private readonly requestUpdate: () => void,
    private readonly cancel: () => void,
  ) {}

  render(view: PaletteView, result: PaletteResult) {
    const streaming = (result.kind === 'stream' || result.kind === 'mount') && result.streaming;
    const error = result.kind === 'stream' || result.kind === 'mount' ? result.error : undefined;
    return html`<section part="result" class="palette__result" aria-label=${result.title ?? view.strings.resultLabel} aria-busy=${streaming ? 'true' : 'false'}>
      <header class="palette__result-header">
        ${result.title ? html`<h2 part="result-title" class="palette__result-title">${result.title}</h2>` : nothing}
        ${streaming && result.kind === 'stream'
          ? html`<button part="result-cancel" class="palette__text-button" type="button" @click=${this.cancel}>${view.strings.cancel}</button>`
          : nothing}
      </header>
      <div part="result-body" class="palette__result-body">${this.renderResultBody(view, result)}</div>
      ${error ? html`<p part="error" class="palette__error" role="alert">${view.strings.error('result', undefined, error)}</p>` : nothing}
    </section>`;
  }

  private renderResultBody(view: PaletteView, result: PaletteResult) {
    switch (result.kind) {
      case 'text':
      case 'stream':
        return html`<div class="palette__result-text">${result.text}</div>`;
      case 'markdown':
        return html`<div class="palette__result-markdown">${markdown(result.text)}</div>`;
      case 'html':
        return this.renderSanitized(view, result.html);
      case 'node':
      case 'mount': {
        const node = result.kind === 'node' ? result.node : result.mount;
        return node instanceof Node ? node : nothing;
      }
      case 'surface':
        return html`<dddk-surface .surface=${result.surface}></dddk-surface>`;
    }
  }

  private renderSanitized(view: PaletteView, source: string) {
    if (this.sanitized?.html !== source) {
      const entry: NonNullable<typeof this.sanitized> = { html: source, fragment: undefined, error: undefined };
      this.sanitized = entry;
      // A result's HTML is read, not used: the reading policy, as for markdown answers.
      loadHtmlSanitizer('reading').then(
        (sanitizer) => {
          entry.fragment = sanitizer.toFragment(source);
          if (this.sanitized === entry) this.requestUpdate();
        },
        (error: unknown) => {
          entry.error = error instanceof Error ? error.message : String(error);
          if (this.sanitized === entry) this.requestUpdate();
        },
      );
    }
    const entry = this.sanitized;
    if (entry.error) return html`<p class="palette__error" role="alert">${view.strings.error('result', undefined, entry.error)}</p>`;
    // A fragment empties itself when inserted, so each render inserts a copy.
    return entry.fragment ? html`<div class="palette__result-html">${entry.fragment.cloneNode(true)}</div>` : html`<p class="palette__muted">${view.strings.loading}</p>`;
  }
}
