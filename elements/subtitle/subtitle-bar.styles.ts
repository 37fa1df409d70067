import { css } from 'lit';

// The bar: where it sits, its frame and colour per message type, the text, the close button and the surfaces in it.
export const subtitleBarStyles = css`
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
`;
