import { css } from 'lit';
import { closeButtonStyles } from '../internal/close-button.styles.js';

// The frame only (modal, dock, error notice); the pieces' styles load with their renderers.
export const surfaceStyles = [
  closeButtonStyles('.close'),
  css`
  :host {
    --dock-width: min(26rem, 100vw);
    --modal-width: min(36rem, calc(100vw - 2rem));

    display: block;
    /* Inline surfaces draw their own ground, so their colours hold on any page. */
    background: var(--dddk-color-surface, Canvas);
    color: var(--dddk-color-text, CanvasText);
    font-family: var(--dddk-font-family, system-ui, -apple-system, 'Segoe UI', 'Noto Sans TC', sans-serif);
    font-size: var(--dddk-font-size-m, 1rem);
    line-height: 1.5;
  }

  :host([mode='modal']),
  :host([mode='dock']) {
    background: none;
  }

  .base {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    min-width: 0;
  }

  .error {
    margin: 0;
    padding: 0.75rem 1rem;
    border: 1px solid var(--dddk-color-danger, light-dark(#cf222e, #f85149));
    border-inline-start-width: 4px;
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: var(--dddk-color-surface, Canvas);
    overflow-wrap: anywhere;
  }
  .error__title {
    margin: 0 0 0.375rem;
    font-weight: 600;
  }
  .error__list {
    margin: 0;
    padding-inline-start: 1.25rem;
  }
  .error code {
    font-family: var(--dddk-font-family-mono, ui-monospace, monospace);
    font-size: var(--dddk-font-size-s, 0.875rem);
  }

  .dialog,
  .dock {
    position: relative;
    padding: 1.25rem 3rem 1.25rem 1.25rem;
    border: 1px solid var(--dddk-color-border, GrayText);
    background: var(--dddk-color-surface, Canvas);
    color: inherit;
    box-shadow: var(--dddk-shadow-l, 0 8px 28px rgb(0 0 0 / 0.28));
  }

  .dialog {
    width: var(--modal-width);
    max-height: calc(100dvh - 2rem);
    border-radius: var(--dddk-radius-l, 0.75rem);
    overflow: auto;
  }
  .dialog[open] {
    animation: surface-enter var(--dddk-duration-normal, 200ms) var(--dddk-easing, ease-out);
  }
  .dialog::backdrop {
    background: rgb(0 0 0 / 0.45);
  }

  .dock {
    position: fixed;
    inset-block: 0;
    inset-inline-end: 0;
    z-index: var(--dddk-z-index-dock, 2147482500);
    width: var(--dock-width);
    overflow: auto;
    border-width: 0 0 0 1px;
    animation: dock-enter var(--dddk-duration-slow, 320ms) var(--dddk-easing, ease-out);
  }
  .dock:focus {
    outline: none;
  }

  .close {
    position: absolute;
    top: 0.75rem;
    inset-inline-end: 0.75rem;
  }

  @keyframes surface-enter {
    from {
      opacity: 0;
      transform: translateY(0.5rem);
    }
  }
  @keyframes dock-enter {
    from {
      transform: translateX(100%);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .dialog[open],
    .dock {
      animation: none;
    }
  }

  @media (forced-colors: active) {
    .dialog,
    .dock,
    .error {
      border-color: CanvasText;
    }
  }
`,
];
