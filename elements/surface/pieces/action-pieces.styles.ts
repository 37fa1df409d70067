import { css } from 'lit';

// Button, IconButton and Link.
export const actionPieceStyles = css`
  .button,
  .icon-button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.375rem;
    min-height: 2.25rem;
    padding: 0.375rem 0.875rem;
    border: 1px solid var(--dddk-color-border, ButtonBorder);
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: var(--dddk-color-surface, ButtonFace);
    color: var(--dddk-color-text, ButtonText);
    font: inherit;
    text-decoration: none;
    cursor: pointer;
  }
  .icon-button {
    width: 2.25rem;
    padding: 0;
  }
  .icon-button svg {
    width: 1rem;
    height: 1rem;
  }
  .button--primary {
    border-color: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
    background: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
    color: var(--dddk-color-accent-text, light-dark(#ffffff, #0d1117));
    font-weight: 600;
  }
  .button--danger {
    border-color: var(--dddk-color-danger, light-dark(#cf222e, #f85149));
    background: var(--dddk-color-danger, light-dark(#cf222e, #f85149));
    color: var(--dddk-color-accent-text, light-dark(#ffffff, #0d1117));
    font-weight: 600;
  }
  .button--ghost {
    border-color: transparent;
    background: transparent;
  }
  .button:disabled,
  .icon-button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  .link {
    padding: 0;
    border: 0;
    background: none;
    color: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
    font: inherit;
    text-decoration: underline;
    cursor: pointer;
  }
  a:not(.button, .icon-button) {
    color: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
  }
`;
