import { svg, type SVGTemplateResult } from 'lit';

// Strokes on a 16×16 grid; an icon name outside this set draws a dot, so a surface never breaks on it.
const PATHS: Record<string, string> = {
  close: 'M3.5 3.5l9 9m0-9l-9 9',
  x: 'M3.5 3.5l9 9m0-9l-9 9',
  plus: 'M8 3v10M3 8h10',
  minus: 'M3 8h10',
  check: 'M3 8.5l3.5 3.5L13 4.5',
  search: 'M7 12A5 5 0 1 0 7 2a5 5 0 0 0 0 10zm3.5-1.5L14 14',
  edit: 'M3 13l1-3.5L10.5 3 13 5.5 6.5 12zM9 4.5L11.5 7',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5',
  refresh: 'M13 8a5 5 0 1 1-1.5-3.5M13 2.5v3h-3',
  'arrow-left': 'M13 8H3m4-4L3 8l4 4',
  'arrow-right': 'M3 8h10M9 4l4 4-4 4',
  'chevron-down': 'M4 6l4 4 4-4',
  'chevron-up': 'M4 10l4-4 4 4',
  external: 'M9 3h4v4m0-4L7 9M6 4H3v9h9v-3',
  info: 'M8 14A6 6 0 1 0 8 2a6 6 0 0 0 0 12zM8 7.5V11m0-6v.01',
  settings: 'M8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM8 1.5v2m0 9v2M1.5 8h2m9 0h2M3.4 3.4l1.4 1.4m6.4 6.4l1.4 1.4m0-9.2l-1.4 1.4M4.8 11.2l-1.4 1.4',
  menu: 'M2.5 4h11M2.5 8h11M2.5 12h11',
  copy: 'M5.5 5.5h7v7h-7zM3.5 10.5v-7h7',
  star: 'M8 2l1.8 3.8 4.2.5-3.1 2.9.8 4.1L8 11.3 4.3 13.3l.8-4.1L2 6.3l4.2-.5z',
  heart: 'M8 13.5S2 10 2 6a3 3 0 0 1 6-1 3 3 0 0 1 6 1c0 4-6 7.5-6 7.5z',
  send: 'M2 8l12-5.5L10 14l-2-4.5zm6 1.5L14 2.5',
};

export function icon(name: string): SVGTemplateResult {
  const path = PATHS[name];
  return path
    ? svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d=${path} stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round" fill="none"/></svg>`
    : svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><circle cx="8" cy="8" r="2.5" fill="currentColor"/></svg>`;
}
