import { css } from 'lit';

// The fields: text fields, selects, choices, checkboxes and switches, sliders, and their messages.
export const inputPieceStyles = css`
  .field__label {
    font-weight: 600;
  }
  .field {
    gap: 0.25rem;
  }
  .field__control {
    width: 100%;
    min-height: 2.25rem;
    padding: 0.375rem 0.625rem;
    border: 1px solid var(--dddk-color-border, GrayText);
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: var(--dddk-color-surface, Field);
    color: inherit;
    font: inherit;
  }
  .field__control[aria-invalid='true'],
  .choices[aria-invalid='true'] {
    border-color: var(--dddk-color-danger, light-dark(#cf222e, #f85149));
  }
  .field__message {
    margin: 0;
    font-size: var(--dddk-font-size-s, 0.875rem);
  }
  [aria-invalid='true'] ~ .field__message,
  .choices[aria-invalid='true'] .field__message {
    color: var(--dddk-color-danger, light-dark(#cf222e, #f85149));
  }
  .choices {
    gap: 0.375rem;
    margin: 0;
    padding: 0.5rem 0.75rem;
    border: 1px solid var(--dddk-color-border, GrayText);
    border-radius: var(--dddk-radius-m, 0.5rem);
  }
  .toggle {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  .toggle .field__message {
    flex-basis: 100%;
  }
  .toggle__control {
    width: 1.125rem;
    height: 1.125rem;
    margin: 0;
    accent-color: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
  }
  .toggle--switch .toggle__control {
    appearance: none;
    position: relative;
    width: 2.25rem;
    height: 1.25rem;
    border: 1px solid var(--dddk-color-text-muted, light-dark(#59636e, #9198a1));
    border-radius: var(--dddk-radius-pill, 9999px);
    background: var(--dddk-color-surface, Field);
    cursor: pointer;
  }
  .toggle--switch .toggle__control::before {
    content: '';
    position: absolute;
    inset-block: 2px;
    inset-inline-start: 2px;
    width: calc(1.25rem - 6px);
    border-radius: 50%;
    background: var(--dddk-color-text-muted, light-dark(#59636e, #9198a1));
    transition: transform var(--dddk-duration-fast, 120ms) var(--dddk-easing, ease-out);
  }
  .toggle--switch .toggle__control:checked {
    border-color: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
    background: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
  }
  .toggle--switch .toggle__control:checked::before {
    background: var(--dddk-color-accent-text, light-dark(#ffffff, #0d1117));
    transform: translateX(1rem);
  }
  .slider {
    display: flex;
    align-items: center;
    gap: 0.75rem;
  }
  .slider__control {
    flex: 1;
    accent-color: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
  }
  .slider__value {
    min-width: 3ch;
    font-variant-numeric: tabular-nums;
  }
`;
