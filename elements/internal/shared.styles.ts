import { css } from 'lit';

/** Rules every element shares: sizing, the theme's colour scheme, and a screen-reader-only helper. */
export const sharedStyles = css`
  :host {
    box-sizing: border-box;
    color-scheme: var(--dddk-color-scheme, light dark);
  }

  :host *,
  :host *::before,
  :host *::after {
    box-sizing: inherit;
  }

  [hidden] {
    display: none !important;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;
