/** Parses key names and combos such as "Enter", "Control+A", "Shift+Tab" or "Meta+Shift+z". */

export type Modifier = 'Control' | 'Shift' | 'Alt' | 'Meta';

export interface KeyCombo {
  /** `KeyboardEvent.key` of the main key (a printable character or a named key). */
  key: string;
  /** `KeyboardEvent.code`, best effort for a US layout; empty when unknown. */
  code: string;
  /** Legacy `keyCode`, which older scripts still read. 0 when unknown. */
  keyCode: number;
  modifiers: Modifier[];
  /** Whether the key produces a character (and so a keypress event). */
  printable: boolean;
}

const MODIFIER_ALIASES: Record<string, Modifier> = {
  control: 'Control',
  ctrl: 'Control',
  shift: 'Shift',
  alt: 'Alt',
  option: 'Alt',
  meta: 'Meta',
  cmd: 'Meta',
  command: 'Meta',
  super: 'Meta',
  win: 'Meta',
};

const NAMED_KEYS: Record<string, [key: string, keyCode: number]> = {
  enter: ['Enter', 13],
  return: ['Enter', 13],
  escape: ['Escape', 27],
  esc: ['Escape', 27],
  tab: ['Tab', 9],
  backspace: ['Backspace', 8],
  delete: ['Delete', 46],
  del: ['Delete', 46],
  space: [' ', 32],
  spacebar: [' ', 32],
  arrowup: ['ArrowUp', 38],
  up: ['ArrowUp', 38],
  arrowdown: ['ArrowDown', 40],
  down: ['ArrowDown', 40],
  arrowleft: ['ArrowLeft', 37],
  left: ['ArrowLeft', 37],
  arrowright: ['ArrowRight', 39],
  right: ['ArrowRight', 39],
  home: ['Home', 36],
  end: ['End', 35],
  pageup: ['PageUp', 33],
  pagedown: ['PageDown', 34],
  insert: ['Insert', 45],
  contextmenu: ['ContextMenu', 93],
};
for (let n = 1; n <= 12; n++) NAMED_KEYS[`f${n}`] = [`F${n}`, 111 + n];

const MODIFIER_CODES: Record<Modifier, [code: string, keyCode: number]> = {
  Control: ['ControlLeft', 17],
  Shift: ['ShiftLeft', 16],
  Alt: ['AltLeft', 18],
  Meta: ['MetaLeft', 91],
};

export function modifierKey(modifier: Modifier): KeyCombo {
  const [code, keyCode] = MODIFIER_CODES[modifier];
  return { key: modifier, code, keyCode, modifiers: [], printable: false };
}

const PUNCTUATION_CODES: Record<string, string> = {
  '-': 'Minus', '=': 'Equal', '[': 'BracketLeft', ']': 'BracketRight', '\\': 'Backslash', ';': 'Semicolon',
  "'": 'Quote', ',': 'Comma', '.': 'Period', '/': 'Slash', '`': 'Backquote',
};

function codeOfCharacter(char: string): string {
  if (/^[a-z]$/i.test(char)) return `Key${char.toUpperCase()}`;
  if (/^[0-9]$/.test(char)) return `Digit${char}`;
  return PUNCTUATION_CODES[char] ?? '';
}

/** Returns the parsed combo, or a message for the model explaining what is accepted. */
export function parseKeyCombo(text: string): KeyCombo | string {
  const trimmed = text.trim();
  if (trimmed === '' && text.length > 0) return { key: ' ', code: 'Space', keyCode: 32, modifiers: [], printable: true };
  // "Control++" means Control and the plus key: the last part may itself be "+".
  const parts = trimmed.endsWith('++') ? [...trimmed.slice(0, -2).split('+'), '+'] : trimmed === '+' ? ['+'] : trimmed.split('+');
  const main = parts.pop()?.trim() ?? '';
  const modifiers: Modifier[] = [];
  for (const part of parts) {
    const modifier = MODIFIER_ALIASES[part.trim().toLowerCase()];
    if (!modifier) return `"${part}" in "${text}" is not a modifier; use Control, Shift, Alt or Meta, joined with "+" (e.g. "Control+A").`;
    if (!modifiers.includes(modifier)) modifiers.push(modifier);
  }
  if (main === '') return `"${text}" names no key. Use a key like "Enter", "Escape", "Tab", "ArrowDown", "a" or a combo like "Control+A".`;
  const named = NAMED_KEYS[main.toLowerCase()];
  if (named) {
    const [key, keyCode] = named;
    const code = key === ' ' ? 'Space' : key;
    return { key, code, keyCode, modifiers, printable: key === ' ' };
  }
  const alone = MODIFIER_ALIASES[main.toLowerCase()];
  if (alone) return { ...modifierKey(alone), modifiers: modifiers.filter((m) => m !== alone) };
  if ([...main].length === 1) {
    // In a combo, "Control+A" names the A key: its character follows Shift, not the letter's case.
    const letter = /^[a-z]$/i.test(main) && modifiers.length > 0;
    const key = letter ? (modifiers.includes('Shift') ? main.toUpperCase() : main.toLowerCase()) : main;
    const keyCode = /^[a-z0-9]$/i.test(main) ? main.toUpperCase().charCodeAt(0) : 0;
    return { key, code: codeOfCharacter(main), keyCode, modifiers, printable: true };
  }
  return `"${main}" is not a key name. Use a single character or one of: Enter, Escape, Tab, Backspace, Delete, Space, ArrowUp/Down/Left/Right, Home, End, PageUp, PageDown, F1–F12.`;
}
