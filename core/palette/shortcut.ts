import type { KeyLike } from '../input/keys.js';

/** A key combination such as "Mod+Shift+P": `Mod` is ⌘ on Apple platforms and Ctrl elsewhere. */
export interface ParsedShortcut {
  key: string;
  mod: boolean;
  ctrl: boolean;
  meta: boolean;
  shift: boolean;
  alt: boolean;
}

const MODIFIERS: Record<string, keyof Omit<ParsedShortcut, 'key'>> = {
  mod: 'mod',
  cmd: 'meta',
  command: 'meta',
  meta: 'meta',
  ctrl: 'ctrl',
  control: 'ctrl',
  shift: 'shift',
  alt: 'alt',
  option: 'alt',
};

/** Parses "Mod+Shift+P"; undefined when it names no key or an unknown modifier. */
export function parseShortcut(text: string): ParsedShortcut | undefined {
  const parts = text.split('+').map((part) => part.trim());
  const key = parts.pop();
  if (!key) return undefined;
  const parsed: ParsedShortcut = { key: key.toLowerCase(), mod: false, ctrl: false, meta: false, shift: false, alt: false };
  for (const part of parts) {
    const modifier = MODIFIERS[part.toLowerCase()];
    if (!modifier) return undefined;
    parsed[modifier] = true;
  }
  return parsed;
}

export function shortcutMatches(shortcut: ParsedShortcut, event: KeyLike, apple: boolean): boolean {
  const ctrl = shortcut.ctrl || (shortcut.mod && !apple);
  const meta = shortcut.meta || (shortcut.mod && apple);
  return (
    event.key.toLowerCase() === shortcut.key &&
    Boolean(event.ctrlKey) === ctrl &&
    Boolean(event.metaKey) === meta &&
    Boolean(event.shiftKey) === shortcut.shift &&
    Boolean(event.altKey) === shortcut.alt
  );
}

/** How to show it: "⌘⇧P" on Apple platforms, "Ctrl+Shift+P" elsewhere; the text as given when it does not parse. */
export function formatShortcut(text: string, apple: boolean): string {
  const parsed = parseShortcut(text);
  if (!parsed) return text;
  const key = parsed.key.length === 1 ? parsed.key.toUpperCase() : parsed.key[0]!.toUpperCase() + parsed.key.slice(1);
  if (apple) {
    return `${parsed.ctrl ? '⌃' : ''}${parsed.alt ? '⌥' : ''}${parsed.shift ? '⇧' : ''}${parsed.meta || parsed.mod ? '⌘' : ''}${key}`;
  }
  return [parsed.ctrl || parsed.mod ? 'Ctrl' : '', parsed.meta ? 'Meta' : '', parsed.alt ? 'Alt' : '', parsed.shift ? 'Shift' : '', key].filter(Boolean).join('+');
}
