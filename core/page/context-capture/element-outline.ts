/**
 * What the element picker draws over the page: a frame around the outlined element, its short
 * description just above it, and a polite live region that says which element is outlined.
 */
import { elementLabel } from '../../palette/context/element-line.js';
import { describeElement } from './describe-element.js';

export interface ElementOutline {
  /** The description drawn by the frame; the caller puts it in the picker's dialog. */
  readonly label: HTMLParagraphElement;
  /** The live region; the caller puts it in the picker's dialog. */
  readonly announcer: HTMLParagraphElement;
  /** The element outlined now. */
  readonly current: Element | null;
  /** Outlines `element` (or nothing), saying so when `announce`; `again` re-announces the same element. */
  show(element: Element | null, announce: boolean, again?: boolean): void;
  /** Draws the frame where the outlined element is now (after a scroll or a resize). */
  paint(): void;
}

export function createElementOutline(frame: HTMLElement): ElementOutline {
  const label = document.createElement('p');
  label.className = 'tag';
  label.setAttribute('aria-hidden', 'true');
  const announcer = document.createElement('p');
  announcer.className = 'announcer';
  announcer.setAttribute('role', 'status');
  announcer.setAttribute('aria-live', 'polite');
  announcer.setAttribute('aria-atomic', 'true');
  let current: Element | null = null;

  const paint = () => {
    const rect = current?.isConnected ? current.getBoundingClientRect() : undefined;
    frame.hidden = label.hidden = !rect;
    if (!rect) return;
    frame.style.transform = `translate(${rect.left}px, ${rect.top}px)`;
    frame.style.width = `${rect.width}px`;
    frame.style.height = `${rect.height}px`;
    // The description sits above the outline, or inside its top edge when there is no room above.
    const width = document.documentElement.clientWidth || innerWidth;
    const labelHeight = label.offsetHeight || 20;
    const x = Math.max(0, Math.min(rect.left, width - label.offsetWidth));
    const y = rect.top >= labelHeight ? rect.top - labelHeight : Math.max(0, rect.top);
    label.style.transform = `translate(${x}px, ${y}px)`;
  };

  return {
    label,
    announcer,
    get current() {
      return current;
    },
    show(element, announce, again = false) {
      if (element === current && !again) return;
      current = element;
      const said = element ? shortDescription(element) : '';
      label.textContent = said;
      paint();
      if (announce) announcer.textContent = said;
    },
    paint,
  };
}

/** What the outline's label and the live region say: `button “Delete row”`, the text of an element without a role, or `<div>`. */
function shortDescription(element: Element): string {
  const description = describeElement(element);
  const label = elementLabel(description, 60);
  return description.role && !label.startsWith('<') ? `${description.role} “${label}”` : label;
}
