/**
 * The palette's typed actions as the page itself can carry them out: the clipboard, the field the
 * palette was opened from, a new tab without an opener, plain navigation, and frecency kept in
 * localStorage. Nothing here runs until a palette view connects these ports and an action calls them.
 */
import type { PaletteActionPorts } from '../palette/palette.types.js';

/** A field a palette action can insert text into. */
export type InsertTarget = HTMLInputElement | HTMLTextAreaElement | HTMLElement;

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password', '']);

export function isInsertTarget(element: Element | null): element is InsertTarget {
  if (element instanceof HTMLTextAreaElement) return !element.readOnly && !element.disabled;
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type) && !element.readOnly && !element.disabled;
  return element instanceof HTMLElement && element.isContentEditable;
}

function insertInto(target: InsertTarget, text: string): void {
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
    const start = target.selectionStart ?? target.value.length;
    const end = target.selectionEnd ?? start;
    target.setRangeText(text, start, end, 'end');
    // Frameworks listen for input events, not for value changes.
    target.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: text }));
    return;
  }
  target.focus();
  const selection = target.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0 || !target.contains(selection.anchorNode)) {
    target.append(text);
  } else {
    const range = selection.getRangeAt(0);
    range.deleteContents();
    range.insertNode(target.ownerDocument.createTextNode(text));
    range.collapse(false);
  }
  target.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: text }));
}

/**
 * What the page itself can do for the typed actions: the clipboard, the field the palette was opened
 * from, new tabs without an opener, and plain navigation. Connected as fallbacks, so a host router
 * or clipboard of the controller's wins.
 */
export function browserPorts(insertTarget: () => InsertTarget | undefined): PaletteActionPorts {
  return {
    async copy(text) {
      if (!navigator.clipboard?.writeText) throw new Error('the clipboard is not available on this page (it needs https and a focused window)');
      await navigator.clipboard.writeText(text);
    },
    insert(text) {
      const target = insertTarget();
      if (!target || !target.isConnected) throw new Error('no text field had focus when the palette opened; click into a field and open the palette again');
      insertInto(target, text);
    },
    openUrl(url, target) {
      if (target === 'self') return void window.location.assign(url);
      // With noopener, window.open returns null even when the tab opened, so there is nothing to check.
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    navigate(path) {
      window.location.assign(path);
    },
  };
}
