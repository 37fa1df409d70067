import { svg, type SVGTemplateResult } from 'lit';
import type { BuiltinIconName } from '../../core/palette/palette-item.types.js';

const stroke = (d: string) =>
  svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d=${d} stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round" fill="none"/></svg>`;

/** The icons an item can name with `{ builtin }`; drawn here, so a host never hands the palette markup. */
export const builtinIcons: Record<BuiltinIconName, SVGTemplateResult> = {
  search: stroke('M7 2.25a4.75 4.75 0 1 0 0 9.5a4.75 4.75 0 1 0 0-9.5M10.5 10.5l3.5 3.5'),
  link: stroke('M6.5 9.5l3-3M7 4.5l1-1a2.5 2.5 0 0 1 3.5 3.5l-1 1M9 11.5l-1 1a2.5 2.5 0 0 1-3.5-3.5l1-1'),
  copy: stroke('M5.5 5.5h7v8h-7zM3.5 10.5v-8h7'),
  arrow: stroke('M3 8h10M9 4l4 4-4 4'),
  sparkles: stroke('M8 2l1.5 4.5L14 8l-4.5 1.5L8 14l-1.5-4.5L2 8l4.5-1.5z'),
  file: stroke('M4 1.75h5l3 3v9.5H4zM9 1.75v3h3'),
  gear: stroke('M8 5.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4'),
  user: stroke('M8 2.5a2.75 2.75 0 1 0 0 5.5a2.75 2.75 0 1 0 0-5.5M2.75 14a5.25 5.25 0 0 1 10.5 0'),
  question: stroke('M6 6a2 2 0 1 1 2.8 1.8c-.5.3-.8.7-.8 1.2v.5M8 12v.25'),
  terminal: stroke('M2.5 3.5h11v9h-11zM5 6.5l2 1.5-2 1.5M8.5 10h2.5'),
};
