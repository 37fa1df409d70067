import { css } from 'lit';

// Stack, Grid and Card, and the tones that cards and alerts take their colour from.
export const layoutPieceStyles = css`
  .stack,
  .grid,
  .card,
  .tabs,
  .field,
  .choices {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    min-width: 0;
  }
  .stack--horizontal {
    flex-direction: row;
    flex-wrap: wrap;
    align-items: center;
  }
  .align--start {
    align-items: flex-start;
  }
  .align--center {
    align-items: center;
  }
  .align--end {
    align-items: flex-end;
  }
  .grid {
    display: grid;
    grid-template-columns: repeat(var(--columns, 2), minmax(0, 1fr));
  }
  @media (max-width: 30rem) {
    .grid {
      grid-template-columns: minmax(0, 1fr);
    }
  }

  .card {
    padding: 0.875rem 1rem;
    border: 1px solid var(--dddk-color-border, GrayText);
    border-inline-start-width: 4px;
    border-radius: var(--dddk-radius-m, 0.5rem);
    background: var(--dddk-color-surface-raised, Canvas);
  }
  .card__title,
  .alert__title {
    margin: 0;
    font-weight: 600;
  }

  .tone--neutral {
    --tone: var(--dddk-color-border, GrayText);
  }
  .tone--info {
    --tone: var(--dddk-color-info, light-dark(#0969da, #4493f8));
  }
  .tone--success {
    --tone: var(--dddk-color-success, light-dark(#1a7f37, #3fb950));
  }
  .tone--warning {
    --tone: var(--dddk-color-warning, light-dark(#9a6700, #d29922));
  }
  .tone--danger {
    --tone: var(--dddk-color-danger, light-dark(#cf222e, #f85149));
  }
  .card,
  .alert {
    border-inline-start-color: var(--tone);
  }
`;
