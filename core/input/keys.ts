/**
 * Every "whose key is it?" question of the kit, answered once for the core and the elements:
 * is the visitor typing, is an input method composing, is this the palette shortcut. The key's
 * target is the event's innermost node (`composedPath()[0]`), so a field inside someone's shadow
 * root counts as a field rather than as its host. Duck-typed, so Node tests can drive it.
 */

/** A keyboard event reduced to what these rules read. */
export interface KeyLike {
  key: string;
  code?: string;
  isComposing?: boolean;
  /** The legacy code; 229 means an input method editor owns the key. */
  keyCode?: number;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/** The element-like shape these rules read. */
interface ElementLike {
  nodeType: number;
  localName: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  closest?(selector: string): ElementLike | null;
}

const NON_TEXT_INPUT_TYPES = new Set(['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit']);
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
const CONTROL_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'tab',
  'slider',
  'treeitem',
]);

/** The element a keyboard event really started from, inside shadow roots included. */
export function keyTarget(event: Event): Element | undefined {
  const first = event.composedPath()[0] ?? event.target;
  return isElement(first) ? (first as Element) : undefined;
}

/** Text is being entered there: keys such as Space, digits and Escape belong to it. */
export function isTypingTarget(target: EventTarget | Element | null | undefined): boolean {
  if (!isElement(target)) return false;
  const tag = target.localName;
  if (tag === 'input') return !NON_TEXT_INPUT_TYPES.has((target.type ?? 'text').toLowerCase());
  if (tag === 'textarea' || tag === 'select') return true;
  if (target.isContentEditable) return true;
  // A role may sit on a wrapper around the focused node, within the same tree.
  const withRole = target.closest ? target.closest('[role]') : target;
  return TEXT_ROLES.has(roleOf(withRole));
}

/** A control that Space or Enter activates by itself (a button, a link, a checkbox…), or a field. */
export function isKeyActivatedControl(target: EventTarget | Element | null | undefined): boolean {
  if (!isElement(target)) return false;
  if (isTypingTarget(target)) return true;
  const tag = target.localName;
  if (tag === 'button' || tag === 'input' || tag === 'summary' || tag === 'select') return true;
  if (tag === 'a' && target.hasAttribute('href')) return true;
  return CONTROL_ROLES.has(roleOf(target));
}

/**
 * Whether the key belongs to where it was typed rather than to the kit's gestures: Escape to a
 * field (it cancels there), any other key to a field or a control it activates.
 */
export function targetOwnsKey(key: string, target: EventTarget | Element | null | undefined): boolean {
  return key === 'Escape' ? isTypingTarget(target) : isKeyActivatedControl(target);
}

/** An input method is composing: Enter, Space and Escape confirm or cancel the composition, not our action. */
export function isComposingKey(event: KeyLike): boolean {
  // Chromium and WebKit report keyCode 229 for the key that ends a composition.
  return event.isComposing === true || event.keyCode === 229 || event.key === 'Process';
}

export function isSpaceKey(event: KeyLike): boolean {
  return event.key === ' ' || event.key === 'Spacebar' || (event.code === 'Space' && event.key !== 'Process');
}

/** Any modifier, Shift included. */
export function hasModifier(event: KeyLike): boolean {
  return Boolean(event.ctrlKey || event.metaKey || event.altKey || event.shiftKey);
}

/** A modifier that makes a key a command (Shift alone only changes the character). */
export function hasCommandModifier(event: KeyLike): boolean {
  return Boolean(event.ctrlKey || event.metaKey || event.altKey);
}

/** Ctrl+K or ⌘+K; `code` keeps it working on layouts where the K key types another letter. */
export function isPaletteShortcut(event: KeyLike): boolean {
  const isK = event.key.toLowerCase() === 'k' || event.code === 'KeyK';
  return isK && Boolean(event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

function isElement(target: unknown): target is ElementLike {
  return typeof target === 'object' && target !== null && (target as Partial<ElementLike>).nodeType === 1;
}

function roleOf(element: ElementLike | null | undefined): string {
  return (element?.getAttribute('role') ?? '').trim().toLowerCase();
}
