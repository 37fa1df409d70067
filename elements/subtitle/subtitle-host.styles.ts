import { css } from 'lit';

// What the bar's element needs before its view has loaded: out of the page's layout and its
// pointer's way. The view's own styles (subtitle.styles.ts) arrive with it.
export const subtitleHostStyles = css`
  :host {
    position: fixed;
    pointer-events: none;
  }
`;
