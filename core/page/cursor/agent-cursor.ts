import type { CursorGuide } from '../actions/types.js';
import { sleep } from '../actions/timing.js';
import { getOverlayLayer } from '../overlays/overlay-layer.js';
import { prefersReducedMotion } from '../overlays/reduced-motion.js';

/**
 * A large pointer, painted in the overlay layer, that travels to the element an action is about to
 * touch and rests there briefly, so the user sees what is going to happen. With reduced motion it
 * jumps straight there and does not pause.
 */
export interface AgentCursorOptions {
  /** Pointer size in CSS pixels. Default 32. */
  size?: number;
  /** Fill colour; any CSS colour. Default a strong blue. */
  color?: string;
  /** How long the trip to a target takes, in ms. Default 350. */
  travelMs?: number;
  /** How long the pointer rests on the target before the action fires, in ms. Default 200. */
  pauseMs?: number;
  /** Overrides the page's `prefers-reduced-motion` setting. */
  reducedMotion?: boolean;
}

export interface AgentCursor extends CursorGuide {
  /** Resolves once the pointer has arrived (and rested), or at once when `signal` aborts. */
  moveTo(target: Element, options?: { signal?: AbortSignal }): Promise<void>;
  hide(): void;
  destroy(): void;
  /** The pointer's element while it is on the page. */
  readonly element: HTMLElement | undefined;
}

const ARROW_PATH = 'M3 2 L3 26 L9.5 19.5 L14 29 L18.5 27 L14 17.8 L23 17.8 Z';

export function createAgentCursor(options: AgentCursorOptions = {}): AgentCursor {
  const size = options.size ?? 32;
  const travelMs = Math.max(0, options.travelMs ?? 350);
  const pauseMs = Math.max(0, options.pauseMs ?? 200);
  let element: HTMLElement | undefined;
  let position: { x: number; y: number } | undefined;

  function mount(): HTMLElement {
    if (element?.isConnected) return element;
    const { root } = getOverlayLayer();
    const color = options.color && CSS.supports('color', options.color) ? options.color : '#2563eb';
    element = document.createElement('div');
    element.className = 'agent-cursor';
    element.setAttribute(
      'style',
      `position:absolute;left:0;top:0;width:${size}px;height:${size}px;pointer-events:none;` +
        'filter:drop-shadow(0 2px 3px rgba(0,0,0,.35));will-change:transform;',
    );
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 32 32');
    svg.setAttribute('width', String(size));
    svg.setAttribute('height', String(size));
    const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    path.setAttribute('d', ARROW_PATH);
    path.setAttribute('fill', color);
    path.setAttribute('stroke', '#fff');
    path.setAttribute('stroke-width', '2');
    path.setAttribute('stroke-linejoin', 'round');
    svg.append(path);
    element.append(svg);
    root.append(element);
    return element;
  }

  function place(el: HTMLElement, x: number, y: number): void {
    // The arrow's tip sits at (3, 2) of its box.
    el.style.transform = `translate(${Math.round(x - 3)}px, ${Math.round(y - 2)}px)`;
    position = { x, y };
  }

  return {
    get element() {
      return element?.isConnected ? element : undefined;
    },
    async moveTo(target, { signal } = {}) {
      const el = mount();
      el.hidden = false;
      const rect = target.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      const still = prefersReducedMotion(options.reducedMotion);
      if (still || !position) {
        el.style.transition = 'none';
        if (!still) place(el, innerWidth * 0.6, innerHeight * 0.85);
      }
      if (still) {
        place(el, x, y);
        return;
      }
      // Let the start position paint before the transition begins.
      el.getBoundingClientRect();
      el.style.transition = `transform ${travelMs}ms cubic-bezier(0.22, 0.8, 0.3, 1)`;
      place(el, x, y);
      await sleep(travelMs + pauseMs, signal);
    },
    hide() {
      if (element) element.hidden = true;
    },
    destroy() {
      element?.remove();
      element = undefined;
      position = undefined;
    },
  };
}
