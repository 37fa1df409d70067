const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox']);

/**
 * Whether a key aimed at `target` belongs to a field: inputs, textareas, selects, editable content
 * and ARIA text boxes. Pass `event.composedPath()[0]` so that a field inside a shadow root counts.
 */
export function isTypingTarget(target: EventTarget | null | undefined): boolean {
  if (!isElement(target)) return false;
  const tag = target.localName;
  if (tag === 'input' || tag === 'textarea' || tag === 'select') return true;
  if ((target as HTMLElement).isContentEditable) return true;
  // Roles may sit on a wrapper around the focused node, within the same tree.
  const withRole = target.closest('[role]');
  return withRole !== null && TEXT_ROLES.has((withRole.getAttribute('role') ?? '').trim().toLowerCase());
}

function isElement(target: EventTarget | null | undefined): target is Element {
  return typeof target === 'object' && target !== null && (target as Node).nodeType === 1;
}
