import { getOverlayLayer, raiseOverlayLayer } from './overlay-layer.js';

/**
 * Overlays the agent paints to point at things: a highlight (tint), a border (frame), a spotlight
 * (everything else dimmed) and an injected text label before or after an element. Each follows its
 * target through scrolling, resizing and DOM changes, disappears when the target leaves the page,
 * and all of them are cleared when the page navigates.
 */

export type OverlayType = 'highlight' | 'border' | 'spotlight' | 'inject';

export interface OverlayItem {
  id: string;
  type: OverlayType;
  target: Element;
  color?: string;
  label?: string;
  text?: string;
  position?: 'before' | 'after';
}

export interface OverlayOptions {
  /** Any CSS colour; an invalid one falls back to the default for the overlay type. */
  color?: string;
  /** A short caption shown above the overlay. */
  label?: string;
}

export interface SpotlightOptions {
  label?: string;
  /** How dark the rest of the page gets, 0–1. Default 0.55. */
  dim?: number;
}

export interface InjectOptions {
  position?: 'before' | 'after';
  color?: string;
}

interface OverlayRecord {
  item: OverlayItem;
  element: HTMLElement;
}

const DEFAULT_COLORS: Record<OverlayType, string> = {
  highlight: 'rgba(255, 196, 0, 0.35)',
  border: '#2563eb',
  spotlight: '#2563eb',
  inject: '#1f2937',
};

const overlays = new Map<string, OverlayRecord>();
let nextId = 1;

function validColor(color: string | undefined, type: OverlayType): string {
  if (color && typeof CSS !== 'undefined' && CSS.supports('color', color)) return color;
  return DEFAULT_COLORS[type];
}

function addOverlay(item: OverlayItem, build: (element: HTMLElement) => void): string {
  const { root } = getOverlayLayer();
  const element = document.createElement('div');
  element.className = 'overlay';
  element.dataset.type = item.type;
  element.dataset.overlayId = item.id;
  element.style.setProperty('--color', validColor(item.color, item.type));
  build(element);
  if (item.label) {
    const label = document.createElement('span');
    label.className = 'label';
    label.textContent = item.label;
    element.append(label);
  }
  root.append(element);
  overlays.set(item.id, { item, element });
  startTracking();
  raiseOverlayLayer();
  position(overlays.get(item.id)!);
  return item.id;
}

function newId(): string {
  return `overlay-${nextId++}`;
}

/** Tints the element. Returns the overlay id. */
export function highlight(target: Element, options: OverlayOptions = {}): string {
  const item: OverlayItem = { id: newId(), type: 'highlight', target, ...defined(options) };
  return addOverlay(item, () => undefined);
}

/** Frames the element. Returns the overlay id. */
export function border(target: Element, options: OverlayOptions = {}): string {
  const item: OverlayItem = { id: newId(), type: 'border', target, ...defined(options) };
  return addOverlay(item, () => undefined);
}

/** Dims the whole page except the element. Returns the overlay id. */
export function spotlight(target: Element, options: SpotlightOptions = {}): string {
  const dim = Math.min(Math.max(options.dim ?? 0.55, 0), 1);
  const item: OverlayItem = { id: newId(), type: 'spotlight', target, ...defined({ label: options.label }) };
  return addOverlay(item, (element) => element.style.setProperty('--dim', `rgba(0, 0, 0, ${dim})`));
}

/** Shows a text label just before (above) or after (below) the element. Returns the overlay id. */
export function inject(target: Element, text: string, options: InjectOptions = {}): string {
  const item: OverlayItem = {
    id: newId(),
    type: 'inject',
    target,
    text,
    position: options.position ?? 'after',
    ...defined({ color: options.color }),
  };
  return addOverlay(item, (element) => {
    element.textContent = text;
  });
}

function defined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Removes one overlay; `false` when no overlay has that id. */
export function removeOverlay(id: string): boolean {
  const record = overlays.get(id);
  if (!record) return false;
  record.element.remove();
  overlays.delete(id);
  resizeObserver?.unobserve(record.item.target);
  for (const other of overlays.values()) {
    if (other.item.target === record.item.target) resizeObserver?.observe(other.item.target);
  }
  if (overlays.size === 0) stopTracking();
  return true;
}

/** Removes every overlay. */
export function clearOverlays(): void {
  for (const record of overlays.values()) record.element.remove();
  overlays.clear();
  stopTracking();
}

/** The overlays on the page now, oldest first. */
export function listOverlays(): OverlayItem[] {
  return [...overlays.values()].map(({ item }) => ({ ...item }));
}

function position({ item, element }: OverlayRecord): void {
  const rect = item.target.getBoundingClientRect();
  const hidden = rect.width === 0 && rect.height === 0;
  element.hidden = hidden;
  if (hidden) return;
  if (item.type === 'inject') {
    const y = item.position === 'before' ? rect.top - element.offsetHeight - 4 : rect.bottom + 4;
    element.style.transform = `translate(${Math.round(rect.left)}px, ${Math.round(y)}px)`;
    return;
  }
  // Frames sit a few pixels outside the element so they do not hide its edges.
  const pad = item.type === 'highlight' ? 0 : 4;
  element.style.width = `${Math.round(rect.width + pad * 2)}px`;
  element.style.height = `${Math.round(rect.height + pad * 2)}px`;
  element.style.transform = `translate(${Math.round(rect.left - pad)}px, ${Math.round(rect.top - pad)}px)`;
}

// One set of listeners and observers serves every overlay; each change schedules one repositioning
// pass on the next animation frame.
let frame: number | undefined;
let fallback: ReturnType<typeof setTimeout> | undefined;
let resizeObserver: ResizeObserver | undefined;
let mutationObserver: MutationObserver | undefined;
let tracking = false;

function schedule(): void {
  if (frame !== undefined) return;
  // A page in a background tab paints no frames; the timer still repositions it now and then.
  const run = () => {
    if (frame === undefined) return;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    frame = undefined;
    repositionOverlays();
  };
  frame = requestAnimationFrame(run);
  fallback = setTimeout(run, 100);
}

/** Repositions every overlay now and drops those whose target has left the page. */
export function repositionOverlays(): void {
  for (const record of [...overlays.values()]) {
    if (!record.item.target.isConnected) removeOverlay(record.item.id);
    else position(record);
  }
}

const onNavigate = (): void => clearOverlays();

function startTracking(): void {
  const newest = [...overlays.values()].at(-1);
  if (newest) resizeObserver?.observe(newest.item.target);
  if (tracking) return;
  tracking = true;
  addEventListener('scroll', schedule, { capture: true, passive: true });
  addEventListener('resize', schedule, { passive: true });
  addEventListener('popstate', onNavigate);
  addEventListener('pagehide', onNavigate);
  // A hidden page skips rendering (and so scroll and resize reports); catch up when it shows again.
  document.addEventListener('visibilitychange', schedule);
  resizeObserver = new ResizeObserver(schedule);
  for (const { item } of overlays.values()) resizeObserver.observe(item.target);
  mutationObserver = new MutationObserver(schedule);
  mutationObserver.observe(document.documentElement, { childList: true, subtree: true, attributes: true, characterData: true });
}

function stopTracking(): void {
  if (!tracking) return;
  tracking = false;
  removeEventListener('scroll', schedule, { capture: true });
  removeEventListener('resize', schedule);
  removeEventListener('popstate', onNavigate);
  removeEventListener('pagehide', onNavigate);
  document.removeEventListener('visibilitychange', schedule);
  resizeObserver?.disconnect();
  mutationObserver?.disconnect();
  resizeObserver = undefined;
  mutationObserver = undefined;
  if (frame !== undefined) cancelAnimationFrame(frame);
  clearTimeout(fallback);
  frame = undefined;
}
