import { css } from 'lit';

// Every value reads a global --dddk-* token with a fallback, so the bar looks right without theme.css.
export const subtitleStyles = css`
  :host {
    --max-width: min(44rem, calc(100vw - 2rem));
    --offset: 1.5rem;
    --avatar-size: 2rem;

    position: fixed;
    inset-inline: 0;
    bottom: var(--offset);
    z-index: var(--dddk-z-index-subtitle, 2147483000);
    display: flex;
    justify-content: center;
    padding-inline: 1rem;
    pointer-events: none;
  }

  :host([placement='top']) {
    top: var(--offset);
    bottom: auto;
  }

  .subtitle {
    --accent: var(--dddk-color-info, #4493f8);

    display: flex;
    align-items: flex-start;
    gap: 0.5rem;
    max-width: var(--max-width);
    padding: 0.625rem 0.5rem 0.625rem 1rem;
    border-inline-start: 4px solid var(--accent);
    border-radius: var(--dddk-radius-l, 0.75rem);
    background: var(--dddk-color-overlay-surface, #1f2328);
    color: var(--dddk-color-overlay-text, #f6f8fa);
    box-shadow: var(--dddk-shadow-l, 0 8px 28px rgb(0 0 0 / 0.28));
    font-family: var(--dddk-font-family, system-ui, -apple-system, 'Segoe UI', 'Noto Sans TC', sans-serif);
    font-size: var(--dddk-font-size-m, 1rem);
    line-height: 1.5;
    pointer-events: auto;
    /* Vertical swipes are the bar's own (a swipe down closes it); sideways panning and zoom stay the browser's. */
    touch-action: pan-x pinch-zoom;
    animation: subtitle-enter var(--dddk-duration-normal, 200ms) var(--dddk-easing, ease-out);
  }

  .subtitle--success {
    --accent: var(--dddk-color-success, #3fb950);
  }
  .subtitle--warning {
    --accent: var(--dddk-color-warning, #d29922);
  }
  .subtitle--error {
    --accent: var(--dddk-color-danger, #f85149);
  }
  .subtitle--agent {
    --accent: var(--dddk-color-agent, #a371f7);
  }
  .subtitle--user {
    --accent: var(--dddk-color-accent, #4493f8);
    font-style: italic;
  }

  .subtitle__body {
    flex: 1 1 auto;
    min-width: 0;
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }

  .subtitle__text {
    margin: 0;
    padding-block: 0.125rem;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .subtitle__cursor {
    display: inline-block;
    width: 0.5em;
    height: 1.1em;
    margin-inline-start: 0.125em;
    vertical-align: text-bottom;
    background: currentColor;
    animation: cursor-blink var(--dddk-duration-blink, 1s) steps(1) infinite;
  }

  .subtitle__close {
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
    color: inherit;
    font: inherit;
    cursor: pointer;
  }

  .subtitle__close:hover {
    background: var(--dddk-color-overlay-hover, rgb(255 255 255 / 0.12));
  }

  .subtitle__close:focus-visible {
    outline: 2px solid var(--dddk-color-focus-ring, #4493f8);
    outline-offset: 2px;
  }

  .subtitle__close svg {
    width: 1rem;
    height: 1rem;
  }

  /* The square says "stop" at a glance; the word beside it carries the meaning. */
  .subtitle__stop svg {
    width: 0.875rem;
    height: 0.875rem;
    color: var(--dddk-color-danger, #f85149);
  }

  /* A placed surface draws its own ground (see surface.styles.ts); here it gets a card's frame. */
  .subtitle__surfaces {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    max-height: min(60vh, 32rem);
    overflow: auto;
    overscroll-behavior: contain;
  }
  .subtitle__surfaces > .surface {
    padding: 0.75rem 0.875rem;
    border-radius: var(--dddk-radius-m, 0.5rem);
    animation: subtitle-enter var(--dddk-duration-normal, 200ms) var(--dddk-easing, ease-out);
  }

  .prompt {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    padding-block: 0.125rem 0.25rem;
  }

  .prompt__message {
    margin: 0;
    font-weight: 600;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .prompt__options,
  .prompt__actions,
  .prompt__field-row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }

  .prompt__options {
    flex-direction: column;
    align-items: stretch;
  }

  .prompt__form {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
  }

  .prompt__label,
  .prompt__hint {
    margin: 0;
    color: var(--dddk-color-overlay-text-muted, #c9d1d9);
    font-size: var(--dddk-font-size-s, 0.875rem);
  }

  .prompt__input {
    flex: 1 1 12rem;
    min-width: 0;
    min-height: 2.25rem;
    padding: 0.375rem 0.625rem;
    border: 1px solid var(--dddk-color-overlay-text-muted, #c9d1d9);
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: transparent;
    color: inherit;
    font: inherit;
  }

  .prompt__input::placeholder {
    color: var(--dddk-color-overlay-text-muted, #c9d1d9);
    opacity: 0.85;
  }

  .prompt__button,
  .prompt__option,
  .subtitle__stop {
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
    min-height: 2.25rem;
    padding: 0.375rem 0.875rem;
    border: 1px solid var(--dddk-color-overlay-text-muted, #c9d1d9);
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: transparent;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }

  /* A prompt button, a little smaller: it stays beside the text the whole run. */
  .subtitle__stop {
    flex: none;
    gap: 0.375rem;
    min-height: 2rem;
    padding: 0.25rem 0.75rem;
    font-size: var(--dddk-font-size-s, 0.875rem);
    font-weight: 600;
    transition: background-color var(--dddk-duration-fast, 120ms) var(--dddk-easing, ease-out);
  }

  .prompt__button:hover,
  .prompt__option:hover,
  .subtitle__action:hover,
  .subtitle__stop:hover {
    background: var(--dddk-color-overlay-hover, rgb(255 255 255 / 0.12));
  }

  /* The primary button inverts the bar's colours: readable on any accent. */
  .prompt__button--primary,
  .prompt__button--primary:hover {
    border-color: var(--dddk-color-overlay-text, #f6f8fa);
    background: var(--dddk-color-overlay-text, #f6f8fa);
    color: var(--dddk-color-overlay-surface, #1f2328);
    font-weight: 600;
  }

  .prompt__button:focus-visible,
  .prompt__option:focus-visible,
  .prompt__input:focus-visible,
  .subtitle__action:focus-visible,
  .subtitle__stop:focus-visible {
    outline: 2px solid var(--dddk-color-focus-ring, #4493f8);
    outline-offset: 2px;
  }

  .prompt__shortcut {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 1.5rem;
    height: 1.5rem;
    border: 1px solid var(--dddk-color-overlay-text-muted, #c9d1d9);
    border-radius: var(--dddk-radius-s, 0.25rem);
    font-family: var(--dddk-font-family-mono, ui-monospace, monospace);
    font-size: var(--dddk-font-size-s, 0.875rem);
  }

  .subtitle__avatar {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: var(--avatar-size);
    height: var(--avatar-size);
    margin-block-start: 0.125rem;
    overflow: hidden;
    border-radius: 50%;
    background: var(--accent);
    color: var(--dddk-color-overlay-surface, #1f2328);
    font-size: var(--dddk-font-size-s, 0.875rem);
    font-weight: 600;
  }

  .subtitle__avatar img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }

  .indicator {
    display: inline-flex;
    align-self: flex-start;
    gap: 0.25rem;
    padding-block: 0.375rem;
  }

  .indicator__dot {
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: var(--accent);
    animation: indicator-pulse 1.2s ease-in-out infinite;
  }

  .indicator__dot:nth-child(2) {
    animation-delay: 0.2s;
  }
  .indicator__dot:nth-child(3) {
    animation-delay: 0.4s;
  }

  .indicator--listening .indicator__dot {
    background: var(--dddk-color-danger, #f85149);
  }

  .indicator--done .indicator__dot {
    background: var(--dddk-color-success, #3fb950);
    animation: none;
  }

  .subtitle__text--markdown {
    white-space: normal;
  }

  .subtitle__text--markdown > :first-child {
    margin-block-start: 0;
  }
  .subtitle__text--markdown > :last-child {
    margin-block-end: 0;
  }

  .subtitle__text--markdown :is(p, ul, ol, pre, blockquote) {
    margin-block: 0.375rem;
  }

  .subtitle__text--markdown a {
    color: inherit;
    text-decoration: underline;
  }

  .subtitle__text--markdown code {
    font-family: var(--dddk-font-family-mono, ui-monospace, monospace);
    font-size: 0.9em;
  }

  .subtitle__footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 0.75rem;
  }

  .subtitle__page,
  .subtitle__page-hint,
  .subtitle__copy-status {
    color: var(--dddk-color-overlay-text-muted, #c9d1d9);
    font-size: var(--dddk-font-size-s, 0.875rem);
  }

  .subtitle__page {
    font-variant-numeric: tabular-nums;
  }

  .subtitle__actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin-inline-start: auto;
  }

  .subtitle__action {
    min-height: 2rem;
    padding: 0.25rem 0.75rem;
    border: 1px solid var(--dddk-color-overlay-text-muted, #c9d1d9);
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: transparent;
    color: inherit;
    font: inherit;
    font-size: var(--dddk-font-size-s, 0.875rem);
    cursor: pointer;
  }

  .subtitle__action--primary,
  .subtitle__action--primary:hover {
    border-color: var(--dddk-color-overlay-text, #f6f8fa);
    background: var(--dddk-color-overlay-text, #f6f8fa);
    color: var(--dddk-color-overlay-surface, #1f2328);
    font-weight: 600;
  }

  .subtitle__copy-status:empty {
    display: none;
  }

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
