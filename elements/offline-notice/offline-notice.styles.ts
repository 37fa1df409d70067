import { css } from 'lit';
import { closeButtonStyles } from '../internal/close-button.styles.js';

// The notice's box while it shows, in the page's flow where the host put the tag (the element's own
// styles make it a block of no size while empty). The fallbacks are system colours, as elsewhere.
export const offlineNoticeStyles = [
  css`
    .notice--shown {
      display: flex;
      margin: var(--margin, 0);
      align-items: center;
      gap: 0.5rem;
      padding: 0.375rem 0.375rem 0.375rem 0.875rem;
      border-inline-start: 4px solid var(--dddk-color-info, Highlight);
      border-radius: var(--dddk-radius-m, 0.5rem);
      background: var(--dddk-color-surface-raised, Canvas);
      color: var(--dddk-color-text, CanvasText);
      font-family: var(--dddk-font-family, system-ui, sans-serif);
      font-size: var(--dddk-font-size-s, 0.875rem);
      line-height: 1.4;
    }

    .notice__text {
      flex: 1 1 auto;
    }

    @media (forced-colors: active) {
      .notice--shown {
        border: 1px solid CanvasText;
        border-inline-start-width: 4px;
      }
    }
  `,
  closeButtonStyles('.notice__dismiss'),
];
