import { css } from 'lit';

// Every value reads a global --dddk-* token with a fallback, so the palette looks right without theme.css.
export const paletteStyles = css`
  :host {
    --width: min(36rem, calc(100vw - 2rem));
    --top: 12vh;

    display: contents;
  }

  :host([inline]) {
    display: block;
  }

  .palette {
    width: var(--width);
    max-width: calc(100vw - 2rem);
    margin: var(--top) auto auto;
    padding: 0;
    border: 1px solid var(--dddk-color-border, #d1d9e0);
    border-radius: var(--dddk-radius-l, 0.75rem);
    background: var(--dddk-color-surface, #ffffff);
    color: var(--dddk-color-text, #1f2328);
    box-shadow: var(--dddk-shadow-l, 0 8px 28px rgb(31 35 40 / 0.28));
    font-family: var(--dddk-font-family, system-ui, -apple-system, 'Segoe UI', 'Noto Sans TC', sans-serif);
    font-size: var(--dddk-font-size-m, 1rem);
    line-height: 1.5;
  }

  dialog.palette[open] {
    animation: palette-enter var(--dddk-duration-normal, 200ms) var(--dddk-easing, ease-out);
  }

  dialog.palette::backdrop {
    background: rgb(1 4 9 / 0.45);
  }

  .palette--inline {
    width: auto;
    max-width: none;
    margin: 0;
    box-shadow: var(--dddk-shadow-s, 0 1px 2px rgb(31 35 40 / 0.12));
  }

  .palette__panel {
    display: flex;
    flex-direction: column;
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
  .palette__close svg {
    width: 1rem;
    height: 1rem;
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

  .palette__close {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 2rem;
    height: 2rem;
    padding: 0;
    border: 0;
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: transparent;
    color: var(--dddk-color-text-muted, #59636e);
    cursor: pointer;
  }

  .palette__close:hover {
    background: var(--dddk-color-surface-raised, #f6f8fa);
    color: inherit;
  }

  .palette__close:focus-visible {
    outline: 2px solid var(--dddk-color-focus-ring, #0969da);
    outline-offset: 2px;
  }

  .palette__listbox {
    margin: 0;
    padding: 0.375rem;
    list-style: none;
  }

  .palette__option {
    padding: 0.5rem 0.75rem;
    border-radius: var(--dddk-radius-m, 0.5rem);
    border-inline-start: 3px solid var(--dddk-color-accent, #0969da);
    background: var(--dddk-color-surface-raised, #f6f8fa);
    cursor: pointer;
    overflow-wrap: anywhere;
  }

  .palette__option-text {
    font-weight: 600;
  }

  .palette__hint {
    margin: 0;
    padding: 0.5rem 1rem 0.625rem;
    color: var(--dddk-color-text-muted, #59636e);
    font-size: var(--dddk-font-size-s, 0.875rem);
  }

  @keyframes palette-enter {
    from {
      opacity: 0;
      transform: translateY(-0.5rem);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    dialog.palette[open] {
      animation: none;
    }
  }
`;
