// Connects the page to the dddk kit: one controller for the page, with the site's router as the
// agent's way around and a site map of the five pages. When the demo server has an LLM endpoint the
// agent uses it through the server's proxy (so no key is in the page); otherwise the kit's offline
// guide answers from the page and the site map, and the page says so: the kit's
// <dddk-offline-notice> under the header (once a session) and the status line in the footer.
import { connectRegionEditing } from './region-editing.js';
import { orchardPaletteItems } from './palette-items.js';
import { orchardSkills } from './skills.js';

/**
 * What the agent knows about the site before it reads a page: each page's title, what it is for,
 * and the words visitors use for it.
 * @typedef {{ title: string, description?: string, keywords?: string[], actions?: string[], children?: Record<string, SitemapNode> }} SitemapNode
 * @type {SitemapNode}
 */
export const ORCHARD_SITEMAP = {
  title: 'Home',
  description: 'Orchard, a calm task planner for small teams: boards, gentle due-date reminders, the weekly digest, and a customer story.',
  keywords: ['home', 'overview', 'features', 'boards', 'reminders', 'digest', 'about'],
  children: {
    pricing: {
      title: 'Pricing',
      description:
        'The three plans and what each includes: Seedling (free, up to 3 members), Grove ($8 per member per month) and Estate ($16), plus billing questions.',
      keywords: ['price', 'prices', 'cost', 'plans', 'billing', 'seedling', 'grove', 'estate', 'yearly', 'discount', 'nonprofit', 'sso', 'saml'],
      actions: ['compare plans'],
    },
    docs: {
      title: 'Docs',
      description: 'Getting started, importing tasks from a spreadsheet (CSV), keyboard shortcuts, the REST API, and how to run this demo.',
      keywords: ['documentation', 'help', 'guide', 'import', 'csv', 'spreadsheet', 'shortcuts', 'api', 'token', 'setup'],
    },
    cms: {
      title: 'CMS draft',
      description: 'The draft of the spring launch page ("Orchard 2.0 is in bloom"), whose regions an editor can rewrite.',
      keywords: ['cms', 'draft', 'launch', 'spring', 'announcement', 'whats new', 'edit'],
    },
    contact: {
      title: 'Contact sales',
      description: 'A form to reach the sales team: name, email, team size, preferred contact and a message.',
      keywords: ['contact', 'sales', 'demo', 'email', 'talk', 'form', 'quote', 'call'],
      actions: ['fill in the contact form'],
    },
  },
};

/**
 * @typedef {{ show(input: string | { text: string, type?: string }): void }} SubtitleModel
 * @typedef {{ subtitle: SubtitleModel, locale: string }} Controller
 * @typedef {object} StreamingProvider
 * @typedef {object} ControllerConfig
 * @property {StreamingProvider} [llm]
 * @property {(path: string) => void | Promise<void>} [navigate]
 * @property {object} [sitemap]
 * @property {string} [siteName]
 * @property {object[]} [skills]
 * @typedef {object} Kit  The parts of the drop-in this page uses.
 * @property {(controller: Controller) => void} setDefaultController
 * @property {(config: ControllerConfig) => Controller} createDddk
 * @property {(config: { baseURL: string, model: string, apiKey?: string, headers?: ServerSession['headers'] }) => StreamingProvider} openAICompatible
 * @property {(options?: { url?: string }) => ServerSession} createServerSession
 * @property {(options: { url: string, headers?: ServerSession['headers'] }) => object} createHttpDocumentStore
 * @property {(controller: Controller) => { addItems(items: object[]): () => void }} [controllerPalette]
 * @property {(questions: object[], options?: object) => object[]} [paletteQuestions]
 * @typedef {{ headers(options?: { refresh?: boolean }): Promise<Record<string, string>> }} ServerSession
 * @typedef {object} CopilotOptions
 * @property {(path: string) => void | Promise<void>} [navigate]  The site router's way to show a page.
 */

/** @param {string} text */
function setStatus(text) {
  const status = document.getElementById('llm-status');
  if (status) status.textContent = text;
}

/** @param {'online' | 'offline'} mode */
function setMode(mode) {
  document.documentElement.setAttribute('data-llm', mode);
}

/** @returns {Promise<{ configured: boolean, model?: string }>} */
async function fetchLlmStatus() {
  const response = await fetch('/api/health', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`/api/health answered HTTP ${response.status}`);
  const health = await response.json();
  return { configured: health?.llm?.configured === true, model: health?.llm?.model };
}

/**
 * The first model the endpoint lists, for servers started without DDDK_LLM_MODEL.
 * @param {ServerSession} session
 */
async function firstListedModel(session) {
  try {
    const response = await fetch('/api/llm/models', { headers: await session.headers() });
    if (!response.ok) return undefined;
    const listing = await response.json();
    const id = listing?.data?.[0]?.id;
    return typeof id === 'string' && id ? id : undefined;
  } catch {
    return undefined;
  }
}

/** @param {unknown} error */
function describeError(error) {
  return error instanceof Error ? error.message : String(error);
}

/** Buttons marked `data-open-palette` (the home page's "Ask the agent") open the page's palette. */
function connectPaletteButtons() {
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-open-palette]') : null;
    if (!button) return;
    const palette = document.querySelector('dddk-palette');
    if (palette && typeof palette.open === 'function') palette.open();
  });
}

/**
 * Wires the page to the kit. Resolves with the page's controller once it knows whether the agent
 * runs online or offline.
 * @param {Kit} kit
 * @param {CopilotOptions} [options]
 */
export async function connectCopilot(kit, { navigate } = {}) {
  let llm;
  try {
    llm = await fetchLlmStatus();
  } catch (error) {
    llm = { configured: false };
    console.warn(`dddk demo: could not ask the server for its LLM status (${describeError(error)}); running offline.`);
  }
  // The server's API admits the site's own pages with a short-lived token from /api/session.
  const session = kit.createServerSession({ url: '/api/session' });
  connectRegionEditing(kit, session);
  const model = llm.configured ? (llm.model ?? (await firstListedModel(session))) : undefined;
  const provider = model ? kit.openAICompatible({ baseURL: `${location.origin}/api/llm`, model, headers: session.headers }) : undefined;

  // Without `llm` the controller's agent falls back to the offline guide.
  const controller = kit.createDddk({
    ...(provider ? { llm: provider } : {}),
    ...(navigate ? { navigate } : {}),
    sitemap: ORCHARD_SITEMAP,
    siteName: 'Orchard',
    // The tour, "Explain this page" and the call-back form: palette rows and /commands.
    skills: orchardSkills(),
  });
  // Elements that use the default controller (the palette, the subtitle bar, the offline notice) switch to this one.
  kit.setDefaultController(controller);
  if (kit.controllerPalette && kit.paletteQuestions) kit.controllerPalette(controller).addItems(orchardPaletteItems(kit, controller.locale));
  connectPaletteButtons();
  document.documentElement.setAttribute('data-copilot', 'ready');

  if (provider) {
    setMode('online');
    setStatus(`Online: the agent answers with ${model} through the demo server.`);
    return controller;
  }
  setMode('offline');
  if (llm.configured) {
    const text = 'An LLM endpoint is configured but names no model: set DDDK_LLM_MODEL on the demo server. Until then the agent answers offline.';
    controller.subtitle.show({ text, type: 'warning' });
    setStatus(text);
  } else {
    setStatus(
      'Offline mode: the agent answers from this page and the site map. Start the demo server with DDDK_LLM_BASE_URL set to use a model.',
    );
  }
  return controller;
}

/**
 * Said when the kit itself failed to load (usually: `dist/` has not been built).
 * @param {unknown} error
 */
export function showKitUnavailable(error) {
  setMode('offline');
  setStatus(`The dddk kit did not load (${describeError(error)}). Run \`npm run build\`, then reload.`);
}

/**
 * Said when the kit loaded but wiring the page to it failed.
 * @param {unknown} error
 */
export function showConnectionFailed(error) {
  setMode('offline');
  setStatus(`The page could not connect to the dddk kit: ${describeError(error)}.`);
}
