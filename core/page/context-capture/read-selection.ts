/**
 * The text the visitor has selected. Read it before the palette takes focus: moving focus into a
 * field can collapse the page's selection.
 */
import { deepActiveElement } from '../deep-active-element.js';

const DEFAULT_MAX_LENGTH = 4_000;
/** Text fields whose selection lives in the field, not in the document's selection. */
const TEXT_FIELD_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', '']);

/** The selected text, whitespace-trimmed and cut to `maxLength` (default 4000); '' when nothing is selected. */
export function readSelectionText(options: { maxLength?: number; document?: Document } = {}): string {
  const doc = options.document ?? document;
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  const text = fieldSelection(deepActiveElement(doc)) ?? doc.getSelection?.()?.toString() ?? '';
  return text.trim().slice(0, maxLength);
}

/** A text field's selected text; undefined when focus is not in one. Password fields never give theirs. */
function fieldSelection(element: Element | null): string | undefined {
  if (!element) return undefined;
  const isTextArea = element.localName === 'textarea';
  const isTextInput = element.localName === 'input' && TEXT_FIELD_TYPES.has((element as HTMLInputElement).type);
  if (!isTextArea && !isTextInput) return element.localName === 'input' ? '' : undefined;
  const field = element as HTMLInputElement | HTMLTextAreaElement;
  const start = field.selectionStart ?? 0;
  const end = field.selectionEnd ?? 0;
  return end > start ? field.value.slice(start, end) : undefined;
}
