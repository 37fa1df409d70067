import { css } from 'lit';

// The virtualized list: its rows' heights are fixed in pixels, and list-layout.ts computes positions from them.
export const paletteListStyles = css`
  .palette__body {
    display: flex;
    min-height: 0;
  }

  .palette__listbox {
    flex: 1 1 60%;
    min-width: 0;
    max-height: var(--list-height);
    margin: 0;
    padding: 0 0.375rem;
    overflow-y: auto;
    overscroll-behavior: contain;
  }

  .palette__listbox[hidden] {
    display: none;
  }

  .palette__sizer {
    position: relative;
  }

  .palette__window {
    will-change: transform;
  }

  .palette__stray {
    position: absolute;
    inset-inline: 0;
  }

  .palette__heading {
    box-sizing: border-box;
    height: 28px;
    padding: 6px 0.75rem 0;
    overflow: hidden;
    color: var(--dddk-color-text-muted, #59636e);
    font-size: 12px;
    font-weight: 600;
    line-height: 20px;
    white-space: nowrap;
    text-overflow: ellipsis;
  }

  .palette__option {
    box-sizing: border-box;
    display: flex;
    align-items: center;
    gap: 0.75rem;
    padding: 4px 0.75rem;
    overflow: hidden;
    border-radius: var(--dddk-radius-m, 0.5rem);
    border-inline-start: 3px solid transparent;
    cursor: pointer;
  }

  .palette__option[aria-selected='true'] {
    border-inline-start-color: var(--dddk-color-accent, #0969da);
    background: var(--dddk-color-surface-raised, #f6f8fa);
  }

  .palette__option[aria-disabled='true'] {
    color: var(--dddk-color-text-muted, #59636e);
    cursor: not-allowed;
  }

  .palette__option-icon {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 1.5rem;
    height: 1.5rem;
    color: var(--dddk-color-text-muted, #59636e);
    font-size: 1rem;
    line-height: 1;
  }

  .palette__option-icon svg {
    width: 1rem;
    height: 1rem;
  }

  .palette__thumbnail {
    width: 1.5rem;
    height: 1.5rem;
    border-radius: var(--dddk-radius-s, 0.25rem);
    object-fit: cover;
  }

  .palette__option-text-column {
    display: flex;
    flex: 1 1 auto;
    flex-direction: column;
    min-width: 0;
  }

  .palette__option-name,
  .palette__option-description,
  .palette__option-line {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }

  .palette__option-name {
    line-height: 22px;
  }

  .palette__option-text {
    font-weight: 600;
  }

  .palette__option-description,
  .palette__option-line {
    color: var(--dddk-color-text-muted, #59636e);
    font-size: 13px;
    line-height: 18px;
  }

  .palette__option-line {
    line-height: 20px;
  }

  mark {
    background: transparent;
    color: inherit;
    font-weight: 700;
    text-decoration: underline;
    text-decoration-color: var(--dddk-color-accent, #0969da);
    text-underline-offset: 2px;
  }

  .palette__shortcut {
    flex: none;
    padding: 0 0.375rem;
    border: 1px solid var(--dddk-color-border, #d1d9e0);
    border-radius: var(--dddk-radius-s, 0.25rem);
    color: var(--dddk-color-text-muted, #59636e);
    font-family: inherit;
    font-size: 12px;
  }
`;
