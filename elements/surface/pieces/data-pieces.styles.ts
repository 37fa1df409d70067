import { css } from 'lit';

// List, Metric, ProgressBar and Table.
export const dataPieceStyles = css`
  .listing {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .listing__item {
    display: flex;
    flex-direction: column;
    padding-block: 0.5rem;
    border-bottom: 1px solid var(--dddk-color-border, GrayText);
  }
  .listing__item:last-child {
    border-bottom: 0;
  }
  .listing__title {
    font-weight: 600;
  }
  .metric {
    margin: 0;
  }
  .metric__value {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 650;
  }
  .metric__unit {
    margin-inline-start: 0.25rem;
    font-size: 1rem;
  }
  .metric__trend {
    margin-inline-start: 0.5rem;
    font-size: 0.875rem;
  }
  .metric__trend--up {
    color: var(--dddk-color-success, light-dark(#1a7f37, #3fb950));
  }
  .metric__trend--down {
    color: var(--dddk-color-danger, light-dark(#cf222e, #f85149));
  }
  .progress {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
  }
  .progress__bar {
    width: 100%;
    accent-color: var(--dddk-color-accent, light-dark(#0969da, #4493f8));
  }
  .table-scroll {
    max-width: 100%;
    overflow-x: auto;
  }
  .table {
    width: 100%;
    border-collapse: collapse;
  }
  .table caption {
    text-align: start;
    font-weight: 600;
    padding-block-end: 0.375rem;
  }
  .table th,
  .table td {
    padding: 0.375rem 0.5rem;
    border-bottom: 1px solid var(--dddk-color-border, GrayText);
    text-align: start;
  }
`;
