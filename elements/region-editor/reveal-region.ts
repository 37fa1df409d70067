/** The room kept between the region and the panel's foot, or the viewport's bottom edge, in px. */
const GAP = 12;

/**
 * Scrolls the page so that `region` shows whole below the editor's `panel`, which sticks to the top
 * of the viewport while the page scrolls (at its `top`): a region under the panel, above the
 * viewport or below the fold is brought into the space under the panel, with the least scroll that
 * shows it whole; one taller than that space starts at the panel's foot. The page itself scrolls
 * (`window`); a region inside a scrolling box of its own is left to that box.
 */
export function revealRegion(region: Element, panel: HTMLElement): void {
  const view = region.ownerDocument.defaultView;
  if (!view) return;
  const box = region.getBoundingClientRect();
  const panelBox = panel.getBoundingClientRect();
  // Where the region may start once the panel sticks, and where the viewport ends.
  const top = (Number.parseFloat(view.getComputedStyle(panel).top) || 0) + panelBox.height + GAP;
  const bottom = view.innerHeight - GAP;
  if (box.top >= Math.max(panelBox.bottom, 0) && box.bottom <= bottom) return;
  const fits = box.height <= bottom - top;
  const delta = fits && box.bottom > bottom ? box.bottom - bottom : box.top - top;
  view.scrollBy({ top: delta, behavior: 'instant' });
}
