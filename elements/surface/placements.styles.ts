import { css } from 'lit';

export const placementsStyles = css`
  :host {
    display: contents;
  }

  .slot {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
  }

  /* Without "only", the floating slots sit where their names say; modal and dock place themselves. */
  :host(:not([only])) .slot--subtitle,
  :host(:not([only])) .slot--palette,
  :host(:not([only])) .slot--banner,
  :host(:not([only])) .slot--toast,
  :host(:not([only])) .slot--fab,
  :host(:not([only])) .slot--indicator {
    position: fixed;
    z-index: var(--dddk-z-index-inline, 2147482000);
    max-width: min(36rem, calc(100vw - 2rem));
  }
  :host(:not([only])) .slot--subtitle {
    bottom: 6rem;
    left: 50%;
    translate: -50% 0;
    width: min(36rem, calc(100vw - 2rem));
  }
  :host(:not([only])) .slot--palette {
    top: 12vh;
    left: 50%;
    translate: -50% 0;
    width: min(36rem, calc(100vw - 2rem));
    z-index: var(--dddk-z-index-palette, 2147483100);
  }
  :host(:not([only])) .slot--banner {
    top: 0;
    inset-inline: 0;
    max-width: none;
  }
  :host(:not([only])) .slot--toast {
    bottom: 1rem;
    inset-inline-end: 1rem;
  }
  :host(:not([only])) .slot--fab {
    bottom: 1rem;
    inset-inline-start: 1rem;
  }
  :host(:not([only])) .slot--indicator {
    top: 1rem;
    inset-inline-end: 1rem;
  }

  .slot:not(.slot--modal, .slot--dock) > .surface {
    padding: 0.875rem 1rem;
    border: 1px solid var(--dddk-color-border, GrayText);
    border-radius: var(--dddk-radius-l, 0.75rem);
    background: var(--dddk-color-surface, Canvas);
    box-shadow: var(--dddk-shadow-m, 0 4px 12px rgb(0 0 0 / 0.16));
    animation: placed-enter var(--dddk-duration-normal, 200ms) var(--dddk-easing, ease-out);
  }
  .slot--banner > .surface {
    border-radius: 0;
  }

  @keyframes placed-enter {
    from {
      opacity: 0;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .surface {
      animation: none !important;
    }
  }

  @media (forced-colors: active) {
    .slot > .surface {
      border-color: CanvasText;
    }
  }
`;
