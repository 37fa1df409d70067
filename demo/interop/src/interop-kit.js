// The kit as the framework pages use it: the drop-in, loaded from the demo server (it registers
// the elements on import), and one controller for the page. The demo build keeps this import
// external, so React, Vue and plain HTML share the one copy of the kit the page loads.
import * as kit from '/dddk/dddk.min.js';

/** The page's controller: offline guide, the Orchard site map, and the default for every tag. */
export function createPageController() {
  const controller = kit.createDddk({
    siteName: 'Orchard',
    sitemap: [
      { path: '/', title: 'Home', description: 'Orchard, a calm task planner for small teams' },
      { path: '/pricing', title: 'Pricing', description: 'Seedling (free), Grove ($8) and Estate ($16) plans', aliases: ['plans', 'cost'] },
      { path: '/docs', title: 'Docs', description: 'Getting started, CSV import, shortcuts and the REST API' },
      { path: '/contact', title: 'Contact sales', description: 'A form to reach the sales team' },
    ],
  });
  kit.setDefaultController(controller);
  return controller;
}

/**
 * Appends a line to the page's event log, so a visitor sees what the framework heard.
 * @param {string} text
 */
export function logEvent(text) {
  const log = document.getElementById('event-log');
  if (!log) return;
  const entry = document.createElement('li');
  entry.textContent = text;
  log.prepend(entry);
  while (log.children.length > 8) log.lastElementChild?.remove();
}
