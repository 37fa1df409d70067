import { defineSurface } from '../surface/surface.js';
import { DddkPanel } from './panel.component.js';

export { DddkPanel };

/** Registers `<dddk-panel>` (or `tag`), and `<dddk-surface>` which draws the panels' bodies. */
export function definePanel(tag = 'dddk-panel'): void {
  defineSurface();
  DddkPanel.define(tag);
}

declare global {
  interface HTMLElementTagNameMap {
    'dddk-panel': DddkPanel;
  }
}
