import { css } from 'lit';

// Heading, Text, Markdown, Image and Badge.
export const contentPieceStyles = css`
  .heading {
    margin: 0;
    font-weight: 650;
    line-height: 1.25;
  }
  .heading--1 {
    font-size: 1.5rem;
  }
  .heading--2 {
    font-size: 1.25rem;
  }
  .heading--3 {
    font-size: 1.125rem;
  }
  .body,
  .alert__text,
  .listing--empty {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .body--muted,
  .listing__subtitle,
  .listing--empty,
  .metric__label,
  .field__message {
    color: var(--dddk-color-text-muted, light-dark(#59636e, #9198a1));
  }
  .markdown > :first-child {
    margin-top: 0;
  }
  .markdown > :last-child {
    margin-bottom: 0;
  }
  .markdown {
    overflow-wrap: anywhere;
  }
  .image {
    display: block;
    max-width: 100%;
    height: auto;
    border-radius: var(--dddk-radius-m, 0.5rem);
  }
  .badge {
    display: inline-block;
    align-self: flex-start;
    padding: 0.125rem 0.5rem;
    border: 1px solid var(--tone);
    border-radius: var(--dddk-radius-pill, 9999px);
    font-size: var(--dddk-font-size-s, 0.875rem);
  }
`;
