import { css } from 'lit';

// A markdown message's text, and the row under it: the page counter, the message's buttons, the copy status.
export const subtitleFooterStyles = css`
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
`;
