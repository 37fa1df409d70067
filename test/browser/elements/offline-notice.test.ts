import { expect, fixture, html } from '@open-wc/testing';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { addStrings, clearStrings } from '../../../core/i18n/string-registry.js';
import type { LLMProvider } from '../../../core/llm/types.js';
import { OFFLINE_NOTICE_KEY } from '../../../core/offline-notice/offline-notice-model.js';
import { DddkOfflineNotice, defineOfflineNotice } from '../../../elements/offline-notice/offline-notice.js';
import { offlineNoticeUi } from '../../../elements/offline-notice/lazy-offline-notice.js';

// Runs in a page of its own; the first test needs the notice's view never to have been loaded here.
defineOfflineNotice();

const provider: LLMProvider = {
  name: 'fake',
  complete: async () => {
    throw new Error('not used');
  },
  stream: async function* () {
    throw new Error('not used');
  },
};

const created: DddkController[] = [];
function controller(config: Parameters<typeof createDddk>[0] = {}): DddkController {
  const dddk = createDddk({ locale: 'en', ...config });
  created.push(dddk);
  return dddk;
}

function parts(element: DddkOfflineNotice) {
  const root = element.shadowRoot!;
  return {
    text: root.querySelector<HTMLElement>('[part~="text"]')!,
    dismiss: root.querySelector<HTMLButtonElement>('[part~="dismiss-button"]'),
  };
}

async function until(condition: () => boolean, what: string, ms = 3000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function shownNotice(config: Parameters<typeof createDddk>[0] = {}): Promise<DddkOfflineNotice> {
  const element = await fixture<DddkOfflineNotice>(html`<dddk-offline-notice .controller=${controller(config)}></dddk-offline-notice>`);
  await element.updateComplete;
  await until(() => parts(element).dismiss !== null, 'the notice shows');
  return element;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  for (const dddk of created.splice(0)) dddk.destroy();
});

describe('<dddk-offline-notice>', () => {
  it('online, shows nothing, loads nothing and takes no room; its polite live region waits, empty', async () => {
    const element = await fixture<DddkOfflineNotice>(html`<div><dddk-offline-notice .controller=${controller({ llm: provider })}></dddk-offline-notice><p>after</p></div>`).then((wrapper) => wrapper.querySelector('dddk-offline-notice')!);
    await element.updateComplete;
    expect(offlineNoticeUi.loaded).to.equal(undefined);
    expect(element.getBoundingClientRect().height).to.equal(0);
    const { text, dismiss } = parts(element);
    expect(text.getAttribute('role')).to.equal('status');
    expect(text.textContent).to.equal('');
    expect(dismiss).to.equal(null);
    expect(sessionStorage.getItem(OFFLINE_NOTICE_KEY)).to.equal(null);
    await expect(element).to.be.accessible();
  });

  it('offline, says so politely in the page flow, with a named close button, and passes axe in light and dark', async () => {
    const element = await shownNotice();
    const { text, dismiss } = parts(element);
    expect(text.textContent).to.match(/^Offline mode: the assistant answers from this page and the site map, without an AI model\.$/);
    expect(text.getAttribute('role')).to.equal('status');
    expect(text.getAttribute('aria-live')).to.not.equal('assertive');
    expect(element.shadowRoot!.querySelector('[role="alert"], [aria-live="assertive"]')).to.equal(null);
    expect(dismiss!.getAttribute('aria-label')).to.equal('Dismiss the offline notice');
    expect(getComputedStyle(element).position).to.equal('static');
    expect(element.getBoundingClientRect().height).to.be.greaterThan(20);
    expect(sessionStorage.getItem(OFFLINE_NOTICE_KEY)).to.equal('shown');
    for (const theme of ['light', 'dark']) {
      document.documentElement.setAttribute('data-dddk-theme', theme);
      await expect(element).to.be.accessible();
    }
    document.documentElement.removeAttribute('data-dddk-theme');
  });

  it('shows once per session: a notice made later in the session stays empty', async () => {
    await shownNotice();
    const later = await fixture<DddkOfflineNotice>(html`<dddk-offline-notice .controller=${controller()}></dddk-offline-notice>`);
    await later.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(parts(later).text.textContent).to.equal('');
    expect(later.getBoundingClientRect().height).to.equal(0);
  });

  it('closes on its button and on Esc, and the dismissal holds for the session', async () => {
    const byButton = await shownNotice();
    parts(byButton).dismiss!.click();
    await byButton.updateComplete;
    expect(parts(byButton).text.textContent).to.equal('');
    expect(byButton.getBoundingClientRect().height).to.equal(0);
    expect(sessionStorage.getItem(OFFLINE_NOTICE_KEY)).to.equal('dismissed');

    sessionStorage.clear();
    const byEscape = await shownNotice();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await byEscape.updateComplete;
    expect(parts(byEscape).dismiss).to.equal(null);
    expect(sessionStorage.getItem(OFFLINE_NOTICE_KEY)).to.equal('dismissed');
  });

  it('hides by itself after its time, held while the pointer is on it', async () => {
    const element = await shownNotice({ offlineNotice: { autoHideMs: 150 } });
    element.dispatchEvent(new PointerEvent('pointerenter'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(parts(element).dismiss, 'held').to.not.equal(null);
    element.dispatchEvent(new PointerEvent('pointerleave'));
    await until(() => parts(element).dismiss === null, 'the notice hides by itself');
    expect(element.getBoundingClientRect().height).to.equal(0);
    expect(sessionStorage.getItem(OFFLINE_NOTICE_KEY)).to.equal('shown');
  });

  it('takes the host’s strings, and re-renders when they change', async () => {
    const element = await shownNotice();
    addStrings('en', { 'offline-notice': { text: 'Offline: answers come from this site only.', dismiss: 'Close' } });
    await until(() => parts(element).text.textContent === 'Offline: answers come from this site only.', 'the host’s text');
    expect(parts(element).dismiss!.getAttribute('aria-label')).to.equal('Close');
    clearStrings();
  });

  it('speaks the page’s language and goes with its controller', async () => {
    const element = await shownNotice({ locale: 'zh-TW' });
    expect(parts(element).text.textContent).to.match(/^離線模式/);
    created[0]!.destroy();
    await element.updateComplete;
    await until(() => parts(element).dismiss === null, 'the notice goes with its controller');
  });
});
