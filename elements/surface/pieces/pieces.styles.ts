import { css } from 'lit';

// Loaded with the piece renderers. Each value reads a --dddk-* token; the fallbacks are system
// colours, which follow the host's color-scheme, so pieces read well without theme.css too.
export const pieceStyles = css`
  .stack,
  .grid,
  .card,
  .tabs,
  .field,
  .choices {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    min-width: 0;
  }
  .stack--horizontal {
    flex-direction: row;
    flex-wrap: wrap;
    align-items: center;
  }
  .align--start {
    align-items: flex-start;
  }
  .align--center {
    align-items: center;
  }
  .align--end {
    align-items: flex-end;
  }
  .grid {
    display: grid;
    grid-template-columns: repeat(var(--columns, 2), minmax(0, 1fr));
  }
  @media (max-width: 30rem) {
    .grid {
      grid-template-columns: minmax(0, 1fr);
    }
  }

  .card {
    padding: 0.875rem 1rem;
    border: 1px solid var(--dddk-color-border, GrayText);
    border-inline-start-width: 4px;
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: var(--dddk-color-surface-raised, Canvas);
  }
  .card__title,
  .alert__title {
    margin: 0;
    font-weight: 600;
  }

  .tone--neutral {
    --tone: var(--dddk-color-border, GrayText);
  }
  .tone--info {
    --tone: var(--dddk-color-info, light-dark(#0969da, #4493f8));
  }
  .tone--success {
    --tone: var(--dddk-color-success, light-dark(#1a7f37, #3fb950));
  }
  .tone--warning {
    --tone: var(--dddk-color-warning, light-dark(#9a6700, #d29922));
  }
  .tone--danger {
    --tone: var(--dddk-color-danger, light-dark(#cf222e, #f85149));
  }
  .card,
  .alert {
    border-inline-start-color: var(--tone);
  }

  .heading {
    margin: 0;
    font-weight: 650;
    line-height: 1.25;
  }
  .heading--1 {
    font-size: 1.5rem;
  }
  .heading--2 {
    font-size: 1.25rem;
  }
  .heading--3 {
    font-size: 1.125rem;
  }
  .body,
  .alert__text,
  .listing--empty {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .body--muted,
  .listing__subtitle,
  .listing--empty,
  .metric__label,
  .field__message {
    color: var(--dddk-color-text-muted, light-dark(#59636e, #9198a1));
  }
  .markdown > :first-child {
    margin-top: 0;
  }
  .markdown > :last-child {
    margin-bottom: 0;
  }
  .markdown {
    overflow-wrap: anywhere;
  }
  .image {
    display: block;
    max-width: 100%;
    height: auto;
    border-radius: var(--dddk-radius-m, 0.5rem);
  }
  .badge {
    display: inline-block;
    align-self: flex-start;
    padding: 0.125rem 0.5rem;
    border: 1px solid var(--tone);
    border-radius: var(--dddk-radius-pill, 9999px);
    font-size: var(--dddk-font-size-s, 0.875rem);
  }

  .listing {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .listing__item {
    display: flex;
    flex-direction: column;
    padding-block: 0.5rem;
    border-bottom: 1px solid var(--dddk-color-border, GrayText);
  }
  .listing__item:last-child {
    border-bottom: 0;
  }
  .listing__title {
    font-weight: 600;
  }
  .metric {
    margin: 0;
  }
  .metric__value {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 650;
  }
  .metric__unit {
    margin-inline-start: 0.25rem;
    font-size: 1rem;
  }
  .metric__trend {
    margin-inline-start: 0.5rem;
    font-size: 0.875rem;
  }
  .metric__trend--up {
    color: var(--dddk-color-success, light-dark(#1a7f37, #3fb950));
  }
  .metric__trend--down {
    color: var(--dddk-color-danger, light-dark(#cf222e, #f85149));
  }
  .progress {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
  }
  .progress__bar {
    width: 100%;
    accent-color: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
  }
  .table-scroll {
    max-width: 100%;
    overflow-x: auto;
  }
  .table {
    width: 100%;
    border-collapse: collapse;
  }
  .table caption {
    text-align: start;
    font-weight: 600;
    padding-block-end: 0.375rem;
  }
  .table th,
  .table td {
    padding: 0.375rem 0.5rem;
    border-bottom: 1px solid var(--dddk-color-border, GrayText);
    text-align: start;
  }

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

  .tabs {
    gap: 0.5rem;
  }
  .tabs__list {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
    border-bottom: 1px solid var(--dddk-color-border, GrayText);
  }
  .tabs__tab {
    padding: 0.375rem 0.75rem;
    border: 0;
    border-bottom: 2px solid transparent;
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  .tabs__tab[aria-selected='true'] {
    border-bottom-color: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
    font-weight: 600;
  }

  .alert {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    padding: 0.75rem 1rem;
    border: 1px solid var(--tone);
    border-inline-start-width: 4px;
    border-radius: var(--dddk-radius-m, 0.5rem);
  }
  .spinner {
    display: inline-flex;
    align-self: flex-start;
  }
  .spinner__ring {
    width: 1.25rem;
    height: 1.25rem;
    border: 2px solid var(--dddk-color-border, GrayText);
    border-top-color: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
    border-radius: 50%;
    animation: spin 0.8s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(1turn);
    }
  }

  .button:focus-visible,
  .icon-button:focus-visible,
  .link:focus-visible,
  .tabs__tab:focus-visible,
  .tabs__panel:focus-visible,
  .field__control:focus-visible,
  .toggle__control:focus-visible,
  .slider__control:focus-visible,
  a:focus-visible {
    outline: 2px solid var(--dddk-color-focus-ring, light-dark(#0969da, #4493f8));
    outline-offset: 2px;
  }

  @media (prefers-reduced-motion: reduce) {
    .spinner__ring {
      animation-duration: 2.4s;
    }
    .toggle--switch .toggle__control::before {
      transition: none;
    }
  }

  @media (forced-colors: active) {
    .card,
    .alert,
    .badge,
    .choices,
    .field__control,
    .button,
    .icon-button {
      border-color: CanvasText;
    }
    .tabs__tab[aria-selected='true'],
    .toggle--switch .toggle__control:checked {
      border-color: Highlight;
    }
    .toggle--switch .toggle__control::before {
      background: CanvasText;
      forced-color-adjust: none;
    }
  }
`;
