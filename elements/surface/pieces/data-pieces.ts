import { html, nothing } from 'lit';
import type { PieceRenderer } from './piece-context.js';
import { textOf } from './piece-context.js';
import { safeUrl } from './safe-url.js';

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ => value !== null && typeof value === 'object' && !Array.isArray(value);

const listing: PieceRenderer = (_context, node) => {
  const items = Array.isArray(node.props['items']) ? node.props['items'].filter(isRecord) : [];
  if (items.length === 0) {
    return html`<p part="piece piece-listing" class="listing listing--empty">${textOf(node.props['empty'])}</p>`;
  }
  return html`<ul part="piece piece-listing" class="listing">
    ${items.map((item) => {
      const href = safeUrl(item['href'], 'link');
      const title = textOf(item['title']);
      const subtitle = textOf(item['subtitle']);
      return html`<li class="listing__item">
        ${href ? html`<a class="listing__title" href=${href}>${title}</a>` : html`<span class="listing__title">${title}</span>`}
        ${subtitle ? html`<span class="listing__subtitle">${subtitle}</span>` : nothing}
      </li>`;
    })}
  </ul>`;
};

const TREND_ARROWS = { up: '▲', down: '▼', flat: '▶' } as const;

const metric: PieceRenderer = (context, node) => {
  const trend = node.props['trend'];
  const unit = textOf(node.props['unit']);
  return html`<dl part="piece piece-metric" class="metric">
    <dt class="metric__label">${textOf(node.props['label'])}</dt>
    <dd class="metric__value">
      <span class="metric__figure">${textOf(node.props['value'])}</span>${unit ? html`<span class="metric__unit">${unit}</span>` : nothing}
      ${trend === 'up' || trend === 'down' || trend === 'flat'
        ? html`<span class="metric__trend metric__trend--${trend}"><span aria-hidden="true">${TREND_ARROWS[trend]}</span><span class="visually-hidden">${context.strings.trend[trend]}</span></span>`
        : nothing}
    </dd>
  </dl>`;
};

const progressBar: PieceRenderer = (context, node) => {
  const max = typeof node.props['max'] === 'number' ? node.props['max'] : 100;
  const value = typeof node.props['value'] === 'number' ? Math.min(node.props['value'], max) : 0;
  const label = textOf(node.props['label']);
  const id = context.id(node.path);
  return html`<div part="piece piece-progress-bar" class="progress">
    ${label ? html`<label class="progress__label" for=${id}>${label}</label>` : nothing}
    <progress id=${id} class="progress__bar" max=${max} .value=${value} aria-label=${label ? nothing : context.strings.progress}>
      ${Math.round((value / max) * 100)}%
    </progress>
  </div>`;
};

// Row headers make each cell announce its record; the first column names the row.
const table: PieceRenderer = (_context, node) => {
  const columns = Array.isArray(node.props['columns']) ? node.props['columns'].filter(isRecord) : [];
  const rows = Array.isArray(node.props['rows']) ? node.props['rows'].filter(isRecord) : [];
  const caption = textOf(node.props['caption']);
  const cell = (row: Record_, key: unknown) => textOf(Object.hasOwn(row, String(key)) ? row[String(key)] : undefined);
  return html`<div part="piece piece-table" class="table-scroll">
    <table class="table">
      ${caption ? html`<caption>${caption}</caption>` : nothing}
      <thead>
        <tr>${columns.map((column) => html`<th scope="col">${textOf(column['label'])}</th>`)}</tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) => html`<tr>
            ${columns.map((column, index) =>
              index === 0 ? html`<th scope="row">${cell(row, column['key'])}</th>` : html`<td>${cell(row, column['key'])}</td>`,
            )}
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
};

export const dataPieces: Record<string, PieceRenderer> = { Listing: listing, Metric: metric, ProgressBar: progressBar, Table: table };
