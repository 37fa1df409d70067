import { css } from 'lit';

// The pending question or pause hint: its message, options, field and buttons. The Stop button is a
// prompt button, a size smaller: one rule gives them their shape, hover and focus.
export const subtitlePromptStyles = css`
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
`;
