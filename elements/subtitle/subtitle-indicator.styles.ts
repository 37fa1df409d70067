import { css } from 'lit';

// What sits beside and above the text: the avatar, and the activity indicator's three dots.
export const subtitleIndicatorStyles = css`
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
`;
