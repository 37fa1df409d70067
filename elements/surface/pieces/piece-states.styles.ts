import { css } from 'lit';

// What every piece shares: focus rings, and what reduced motion and forced colours (high contrast) change.
export const pieceStateStyles = css`
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
