import { html, nothing } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import type { PieceRenderer } from './piece-context.js';
import { textOf, toneOf } from './piece-context.js';

const gapOf = (value: unknown) => (typeof value === 'number' ? `${value}px` : undefined);

const stack: PieceRenderer = (context, node, children) => {
  const direction = node.props['direction'] === 'horizontal' ? 'horizontal' : 'vertical';
  const align = typeof node.props['align'] === 'string' ? node.props['align'] : 'stretch';
  return html`<div
    part="piece piece-stack"
    class="stack stack--${direction} align--${align}"
    style=${styleMap({ gap: gapOf(node.props['gap']) })}
  >${children.map((child) => context.render(child))}</div>`;
};

const grid: PieceRenderer = (context, node, children) => {
  const columns = typeof node.props['columns'] === 'number' ? node.props['columns'] : 2;
  return html`<div
    part="piece piece-grid"
    class="grid"
    style=${styleMap({ gap: gapOf(node.props['gap']), '--columns': String(columns) })}
  >${children.map((child) => context.render(child))}</div>`;
};

const card: PieceRenderer = (context, node, children) => {
  const title = textOf(node.props['title']);
  const titleId = context.id(node.path, 'title');
  return html`<div
    part="piece piece-card"
    class="card tone--${toneOf(node.props['tone'])}"
    role="group"
    aria-labelledby=${title ? titleId : nothing}
  >
    ${title ? html`<p class="card__title" id=${titleId}>${title}</p>` : nothing}
    ${children.map((child) => context.render(child))}
  </div>`;
};

// The WAI-ARIA APG tabs pattern with automatic activation: arrows, Home and End move between tabs.
const tabs: PieceRenderer = (context, node, children) => {
  const labels = Array.isArray(node.props['labels']) ? node.props['labels'].map(textOf) : [];
  const initial = typeof node.props['selected'] === 'number' ? node.props['selected'] : 0;
  const selected = Math.min(context.selectedTab(node.path, initial), children.length - 1);
  const onKeyDown = (event: KeyboardEvent) => {
    const last = children.length - 1;
    const next = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    context.selectTab(node.path, next > last ? 0 : next < 0 ? last : next, true);
  };
  return html`<div part="piece piece-tabs" class="tabs">
    <div role="tablist" class="tabs__list" @keydown=${onKeyDown}>
      ${children.map(
        (_, index) => html`<button
          type="button"
          role="tab"
          class="tabs__tab"
          id=${context.id(node.path, `tab-${index}`)}
          aria-selected=${index === selected ? 'true' : 'false'}
          aria-controls=${context.id(node.path, `panel-${index}`)}
          tabindex=${index === selected ? 0 : -1}
          @click=${() => context.selectTab(node.path, index, false)}
        >${labels[index] ?? ''}</button>`,
      )}
    </div>
    ${children.map(
      (child, index) => html`<div
        role="tabpanel"
        class="tabs__panel"
        id=${context.id(node.path, `panel-${index}`)}
        aria-labelledby=${context.id(node.path, `tab-${index}`)}
        tabindex="0"
        ?hidden=${index !== selected}
      >${context.render(child)}</div>`,
    )}
  </div>`;
};

export const layoutPieces: Record<string, PieceRenderer> = { Stack: stack, Grid: grid, Card: card, Tabs: tabs };
