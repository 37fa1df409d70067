// Plain HTML: the drop-in registers the tags; a few lines set the items and listen.
import { createPageController, logEvent } from '/interop/src/interop-kit.js';
import { EXTRA_ITEMS, ORCHARD_ITEMS } from '/interop/src/orchard-items.js';

createPageController();
const palette = document.querySelector('dddk-palette');
palette.items = ORCHARD_ITEMS;
palette.addEventListener('dddk-open', () => logEvent('dddk-open'));
palette.addEventListener('dddk-close', () => logEvent('dddk-close'));
palette.addEventListener('dddk-submit', (event) => logEvent(`dddk-submit: ${event.detail.text}`));
document.getElementById('open-palette').addEventListener('click', () => palette.open());
const more = document.getElementById('more-items');
more.addEventListener('click', () => {
  const on = more.getAttribute('aria-pressed') !== 'true';
  more.setAttribute('aria-pressed', String(on));
  more.textContent = on ? 'Fewer items' : 'Add more items';
  palette.items = on ? [...ORCHARD_ITEMS, ...EXTRA_ITEMS] : ORCHARD_ITEMS;
});
