import { html, nothing } from 'lit';
import type { PieceRenderer } from './piece-context.js';
import { textOf, toneOf } from './piece-context.js';

// Warnings and dangers interrupt (alert); the other tones wait their turn (status).
const alert: PieceRenderer = (_context, node) => {
  const tone = toneOf(node.props['tone']);
  const title = textOf(node.props['title']);
  return html`<div part="piece piece-alert" class="alert tone--${tone}" role=${tone === 'warning' || tone === 'danger' ? 'alert' : 'status'}>
    ${title ? html`<p class="alert__title">${title}</p>` : nothing}
    <p class="alert__text">${textOf(node.props['text'])}</p>
  </div>`;
};

const spinner: PieceRenderer = (context, node) =>
  html`<div part="piece piece-spinner" class="spinner" role="status">
    <span class="spinner__ring" aria-hidden="true"></span>
    <span class="visually-hidden">${textOf(node.props['label']) || context.strings.loading}</span>
  </div>`;

export const feedbackPieces: Record<string, PieceRenderer> = { Alert: alert, Spinner: spinner };
