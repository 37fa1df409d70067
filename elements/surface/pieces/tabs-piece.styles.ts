import { css } from 'lit';

// Tabs: the tab list and the selected tab.
export const tabsPieceStyles = css`
  .tabs {
    gap: 0.5rem;
  }
  .tabs__list {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
    border-bottom: 1px solid var(--dddk-color-border, GrayText);
  }
  .tabs__tab {
    padding: 0.375rem 0.75rem;
    border: 0;
    border-bottom: 2px solid transparent;
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  .tabs__tab[aria-selected='true'] {
    border-bottom-color: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
    font-weight: 600;
  }
`;
