import { css, unsafeCSS, type CSSResult } from 'lit';

/**
 * The square icon button that closes a surface or a panel: `selector` names it in the element's
 * own styles, which add where it sits. Forced colours give it a border, since its background is
 * transparent.
 */
export function closeButtonStyles(selector: string): CSSResult {
  const button = unsafeCSS(selector);
  return css`
    ${button} {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      width: 2rem;
      height: 2rem;
      padding: 0;
      border: 0;
      border-radius: var(--dddk-radius-m, 0.5rem);
      background: transparent;
      color: inherit;
      cursor: pointer;
    }
    ${button}:hover {
      background: var(--dddk-color-surface-raised, ButtonFace);
    }
    ${button}:focus-visible {
      outline: 2px solid var(--dddk-color-focus-ring, light-dark(#0969da, #4493f8));
      outline-offset: 2px;
    }
    ${button} svg {
      width: 1rem;
      height: 1rem;
    }
    @media (forced-colors: active) {
      ${button} {
        border: 1px solid ButtonText;
      }
    }
  `;
}
