import { html, nothing } from 'lit';
import { markdown } from '../../internal/markdown/markdown.directive.js';
import type { PieceRenderer } from './piece-context.js';
import { textOf, toneOf } from './piece-context.js';
import { safeUrl } from './safe-url.js';

const heading: PieceRenderer = (_context, node) => {
  const level = typeof node.props['level'] === 'number' ? node.props['level'] : 2;
  return html`<div part="piece piece-heading" class="heading heading--${level}" role="heading" aria-level=${level}>${textOf(node.props['text'])}</div>`;
};

const body: PieceRenderer = (_context, node) =>
  html`<p part="piece piece-body" class="body ${node.props['tone'] === 'muted' ? 'body--muted' : ''}">${textOf(node.props['text'])}</p>`;

const markdownPiece: PieceRenderer = (_context, node) =>
  html`<div part="piece piece-markdown" class="markdown">${markdown(textOf(node.props['text']))}</div>`;

const image: PieceRenderer = (context, node) => {
  const alt = textOf(node.props['alt']);
  const src = safeUrl(node.props['src'], 'image');
  if (!src) return html`<p part="piece piece-image" class="image image--refused">${context.strings.imageRefused(alt)}</p>`;
  const width = typeof node.props['width'] === 'number' ? node.props['width'] : undefined;
  const height = typeof node.props['height'] === 'number' ? node.props['height'] : undefined;
  return html`<img
    part="piece piece-image"
    class="image"
    src=${src}
    alt=${alt}
    width=${width ?? nothing}
    height=${height ?? nothing}
    loading="lazy"
    decoding="async"
    referrerpolicy="no-referrer"
  />`;
};

const badge: PieceRenderer = (_context, node) =>
  html`<span part="piece piece-badge" class="badge tone--${toneOf(node.props['tone'])}">${textOf(node.props['text'])}</span>`;

// A named slot: the surface's host element projects its own light-DOM children into it.
const slot: PieceRenderer = (_context, node) => html`<slot part="piece piece-slot" name=${textOf(node.props['name'])}></slot>`;

export const contentPieces: Record<string, PieceRenderer> = {
  Heading: heading,
  Body: body,
  Markdown: markdownPiece,
  Image: image,
  Badge: badge,
  Slot: slot,
};
