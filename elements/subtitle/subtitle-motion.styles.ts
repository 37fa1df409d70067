import { css } from 'lit';

// The bar's animations, and what reduced motion and forced colours (high contrast) change.
export const subtitleMotionStyles = css`
  @keyframes indicator-pulse {
    0%,
    100% {
      opacity: 0.35;
      transform: scale(0.8);
    }
    50% {
      opacity: 1;
      transform: scale(1);
    }
  }

  @keyframes subtitle-enter {
    from {
      opacity: 0;
      transform: translateY(0.5rem);
    }
  }

  @keyframes cursor-blink {
    50% {
      opacity: 0;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .subtitle,
    .subtitle__cursor,
    .subtitle__surfaces > .surface,
    .indicator__dot {
      animation: none;
    }
    .subtitle__stop {
      transition: none;
    }
  }

  /* High-contrast modes drop backgrounds: keep the bar, its buttons and the indicator visible by their borders. */
  @media (forced-colors: active) {
    .subtitle {
      border: 1px solid CanvasText;
      border-inline-start-width: 4px;
    }
    .indicator__dot,
    .subtitle__cursor {
      background: CanvasText;
      forced-color-adjust: none;
    }
    .subtitle__surfaces > .surface {
      border: 1px solid CanvasText;
    }
    .subtitle__action,
    .subtitle__stop,
    .prompt__button,
    .prompt__option {
      border-color: ButtonText;
    }
    .subtitle__stop svg {
      color: ButtonText;
    }
    .subtitle__action--primary,
    .prompt__button--primary {
      border-width: 2px;
    }
  }
`;
