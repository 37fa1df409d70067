// The CMS draft's region editor. Its saves go to the demo server's page store (`/api/pages/:id`,
// ETag-checked, and sent with the page's session token) when the server holds that page; otherwise edits stay in this tab and the page says
// so. While a region is picked and a model is configured, text sent from the palette becomes that
// region's instruction instead of a task for the agent.

const NOTE_SELECTOR = '[data-region-editing-note]';

/**
 * @typedef {{ selectedId?: string, aiAvailable: boolean }} RegionEditorState
 * @typedef {HTMLElement & {
 *   src?: string,
 *   editorModel?: { getState(): RegionEditorState },
 *   editRegion(id: string, instruction?: string): Promise<void>,
 * }} RegionEditorElement
 */

/** @type {WeakSet<Element>} */
const bound = new WeakSet();

/** @param {string} text */
function showNote(text) {
  const note = document.querySelector(NOTE_SELECTOR);
  if (!(note instanceof HTMLElement)) return;
  note.textContent = text;
  note.hidden = false;
}

/**
 * @typedef {{ headers(options?: { refresh?: boolean }): Promise<Record<string, string>> }} ServerSession
 * @typedef {{ createHttpDocumentStore(options: { url: string, headers?: ServerSession['headers'] }): object }} StoreKit
 */

/**
 * Points an editor marked `data-page-id` at the server's copy of its page, when there is one.
 * @param {RegionEditorElement & { store?: object }} editor
 * @param {StoreKit} kit
 * @param {ServerSession} session
 */
async function bindPageStore(editor, kit, session) {
  const id = editor.dataset.pageId;
  if (!id || bound.has(editor)) return;
  bound.add(editor);
  const url = `/api/pages/${encodeURIComponent(id)}`;
  let status = 0;
  try {
    status = (await fetch(url, { method: 'HEAD', cache: 'no-store' })).status;
  } catch {
    // Offline or no server: handled below like a missing page.
  }
  if (status === 200) {
    editor.store = kit.createHttpDocumentStore({ url, headers: session.headers });
    return;
  }
  showNote(
    `The demo server has no saved copy of this page (${url} answered ${status || 'nothing'}), so edits stay in this tab until you reload. Add ${id}.html to the server's content folder to save them.`,
  );
}

/**
 * @param {StoreKit} kit
 * @param {ServerSession} session
 */
function bindEditors(kit, session) {
  for (const editor of document.querySelectorAll('dddk-region-editor[data-page-id]')) {
    void bindPageStore(/** @type {RegionEditorElement} */ (editor), kit, session);
  }
}

/**
 * Palette text goes to the picked region while the editor can ask a model; otherwise to the agent.
 * @param {Event} event
 */
function routePaletteText(event) {
  const editor = /** @type {RegionEditorElement | null} */ (document.querySelector('dddk-region-editor'));
  const state = editor?.editorModel?.getState();
  const text = /** @type {CustomEvent<{ text: string }>} */ (event).detail?.text;
  if (!editor || !state?.selectedId || !state.aiAvailable || !text) return;
  event.preventDefault();
  void editor.editRegion(state.selectedId, text);
}

/**
 * Gives every region editor on the page, now and after each route change, the server's store.
 * @param {StoreKit} kit
 * @param {ServerSession} session
 */
export function connectRegionEditing(kit, session) {
  const outlet = document.getElementById('main');
  // The router swaps pages into the outlet; each new CMS page gets its store.
  if (outlet) new MutationObserver(() => bindEditors(kit, session)).observe(outlet, { childList: true });
  bindEditors(kit, session);
  document.addEventListener('dddk-submit', routePaletteText);
}
