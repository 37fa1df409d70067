import { css } from 'lit';

// Every value reads a global --dddk-* token; the fallbacks are system colours, so the editor follows
// the page's light or dark scheme even without theme.css.
export const regionEditorStyles = css`
  :host {
    --outline-color: var(--dddk-color-accent, Highlight);
    --panel-top: 0.5rem;

    display: block;
    position: relative;
  }

  .panel {
    position: sticky;
    top: var(--panel-top);
    z-index: 1;
    /* Room is left under the stuck panel for the region being edited; a taller panel scrolls. */
    max-height: calc(100dvh - var(--panel-top) - 10rem);
    overflow-y: auto;
    overscroll-behavior: contain;
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    margin-block-end: 1rem;
    padding: 0.75rem 1rem;
    border: 1px solid var(--dddk-color-border, GrayText);
    border-radius: var(--dddk-radius-l, 0.75rem);
    background: var(--dddk-color-surface, Canvas);
    color: var(--dddk-color-text, CanvasText);
    box-shadow: var(--dddk-shadow-m, 0 4px 12px rgb(0 0 0 / 0.16));
    font-family: var(--dddk-font-family, system-ui, sans-serif);
    font-size: var(--dddk-font-size-s, 0.875rem);
    line-height: 1.5;
  }

  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }

  .toolbar__title {
    margin: 0;
    font-weight: 600;
  }

  .regions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
    flex: 1 1 auto;
    margin: 0;
    padding: 0.125rem;
    list-style: none;
    border-radius: var(--dddk-radius-m, 0.5rem);
  }

  .regions:focus-visible {
    outline: 2px solid var(--dddk-color-focus-ring, Highlight);
    outline-offset: 2px;
  }

  .region-option {
    padding: 0.125rem 0.625rem;
    border: 1px solid var(--dddk-color-border, GrayText);
    border-radius: var(--dddk-radius-pill, 9999px);
    cursor: pointer;
    user-select: none;
  }

  .region-option--active {
    outline: 2px solid var(--outline-color);
    outline-offset: 1px;
  }

  .region-option[aria-selected='true'] {
    border-color: var(--dddk-color-accent, Highlight);
    background: var(--dddk-color-accent, Highlight);
    color: var(--dddk-color-accent-text, HighlightText);
  }

  .history {
    display: flex;
    gap: 0.25rem;
  }

  .heading {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .form {
    display: flex;
    flex-direction: column;
    gap: 0.375rem;
  }

  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }

  .field {
    width: 100%;
    min-height: 2.25rem;
    padding: 0.375rem 0.625rem;
    border: 1px solid var(--dddk-color-border, GrayText);
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: var(--dddk-color-surface, Field);
    color: var(--dddk-color-text, FieldText);
    font: inherit;
  }

  textarea.field {
    resize: vertical;
  }

  .field--source {
    min-height: 10rem;
    font-family: var(--dddk-font-family-mono, ui-monospace, monospace);
  }

  .button {
    min-height: 2rem;
    padding: 0.25rem 0.875rem;
    border: 1px solid var(--dddk-color-border, ButtonBorder);
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: var(--dddk-color-surface-raised, ButtonFace);
    color: var(--dddk-color-text, ButtonText);
    font: inherit;
    cursor: pointer;
  }

  .button--primary {
    border-color: var(--dddk-color-accent, Highlight);
    background: var(--dddk-color-accent, Highlight);
    color: var(--dddk-color-accent-text, HighlightText);
    font-weight: 600;
  }

  .button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }

  .button:focus-visible,
  .field:focus-visible,
  .diff:focus-visible {
    outline: 2px solid var(--dddk-color-focus-ring, Highlight);
    outline-offset: 2px;
  }

  .note {
    margin: 0;
    color: var(--dddk-color-text-muted, color-mix(in srgb, CanvasText 75%, Canvas));
  }

  .stream,
  .diff {
    max-height: 16rem;
    margin: 0;
    padding: 0.5rem 0.75rem;
    overflow: auto;
    border: 1px solid var(--dddk-color-border, GrayText);
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: var(--dddk-color-surface-raised, Canvas);
    font-family: var(--dddk-font-family-mono, ui-monospace, monospace);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .stream__cursor {
    display: inline-block;
    width: 0.5em;
    height: 1.1em;
    vertical-align: text-bottom;
    background: currentColor;
    animation: cursor-blink var(--dddk-duration-blink, 1s) steps(1) infinite;
  }

  .diff ins,
  .diff del {
    border-radius: var(--dddk-radius-s, 0.25rem);
    color: inherit;
  }

  .diff ins {
    background: color-mix(in srgb, var(--dddk-color-success, #1a7f37) 20%, transparent);
    text-decoration: underline;
  }

  .diff del {
    background: color-mix(in srgb, var(--dddk-color-danger, #cf222e) 20%, transparent);
    text-decoration: line-through;
  }

  .messages {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }

  /* Live regions stay rendered while empty, so that screen readers announce what arrives in them. */
  .status:empty,
  .alert:empty {
    padding: 0;
    border: 0;
  }

  .status,
  .alert {
    margin: 0;
    padding: 0.375rem 0.75rem;
    border-inline-start: 4px solid var(--dddk-color-info, Highlight);
    border-radius: var(--dddk-radius-s, 0.25rem);
    overflow-wrap: anywhere;
  }

  .alert {
    border-inline-start-color: var(--dddk-color-danger, #cf222e);
  }

  .overlay {
    position: fixed;
    inset: 0;
    z-index: var(--dddk-z-index-inline, 2147482000);
    pointer-events: none;
  }

  .outline {
    position: fixed;
    border: 2px dashed var(--outline-color);
    border-radius: var(--dddk-radius-s, 0.25rem);
  }

  .outline--selected {
    border-style: solid;
  }

  .outline__label {
    position: absolute;
    inset-block-end: 100%;
    inset-inline-start: -2px;
    max-width: 20rem;
    padding: 0.0625rem 0.5rem;
    border: 0;
    border-radius: var(--dddk-radius-s, 0.25rem) var(--dddk-radius-s, 0.25rem) 0 0;
    background: var(--outline-color);
    color: var(--dddk-color-accent-text, HighlightText);
    font-family: var(--dddk-font-family, system-ui, sans-serif);
    font-size: var(--dddk-font-size-s, 0.875rem);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    pointer-events: auto;
    cursor: pointer;
  }

  @keyframes cursor-blink {
    50% {
      opacity: 0;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .stream__cursor {
      animation: none;
    }
  }

  @media (forced-colors: active) {
    .outline,
    .region-option[aria-selected='true'],
    .button--primary,
    .outline__label {
      forced-color-adjust: none;
      border-color: Highlight;
    }
    .region-option[aria-selected='true'],
    .button--primary,
    .outline__label {
      background: Highlight;
      color: HighlightText;
    }
    .diff ins,
    .diff del {
      background: transparent;
    }
    .diff ins {
      text-decoration: underline double;
    }
  }
`;
