import { adoptStyles, html, nothing, type CSSResultOrNative, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { PANEL_CORNERS, type PinnedPanel } from '../../core/surface/pinned-panels.js';
import type { SurfaceStrings } from '../../core/surface/surface.strings.js';
import { closeIcon, stringsFor } from '../surface/surface-view.js';
import type { ViewPart } from '../internal/lazy-view.js';
import type { PanelsViewHost } from './panels-view-host.js';
import { panelStyles } from './panel.styles.js';

let nextPanelNumber = 1;
const panelNumbers = new WeakMap<PinnedPanel, number>();

/** The pinned panels of a `<dddk-panel>`, drawn in their corners, each a region named by its title. */
export class PanelsView implements ViewPart {
  constructor(
    private readonly host: PanelsViewHost,
    baseStyles: readonly CSSResultOrNative[],
  ) {
    if (host.shadowRoot) adoptStyles(host.shadowRoot, [...baseStyles, ...panelStyles]);
  }

  render(): TemplateResult {
    const { host } = this;
    const panels = host.panels;
    const strings = stringsFor({ controller: host.activeController, for: undefined });
    return html`${PANEL_CORNERS.map((corner) => {
      const inCorner = panels.filter((panel) => panel.getState().corner === corner);
      return inCorner.length === 0
        ? nothing
        : html`<div part="corner corner-${corner}" class="corner corner--${corner}">
            ${repeat(inCorner, (panel) => panel, (panel) => renderPanel(host, panel, strings))}
          </div>`;
    })}`;
  }
}

function renderPanel(host: PanelsViewHost, panel: PinnedPanel, strings: SurfaceStrings): TemplateResult {
  const state = panel.getState();
  let number = panelNumbers.get(panel);
  if (number === undefined) panelNumbers.set(panel, (number = nextPanelNumber++));
  const titleId = `panel-${number}-title`;
  return html`<section
    part="panel"
    class="panel"
    data-panel-id=${state.id}
    aria-labelledby=${state.title ? titleId : nothing}
    aria-label=${state.title ? nothing : strings.panelLabel}
  >
    <div part="header" class="panel__header">
      <div class="panel__heading">
        ${state.title ? html`<h2 part="title" class="panel__title" id=${titleId}>${state.title}</h2>` : nothing}
        ${state.subtitle ? html`<p part="subtitle" class="panel__subtitle">${state.subtitle}</p>` : nothing}
      </div>
      ${state.dismissible
        ? html`<button
            part="close-button"
            class="panel__close"
            type="button"
            aria-label=${strings.dismissPanel(state.title)}
            @click=${() => host.requestDismiss(panel)}
          >${closeIcon}</button>`
        : nothing}
    </div>
    <dddk-surface part="body" class="panel__body" .model=${state.model} .controller=${host.activeController}></dddk-surface>
    ${state.footer ? html`<p part="footer" class="panel__footer">${state.footer}</p>` : nothing}
  </section>`;
}
