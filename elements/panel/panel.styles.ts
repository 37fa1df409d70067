import { css } from 'lit';
import { closeButtonStyles } from '../internal/close-button.styles.js';

export const panelStyles = [
  closeButtonStyles('.panel__close'),
  css`
  :host {
    --panel-width: min(22rem, calc(100vw - 2rem));
    --offset: 1rem;

    position: fixed;
    inset: 0;
    z-index: var(--dddk-z-index-inline, 2147482000);
    pointer-events: none;
    font-family: var(--dddk-font-family, system-ui, -apple-system, 'Segoe UI', 'Noto Sans TC', sans-serif);
    font-size: var(--dddk-font-size-m, 1rem);
    line-height: 1.5;
  }

  .corner {
    position: absolute;
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    width: var(--panel-width);
    max-height: calc(100% - 2 * var(--offset));
  }
  .corner--top-left {
    top: var(--offset);
    left: var(--offset);
  }
  .corner--top-right {
    top: var(--offset);
    right: var(--offset);
  }
  /* Bottom corners grow upwards: the first panel stays nearest the corner. */
  .corner--bottom-left {
    bottom: var(--offset);
    left: var(--offset);
    flex-direction: column-reverse;
  }
  .corner--bottom-right {
    bottom: var(--offset);
    right: var(--offset);
    flex-direction: column-reverse;
  }

  .panel {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    min-height: 0;
    padding: 0.875rem 1rem 1rem;
    border: 1px solid var(--dddk-color-border, GrayText);
    border-radius: var(--dddk-radius-l, 0.75rem);
    background: var(--dddk-color-surface, Canvas);
    color: var(--dddk-color-text, CanvasText);
    box-shadow: var(--dddk-shadow-m, 0 4px 12px rgb(0 0 0 / 0.16));
    pointer-events: auto;
    animation: panel-enter var(--dddk-duration-normal, 200ms) var(--dddk-easing, ease-out);
  }

  .panel__header {
    display: flex;
    align-items: flex-start;
    gap: 0.5rem;
  }
  .panel__heading {
    flex: 1 1 auto;
    min-width: 0;
  }
  .panel__title {
    margin: 0;
    font-size: var(--dddk-font-size-l, 1.125rem);
    font-weight: 650;
    line-height: 1.3;
    overflow-wrap: anywhere;
  }
  .panel__subtitle,
  .panel__footer {
    margin: 0;
    color: var(--dddk-color-text-muted, light-dark(#59636e, #9198a1));
    font-size: var(--dddk-font-size-s, 0.875rem);
    overflow-wrap: anywhere;
  }
  .panel__footer {
    padding-top: 0.5rem;
    border-top: 1px solid var(--dddk-color-border, GrayText);
  }
  .panel__body {
    min-height: 0;
    overflow: auto;
  }

  .panel__close {
    flex: none;
    margin: -0.25rem -0.375rem 0 0;
  }

  @keyframes panel-enter {
    from {
      opacity: 0;
      transform: translateY(0.5rem);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .panel {
      animation: none;
    }
  }

  @media (forced-colors: active) {
    .panel {
      border-color: CanvasText;
    }
  }
`,
];
