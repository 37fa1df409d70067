import type { GestureKeyEvent } from './gesture.types.js';

/** Keys typed through an input method editor belong to it until composition ends. */
export function isComposingKey(event: GestureKeyEvent): boolean {
  return event.isComposing === true || event.keyCode === 229 || event.key === 'Process';
}

export function isSpaceKey(event: GestureKeyEvent): boolean {
  return event.key === ' ' || event.key === 'Spacebar' || (event.code === 'Space' && event.key !== 'Process');
}

export function hasModifier(event: GestureKeyEvent): boolean {
  return Boolean(event.ctrlKey || event.metaKey || event.altKey || event.shiftKey);
}

/** Ctrl+K or ⌘+K; `code` keeps it working on layouts where the K key types another letter. */
export function isPaletteShortcut(event: GestureKeyEvent): boolean {
  const isK = event.key.toLowerCase() === 'k' || event.code === 'KeyK';
  return isK && Boolean(event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}
