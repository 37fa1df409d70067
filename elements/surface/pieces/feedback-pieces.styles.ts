import { css } from 'lit';

// Alert and Spinner.
export const feedbackPieceStyles = css`
  .alert {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    padding: 0.75rem 1rem;
    border: 1px solid var(--tone);
    border-inline-start-width: 4px;
    border-radius: var(--dddk-radius-m, 0.5rem);
  }
  .spinner {
    display: inline-flex;
    align-self: flex-start;
  }
  .spinner__ring {
    width: 1.25rem;
    height: 1.25rem;
    border: 2px solid var(--dddk-color-border, GrayText);
    border-top-color: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
    border-radius: 50%;
    animation: spin 0.8s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(1turn);
    }
  }
`;
