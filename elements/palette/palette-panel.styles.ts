import { css } from 'lit';
import { paletteListStyles } from './palette-list.styles.js';

// Inside the open palette. Row heights are fixed in pixels: the virtualized list computes positions
// from them (see list-layout.ts). Every value reads a global --dddk-* token with a fallback.
export const palettePanelStyles = css`
  .palette__panel {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }

  .palette__field {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.5rem 0.5rem 0.5rem 1rem;
    border-bottom: 1px solid var(--dddk-color-border, #d1d9e0);
  }

  .palette__icon {
    display: inline-flex;
    color: var(--dddk-color-text-muted, #59636e);
  }

  .palette__icon svg,
  .palette__icon-button svg {
    width: 1rem;
    height: 1rem;
  }

  .palette__chip {
    flex: none;
    max-width: 12rem;
    padding: 0.125rem 0.5rem;
    overflow: hidden;
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: var(--dddk-color-surface-raised, #f6f8fa);
    color: var(--dddk-color-text, #1f2328);
    font-size: var(--dddk-font-size-s, 0.875rem);
    white-space: nowrap;
    text-overflow: ellipsis;
  }

  .palette__input {
    flex: 1 1 auto;
    min-width: 0;
    min-height: 2.5rem;
    padding: 0.25rem;
    border: 0;
    background: transparent;
    color: inherit;
    font: inherit;
    font-size: var(--dddk-font-size-l, 1.125rem);
  }

  .palette__input::placeholder {
    color: var(--dddk-color-text-muted, #59636e);
    opacity: 1;
  }

  .palette__input:focus {
    outline: none;
  }

  /* The field's ring sits on its row, since the bare input has no border to draw it on. */
  .palette__field:focus-within {
    box-shadow: inset 0 -2px 0 var(--dddk-color-focus-ring, #0969da);
  }

  .palette__icon-button,
  .palette__text-button {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 2rem;
    height: 2rem;
    padding: 0 0.25rem;
    border: 0;
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: transparent;
    color: var(--dddk-color-text-muted, #59636e);
    font: inherit;
    cursor: pointer;
  }

  .palette__icon-button:hover,
  .palette__text-button:hover {
    background: var(--dddk-color-surface-raised, #f6f8fa);
    color: inherit;
  }

  .palette__chip-button {
    display: inline-flex;
    gap: 0.25rem;
    align-items: center;
    border: 0;
    font: inherit;
    font-size: var(--dddk-font-size-s, 0.875rem);
    cursor: pointer;
  }

  .palette__chip-remove {
    color: var(--dddk-color-text-muted, #59636e);
  }

  .palette__icon-button:focus-visible,
  .palette__text-button:focus-visible,
  .palette__chip-button:focus-visible,
  .palette__category:focus-visible {
    outline: 2px solid var(--dddk-color-focus-ring, #0969da);
    outline-offset: 2px;
  }

  .palette__spinner {
    flex: none;
    width: 1rem;
    height: 1rem;
    border: 2px solid var(--dddk-color-border, #d1d9e0);
    border-top-color: var(--dddk-color-accent, #0969da);
    border-radius: 50%;
    animation: palette-spin 0.8s linear infinite;
  }

  .palette__categories {
    display: flex;
    flex-wrap: wrap;
    gap: 0.375rem;
    padding: 0.5rem 1rem 0;
  }

  .palette__category {
    padding: 0.125rem 0.625rem;
    border: 1px solid var(--dddk-color-border, #d1d9e0);
    border-radius: 999px;
    background: transparent;
    color: inherit;
    font: inherit;
    font-size: var(--dddk-font-size-s, 0.875rem);
    cursor: pointer;
  }

  .palette__category[aria-pressed='true'] {
    border-color: var(--dddk-color-accent, #0969da);
    background: var(--dddk-color-accent, #0969da);
    color: var(--dddk-color-accent-text, #ffffff);
  }

  .palette__error {
    margin: 0.5rem 1rem 0;
    padding: 0.375rem 0.625rem;
    border-radius: var(--dddk-radius-m, 0.5rem);
    border-inline-start: 3px solid var(--dddk-color-danger, #cf222e);
    background: var(--dddk-color-surface-raised, #f6f8fa);
    color: var(--dddk-color-text, #1f2328);
    font-size: var(--dddk-font-size-s, 0.875rem);
    overflow-wrap: anywhere;
  }

  ${paletteListStyles}

  .palette__actions {
    margin: 0.375rem;
    padding: 0.25rem;
    border: 1px solid var(--dddk-color-border, #d1d9e0);
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: var(--dddk-color-surface, #ffffff);
    box-shadow: var(--dddk-shadow-s, 0 1px 2px rgb(31 35 40 / 0.12));
  }

  .palette__action {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 1rem;
    padding: 0.375rem 0.625rem;
    border-radius: var(--dddk-radius-s, 0.25rem);
    cursor: pointer;
  }

  .palette__action[aria-selected='true'] {
    background: var(--dddk-color-surface-raised, #f6f8fa);
    box-shadow: inset 3px 0 0 var(--dddk-color-accent, #0969da);
  }

  .palette__result {
    flex: 1 1 auto;
    min-width: 0;
    max-height: var(--list-height);
    padding: 0.5rem 1rem;
    overflow-y: auto;
  }

  /* Surfaces placed in the palette take the result area; each draws its own ground. */
  .palette__surfaces {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    padding-block: 0.75rem;
    overscroll-behavior: contain;
  }
  .palette__surfaces > .surface {
    animation: palette-surface-enter var(--dddk-duration-normal, 200ms) var(--dddk-easing, ease-out);
  }

  @keyframes palette-surface-enter {
    from {
      opacity: 0;
    }
  }

  /* A panel's trail; the separators are drawn, and have no words for a screen reader to read. */
  .palette__breadcrumbs {
    padding: 0.375rem 1rem 0;
    color: var(--dddk-color-text-muted, #59636e);
    font-size: var(--dddk-font-size-s, 0.875rem);
  }

  .palette__breadcrumb-list {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.125rem 0.25rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .palette__breadcrumb-item {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    min-width: 0;
  }

  .palette__breadcrumb-item + .palette__breadcrumb-item::before {
    content: '›';
    content: '›' / '';
    color: var(--dddk-color-text-muted, #59636e);
  }

  .palette__breadcrumb {
    max-width: 14rem;
    padding: 0.125rem 0.25rem;
    overflow: hidden;
    border: 0;
    border-radius: var(--dddk-radius-s, 0.25rem);
    background: transparent;
    color: inherit;
    font: inherit;
    white-space: nowrap;
    text-overflow: ellipsis;
  }

  button.palette__breadcrumb {
    color: var(--dddk-color-accent, #0969da);
    cursor: pointer;
  }

  button.palette__breadcrumb:hover {
    background: var(--dddk-color-surface-raised, #f6f8fa);
    text-decoration: underline;
  }

  button.palette__breadcrumb:focus-visible {
    outline: 2px solid var(--dddk-color-focus-ring, #0969da);
    outline-offset: 1px;
  }

  .palette__breadcrumb[aria-current='page'] {
    color: var(--dddk-color-text, #1f2328);
    font-weight: 600;
  }

  /* A palette-mode panel's surface sits above the list, which keeps most of the room. */
  .palette__frame-above {
    flex: none;
    max-height: calc(var(--list-height) / 2);
    border-bottom: 1px solid var(--dddk-color-border, #d1d9e0);
  }

  .palette__result-header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }

  .palette__result-title {
    margin: 0;
    font-size: var(--dddk-font-size-m, 1rem);
  }

  .palette__result-text {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .palette__muted {
    color: var(--dddk-color-text-muted, #59636e);
  }

  .palette__detail {
    flex: 1 1 40%;
    min-width: 0;
    max-height: var(--list-height);
    padding: 0.5rem 1rem;
    overflow-y: auto;
    border-inline-start: 1px solid var(--dddk-color-border, #d1d9e0);
  }

  .palette__hint {
    margin: 0;
    padding: 0.5rem 1rem 0.625rem;
    border-top: 1px solid var(--dddk-color-border, #d1d9e0);
    color: var(--dddk-color-text-muted, #59636e);
    font-size: var(--dddk-font-size-s, 0.875rem);
  }

  @keyframes palette-spin {
    to {
      transform: rotate(1turn);
    }
  }

  @media (max-width: 40rem) {
    .palette__detail {
      display: none;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .palette__spinner {
      animation-duration: 2.4s;
    }
    .palette__surfaces > .surface {
      animation: none;
    }
  }

  @media (forced-colors: active) {
    .palette__option[aria-selected='true'],
    .palette__action[aria-selected='true'] {
      outline: 2px solid Highlight;
      outline-offset: -2px;
    }

    .palette__category[aria-pressed='true'] {
      border-color: Highlight;
      background: Highlight;
      color: HighlightText;
    }

    mark {
      color: Highlight;
    }

    button.palette__breadcrumb {
      color: LinkText;
    }

    .palette__surfaces > .surface + .surface {
      border-top: 1px solid CanvasText;
    }
  }
`;
