import { html, nothing } from 'lit';
import type { PieceContext, PieceRenderer } from './piece-context.js';
import { textOf } from './piece-context.js';
import { icon } from './icons.js';
import { safeUrl } from './safe-url.js';

/** A piece with an href renders a link; one with only an action renders a button. */
function activator(context: PieceContext, path: string, props: Readonly<Record<string, unknown>>) {
  const href = safeUrl(props['href'], 'link');
  const disabled = props['disabled'] === true;
  const hasAction = props['action'] !== undefined;
  const onClick = (event: Event) => {
    if (disabled) {
      event.preventDefault();
      return;
    }
    if (hasAction) {
      // An href with an action: the action is the host's to handle; the link is its fallback.
      if (href) event.preventDefault();
      context.activate(path);
    }
  };
  return { href, disabled, onClick };
}

const button: PieceRenderer = (context, node) => {
  const { href, disabled, onClick } = activator(context, node.path, node.props);
  const variant = typeof node.props['variant'] === 'string' ? node.props['variant'] : 'secondary';
  const text = textOf(node.props['text']);
  return href && !disabled
    ? html`<a part="piece piece-button" class="button button--${variant}" href=${href} @click=${onClick}>${text}</a>`
    : html`<button part="piece piece-button" class="button button--${variant}" type="button" ?disabled=${disabled} @click=${onClick}>${text}</button>`;
};

const iconButton: PieceRenderer = (context, node) => {
  const { href, disabled, onClick } = activator(context, node.path, node.props);
  const label = textOf(node.props['label']);
  const glyph = icon(textOf(node.props['icon']));
  return href && !disabled
    ? html`<a part="piece piece-icon-button" class="icon-button" href=${href} aria-label=${label} title=${label} @click=${onClick}>${glyph}</a>`
    : html`<button part="piece piece-icon-button" class="icon-button" type="button" aria-label=${label} title=${label} ?disabled=${disabled} @click=${onClick}>${glyph}</button>`;
};

const link: PieceRenderer = (context, node) => {
  const { href, onClick } = activator(context, node.path, node.props);
  const text = textOf(node.props['text']);
  const external = node.props['external'] === true;
  if (!href) return html`<button part="piece piece-link" class="link" type="button" @click=${onClick}>${text}</button>`;
  return html`<a
    part="piece piece-link"
    class="link"
    href=${href}
    target=${external ? '_blank' : nothing}
    rel=${external ? 'noopener noreferrer' : nothing}
    @click=${onClick}
  >${text}${external ? html`<span class="visually-hidden"> ${context.strings.opensInNewTab}</span>` : nothing}</a>`;
};

export const actionPieces: Record<string, PieceRenderer> = { Button: button, IconButton: iconButton, Link: link };
