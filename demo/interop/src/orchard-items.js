// The palette items every interop page passes to <dddk-palette>: the same list from React, Vue,
// plain HTML and (as JSON) the CMS theme page, so the four behave alike.

/** @typedef {{ id: string, name: string, description?: string, section?: string, keywords?: string[], actions: object[] }} PaletteItem */

/** @type {PaletteItem[]} */
export const ORCHARD_ITEMS = [
  {
    id: 'pricing',
    name: 'Pricing',
    description: 'Seedling, Grove and Estate plans',
    section: 'Pages',
    keywords: ['plans', 'cost', 'billing'],
    actions: [{ kind: 'navigate', path: '/pricing' }],
  },
  {
    id: 'docs',
    name: 'Docs',
    description: 'Getting started, CSV import, shortcuts, the API',
    section: 'Pages',
    keywords: ['help', 'guide', 'api'],
    actions: [{ kind: 'navigate', path: '/docs' }],
  },
  {
    id: 'contact',
    name: 'Contact sales',
    description: 'A form to reach the sales team',
    section: 'Pages',
    keywords: ['email', 'demo', 'quote'],
    actions: [{ kind: 'navigate', path: '/contact' }],
  },
  {
    id: 'copy-email',
    name: 'Copy the sales email',
    section: 'Actions',
    keywords: ['email', 'address'],
    actions: [{ kind: 'copy', text: 'sales@orchard.example' }],
  },
  {
    id: 'tour',
    name: 'Ask for a tour of Orchard',
    section: 'Actions',
    keywords: ['tour', 'overview', 'features'],
    actions: [{ kind: 'agent-task', task: 'Give me a short tour of what Orchard does.' }],
  },
];

/** Shown after "Add more items", to see the palette follow a re-render. */
export const EXTRA_ITEMS = [
  {
    id: 'changelog',
    name: 'What is new in Orchard 2.0',
    section: 'Pages',
    keywords: ['release', 'spring', 'launch'],
    actions: [{ kind: 'navigate', path: '/cms' }],
  },
];
