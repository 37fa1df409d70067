/**
 * A tour's marks on the page: the element a step points at, the notes it injects, and the wait for
 * an element that the page has not drawn yet. Only the marks this runner placed are cleared, so
 * the agent's own pointing stays.
 */
import { border, highlight, inject, removeOverlay, spotlight } from '../../page/overlays/overlays.js';
import { prefersReducedMotion } from '../../page/overlays/reduced-motion.js';
import { waitForCondition } from '../../page/wait-for-condition.js';
import type { PointStyle } from '../script-step.types.js';
import type { SkillOverlayHandle, TargetWaitOptions } from '../run/skill-ports.types.js';

export interface PageMarks {
  point(selector: string, style: PointStyle, label?: string, color?: string): SkillOverlayHandle | undefined;
  inject(selector: string, text: string, position: 'before' | 'after'): SkillOverlayHandle | undefined;
  clear(): void;
  findTarget(selector: string, options: TargetWaitOptions): Promise<boolean>;
}

export function createPageMarks(): PageMarks {
  const placed = new Set<string>();
  const handle = (id: string): SkillOverlayHandle => {
    placed.add(id);
    return {
      remove() {
        placed.delete(id);
        removeOverlay(id);
      },
    };
  };
  return {
    point(selector, style, label, color) {
      const target = find(selector);
      if (!target) return undefined;
      target.scrollIntoView({ block: 'center', inline: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      const options = { ...(label !== undefined ? { label } : {}), ...(color !== undefined ? { color } : {}) };
      const id = style === 'spotlight' ? spotlight(target, options) : style === 'border' ? border(target, options) : highlight(target, options);
      return handle(id);
    },
    inject(selector, text, position) {
      const target = find(selector);
      return target ? handle(inject(target, text, { position })) : undefined;
    },
    clear() {
      for (const id of placed) removeOverlay(id);
      placed.clear();
    },
    findTarget: (selector, { timeoutMs, signal }) => waitForCondition(() => find(selector) !== undefined, timeoutMs, signal),
  };
}

/** The first element `selector` finds in the document; a selector the browser refuses finds none. */
function find(selector: string): Element | undefined {
  try {
    return document.querySelector(selector) ?? undefined;
  } catch {
    return undefined;
  }
}
