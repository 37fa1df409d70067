import { css } from 'lit';

// Every value reads a global --dddk-* token with a fallback, so the palette looks right without theme.css.
// The shell's styles: the box and the dialog. What is drawn inside comes with the panel (palette-panel.styles.ts).
export const paletteStyles = css`
  :host {
    --width: min(40rem, calc(100vw - 2rem));
    --top: 12vh;
    --list-height: min(24rem, 55vh);

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

  .palette--with-detail {
    --width: min(60rem, calc(100vw - 2rem));
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

  @media (forced-colors: active) {
    .palette {
      border-color: CanvasText;
    }
  }
`;
