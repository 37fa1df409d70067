declare module 'command-score' {
  /** Higher is a better match of `abbreviation` in `text`; 0 when it does not match. */
  export default function commandScore(text: string, abbreviation: string): number;
}
