/** What the page layer says to the visitor about the agent's overlays, in the kit's locales. */
import { createStringTable } from '../../i18n/create-string-table.js';

export interface OverlayStrings {
  /** Announced (politely) when the agent points at an element: its name, and the caption it gave, if any. */
  pointingAt(name: string, caption: string | undefined): string;
  /** The same, for an element that has no name or text of its own. */
  pointingAtUnnamed(caption: string | undefined): string;
}

const en: OverlayStrings = {
  pointingAt: (name, caption) => `Pointing at ${name}${caption ? `: ${caption}` : ''}`,
  pointingAtUnnamed: (caption) => `Pointing at an element of the page${caption ? `: ${caption}` : ''}`,
};

const zhTW: OverlayStrings = {
  pointingAt: (name, caption) => `指向「${name}」${caption ? `：${caption}` : ''}`,
  pointingAtUnnamed: (caption) => `指向頁面上的一個元素${caption ? `：${caption}` : ''}`,
};

/** The overlay strings for `locale`, with the host's `addStrings` on top. */
export const overlayStrings: (locale: string | undefined) => OverlayStrings = createStringTable('overlays', { en, 'zh-TW': zhTW });

// The hub knows the table only through this declaration, so it imports nothing from the features.
declare module '../../i18n/string-tables.js' {
  interface StringTables {
    /** What the page says about the agent's overlays (to screen readers). */
    overlays: OverlayStrings;
  }
}
