// Connects the page to the dddk kit: asks the demo server whether an LLM endpoint is configured,
// says so in the subtitle bar when it is not, and otherwise streams answers from the "Ask" box
// into the subtitle bar. The model is reached through the server's proxy, so no key is in the page.

export const OFFLINE_MESSAGE = 'Offline mode — no LLM endpoint configured';

const SYSTEM_PROMPT = [
  'You answer visitors\' questions on the website of Orchard, a task planner for small teams.',
  'Plans: Seedling is free for up to 3 members; Grove is $8 per member per month for up to 30 members',
  'and adds the weekly digest; Estate is $16 per member per month, unlimited members, SAML single sign-on',
  'and priority support. Yearly billing gives two months free. Spreadsheet import (CSV) is in every plan.',
  'Answer in at most three short sentences of plain text, without Markdown.',
].join(' ');

/**
 * @typedef {{ show(input: string | { text: string, type?: string }): void, append(delta: string): void, finalize(): void, hide(): void }} SubtitleModel
 * @typedef {{ subtitle: SubtitleModel }} Controller
 * @typedef {{ stream(options: { messages: Array<{ role: string, content: string }>, signal?: AbortSignal }): AsyncIterable<{ type: string, text?: string }> }} StreamingProvider
 * @typedef {object} Kit  The parts of the drop-in this page uses.
 * @property {() => Controller} getDefaultController
 * @property {(controller: Controller) => void} setDefaultController
 * @property {(config: { llm: StreamingProvider }) => Controller} createDddk
 * @property {(config: { baseURL: string, model: string, apiKey?: string }) => StreamingProvider} openAICompatible
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

/** The first model the endpoint lists, for servers started without DDDK_LLM_MODEL. */
async function firstListedModel() {
  try {
    const response = await fetch('/api/llm/models');
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

/**
 * Wires the page to the kit. Resolves once the page knows whether it is online or offline.
 * @param {Kit} kit
 */
export async function connectCopilot(kit) {
  let llm;
  try {
    llm = await fetchLlmStatus();
  } catch (error) {
    llm = { configured: false };
    console.warn(`dddk demo: could not ask the server for its LLM status (${describeError(error)}); running offline.`);
  }
  const model = llm.configured ? (llm.model ?? (await firstListedModel())) : undefined;

  if (!llm.configured || !model) {
    setMode('offline');
    const subtitle = kit.getDefaultController().subtitle;
    if (llm.configured) {
      const text = 'An LLM endpoint is configured but names no model: set DDDK_LLM_MODEL on the demo server.';
      subtitle.show({ text, type: 'warning' });
      setStatus(text);
    } else {
      subtitle.show({ text: OFFLINE_MESSAGE, type: 'info' });
      setStatus('Offline mode: the demo server has no LLM endpoint configured (set DDDK_LLM_BASE_URL).');
    }
    return;
  }

  const provider = kit.openAICompatible({ baseURL: `${location.origin}/api/llm`, model });
  const controller = kit.createDddk({ llm: provider });
  // Elements that use the default controller switch to this one.
  kit.setDefaultController(controller);
  setMode('online');
  setStatus(`Online: answers come from ${model} through the demo server.`);
  connectAskForms(controller.subtitle, provider);
}

/**
 * Streams the answer to each "Ask" form's question into the subtitle bar. A new question cancels
 * the answer still streaming.
 * @param {SubtitleModel} subtitle
 * @param {StreamingProvider} provider
 */
function connectAskForms(subtitle, provider) {
  /** @type {AbortController | undefined} */
  let inFlight;
  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches('[data-ask-form]')) return;
    event.preventDefault();
    const question = String(new FormData(form).get('question') ?? '').trim();
    if (!question) return;

    inFlight?.abort();
    const call = new AbortController();
    inFlight = call;
    form.setAttribute('aria-busy', 'true');
    // Also ends a stream a previous question left open, so the answer starts from empty text.
    subtitle.show({ text: 'Thinking…', type: 'info' });
    let answered = false;
    try {
      const events = provider.stream({
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: question },
        ],
        signal: call.signal,
      });
      for await (const streamEvent of events) {
        if (call.signal.aborted) return;
        if (streamEvent.type !== 'text-delta' || !streamEvent.text) continue;
        subtitle.append(streamEvent.text);
        answered = true;
      }
      if (answered) subtitle.finalize();
      else subtitle.show({ text: 'The model sent back an empty answer. Try asking another way.', type: 'warning' });
    } catch (error) {
      if (call.signal.aborted) return;
      subtitle.show({ text: `Could not get an answer: ${describeError(error)}`, type: 'error' });
    } finally {
      if (inFlight === call) {
        inFlight = undefined;
        form.removeAttribute('aria-busy');
      }
    }
  });
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
