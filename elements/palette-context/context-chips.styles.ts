import { css } from 'lit';

// Every value reads a global --dddk-* token with a fallback, so the row looks right without theme.css.
export const contextChipsStyles = css`
  :host {
    --chip-max-width: 16rem;

    display: block;
    font-family: var(--dddk-font-family, system-ui, -apple-system, 'Segoe UI', 'Noto Sans TC', sans-serif);
    font-size: var(--dddk-font-size-s, 0.875rem);
    line-height: 1.4;
    color: var(--dddk-color-text, #1f2328);
  }

  .base {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.375rem;
  }

  .chips {
    display: flex;
    flex-wrap: wrap;
    gap: 0.375rem;
    min-width: 0;
    list-style: none;
    margin: 0;
    padding: 0;
  }

  .chip {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    max-width: var(--chip-max-width);
    min-height: 1.75rem;
    padding-block: 0.125rem;
    padding-inline: 0.5rem 0.125rem;
    border: 1px solid var(--dddk-color-border, #d1d9e0);
    border-radius: var(--dddk-radius-pill, 9999px);
    background: var(--dddk-color-surface-raised, #f6f8fa);
    color: var(--dddk-color-text, #1f2328);
    transition: opacity var(--dddk-duration-fast, 120ms) var(--dddk-easing, ease-out);
  }

  .chip--pending {
    padding-inline-end: 0.5rem;
    color: var(--dddk-color-text-muted, #59636e);
  }

  .chip--error {
    border-color: var(--dddk-color-danger, #cf222e);
    color: var(--dddk-color-danger, #cf222e);
  }

  .chip--gone .chip__label {
    color: var(--dddk-color-text-muted, #59636e);
    text-decoration: line-through;
  }

  .chip__icon {
    flex: none;
    display: inline-flex;
    width: 1rem;
    height: 1rem;
  }

  .chip__icon svg,
  .action svg {
    width: 100%;
    height: 100%;
  }

  .chip__thumbnail {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    border-radius: var(--dddk-radius-s, 0.25rem);
    object-fit: cover;
  }

  .chip__label {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .chip__remove,
  .action {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    padding: 0;
    border: 0;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }

  .chip__remove {
    width: 1.5rem;
    height: 1.5rem;
    padding: 0.25rem;
    border-radius: var(--dddk-radius-pill, 9999px);
  }

  .action {
    width: 2rem;
    height: 2rem;
    padding: 0.375rem;
    border-radius: var(--dddk-radius-m, 0.5rem);
    color: var(--dddk-color-text-muted, #59636e);
  }

  .actions {
    display: inline-flex;
    gap: 0.125rem;
    margin-inline-start: auto;
  }

  .chip__remove:hover,
  .action:hover {
    background: var(--dddk-color-border, #d1d9e0);
    color: var(--dddk-color-text, #1f2328);
  }

  .chip__remove:focus-visible,
  .action:focus-visible {
    outline: 2px solid var(--dddk-color-focus-ring, #0969da);
    outline-offset: 1px;
  }

  @media (prefers-reduced-motion: reduce) {
    .chip {
      transition: none;
    }
  }

  @media (forced-colors: active) {
    .chip {
      border-color: CanvasText;
      background: Canvas;
      color: CanvasText;
    }
    .chip--error {
      border-color: Mark;
      border-style: dashed;
    }
    .chip__remove,
    .action {
      color: ButtonText;
    }
    .chip__remove:focus-visible,
    .action:focus-visible {
      outline-color: Highlight;
    }
  }
`;
