// A page configured by tags alone: a JSON config in <script type="application/json" data-dddk-config>
// and the drop-in. Each page loads in its own iframe (its own window, element registry and kit),
// exactly as a CMS theme would serve it.
import { expect } from '@open-wc/testing';
import type { DddkController } from '../../../core/controller/create-dddk.js';
import { eventually } from '../../support/eventually.js';

type FrameWindow = Window & typeof globalThis & {
  [key: symbol]: unknown;
  configErrors?: Array<Array<{ field: string; message: string }>>;
  loggedErrors?: string[];
};

const frames: HTMLIFrameElement[] = [];
afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove();
});

async function loadFrame(setup: { src: string } | { srcdoc: string }): Promise<FrameWindow> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 800px; height: 600px; border: 0';
  frames.push(frame);
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  if ('src' in setup) frame.src = setup.src;
  else frame.srcdoc = setup.srcdoc;
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as FrameWindow;
  // The drop-in is a module graph served through the test server: wait for it to register the tags.
  await eventually(() => expect(win.customElements.get('dddk-palette'), 'the drop-in registered <dddk-palette>').to.exist, 8_000);
  return win;
}

function controllerIn(win: FrameWindow, id: string): DddkController | undefined {
  const registry = win[Symbol.for('dddk.controller-registry.v1')] as { byId: Map<string, DddkController>; defaultController?: DddkController };
  return registry?.byId.get(id);
}

function defaultControllerIn(win: FrameWindow): DddkController | undefined {
  return (win[Symbol.for('dddk.controller-registry.v1')] as { defaultController?: DddkController } | undefined)?.defaultController;
}

function subtitleText(win: FrameWindow): string {
  return win.document.querySelector('dddk-subtitle')?.shadowRoot?.querySelector('[part~="text"]')?.textContent?.trim() ?? '';
}

describe('a CMS page with only tags and a JSON config', () => {
  it('gets a controller from the config: id, locale, offline guide, page default, theme, tokens and strings', async () => {
    const win = await loadFrame({ src: '/test/browser/interop/fixtures/cms-page.html' });
    const site = controllerIn(win, 'site');
    expect(site, 'createDddk({ id: "site" }) ran').to.exist;
    expect(site!.locale).to.equal('zh-TW');
    expect(site!.llm, 'no llm field: the offline guide answers').to.equal(undefined);
    expect(defaultControllerIn(win), 'tags without for= use the config controller').to.equal(site);
    expect(win.document.documentElement.getAttribute('data-dddk-theme')).to.equal('dark');
    expect(win.document.documentElement.style.getPropertyValue('--dddk-color-accent')).to.equal('#3fb950');
    const strings = win[Symbol.for('dddk.string-registry.v1')] as { byLocale: Map<string, Map<string, Record<string, unknown>>> };
    expect(strings.byLocale.get('zh-TW')?.get('palette')).to.deep.equal({ placeholder: '想找什麼？問問果園…' });
  });

  it('renders the host strings of the config in the elements that read the string registry', async () => {
    const win = await loadFrame({ src: '/test/browser/interop/fixtures/cms-page.html' });
    controllerIn(win, 'site')!.subtitle.show('歡迎光臨果園');
    const subtitle = win.document.querySelector('dddk-subtitle')!;
    await eventually(() => {
      const close = subtitle.shadowRoot!.querySelector('[part~="close-button"]');
      expect(close?.getAttribute('aria-label'), 'the config override, not the built-in 關閉字幕').to.equal('關掉字幕');
    });
  });

  it('has a working palette (Ctrl+K, Enter) whose question the offline guide answers in the subtitle bar', async () => {
    const win = await loadFrame({ src: '/test/browser/interop/fixtures/cms-page.html' });
    const palette = win.document.querySelector('dddk-palette')!;
    await (palette as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    win.document.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: true, bubbles: true, cancelable: true }));
    await eventually(() => expect(palette.shadowRoot!.querySelector('dialog')?.open, 'Ctrl+K opened the palette').to.equal(true));
    // The palette's panel loads on first open.
    await eventually(() => expect(palette.shadowRoot!.querySelector('input')).to.exist);
    const input = palette.shadowRoot!.querySelector('input')!;
    expect(input.getAttribute('placeholder'), 'the palette speaks the config locale').to.match(/[\u4e00-\u9fff]/);
    input.value = '每週摘要是什麼？';
    input.dispatchEvent(new win.InputEvent('input', { bubbles: true, composed: true }));
    await (palette as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    input.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }));
    await eventually(() => expect(subtitleText(win)).to.contain('離線導覽'), 8_000);
  });

  it('lists the config palette items in every palette of the controller, and filters them', async () => {
    const win = await loadFrame({ src: '/test/browser/interop/fixtures/cms-page.html' });
    type Palette = HTMLElement & { open(): void; close(): void; updateComplete: Promise<unknown> };
    const listText = (palette: Palette) => palette.shadowRoot!.querySelector('[role="listbox"]')?.textContent ?? '';
    const palette = win.document.querySelector('dddk-palette') as Palette;
    palette.open();
    await eventually(() => {
      expect(listText(palette)).to.contain('方案與價格');
      expect(listText(palette)).to.contain('聯絡業務');
    });
    const input = palette.shadowRoot!.querySelector('input')!;
    input.value = 'pricing';
    input.dispatchEvent(new win.InputEvent('input', { bubbles: true, composed: true }));
    await eventually(() => {
      expect(listText(palette)).to.contain('方案與價格');
      expect(listText(palette)).not.to.contain('聯絡業務');
    });
    palette.close();

    // The items belong to the controller: a palette the page adds later lists them too.
    const later = win.document.createElement('dddk-palette') as Palette;
    later.setAttribute('inline', '');
    later.setAttribute('for', 'site');
    win.document.body.append(later);
    await later.updateComplete;
    later.open();
    await eventually(() => expect(later.shadowRoot!.querySelector('input')).to.exist);
    const laterInput = later.shadowRoot!.querySelector('input')!;
    laterInput.value = 'contact';
    laterInput.dispatchEvent(new win.InputEvent('input', { bubbles: true, composed: true }));
    expect(palette.shadowRoot!.querySelector('dialog')?.open, 'the modal palette stays shut while the inline one is open').to.not.equal(true);
    await eventually(() => expect(listText(later)).to.contain('聯絡業務'));
  });
});

describe('a page config with mistakes', () => {
  const page = (config: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Broken config</title>
    <script>
      window.configErrors = [];
      window.loggedErrors = [];
      document.addEventListener('dddk-config-error', (event) => window.configErrors.push(event.detail.problems));
      const log = console.error.bind(console);
      console.error = (...args) => { window.loggedErrors.push(String(args[0])); log(...args); };
    </script>
    <script type="application/json" data-dddk-config>${config}</script>
    <script type="module" src="/drop-in.ts"></script></head>
    <body><main><h1>Broken config</h1></main><dddk-palette></dddk-palette><dddk-subtitle></dddk-subtitle></body></html>`;

  it('names each bad field in console.error and in dddk-config-error, and applies the rest', async () => {
    const win = await loadFrame({
      srcdoc: page('{ "id": "shop", "locale": 42, "llm": { "baseURL": "/api/llm", "model": "m", "apiKey": "sk-live" }, "theme": "blue", "colour": "red" }'),
    });
    await eventually(() => expect(win.configErrors).to.have.length(1));
    const fields = win.configErrors![0]!.map((problem) => problem.field);
    expect(fields).to.deep.equal(['locale', 'llm.apiKey', 'theme', 'colour']);
    expect(win.loggedErrors!.filter((line) => line.startsWith('dddk: page config:'))).to.have.length(4);
    const shop = controllerIn(win, 'shop');
    expect(shop, 'the valid fields still made a controller').to.exist;
    expect(shop!.llm, 'a config carrying a key gets no model').to.equal(undefined);
  });

  it('survives text that is not JSON: one error, no exception, the tags still work on the page default', async () => {
    const win = await loadFrame({ srcdoc: page('{ id: site, }') });
    const pageErrors: unknown[] = [];
    win.addEventListener('error', (event) => pageErrors.push(event.error));
    await eventually(() => expect(win.configErrors).to.have.length(1));
    expect(win.configErrors![0]![0]!.field).to.equal('(json)');
    expect(pageErrors).to.deep.equal([]);
    const palette = win.document.querySelector('dddk-palette') as unknown as { open(): void; updateComplete: Promise<unknown>; shadowRoot: ShadowRoot };
    palette.open();
    await palette.updateComplete;
    expect(palette.shadowRoot.querySelector('dialog')?.open).to.equal(true);
  });
});
