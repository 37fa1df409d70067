// The whole XSS corpus (../shared/corpus/xss) through every element that shows host- or
// model-written text: palette items (name, description, lines), subtitle markdown, and a panel's
// Body and Markdown pieces. Nothing may run, and no shadow root may keep a handler or a script URL.
import { expect } from '@open-wc/testing';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import type { PaletteItem } from '../../../core/palette/palette-item.types.js';
import { controllerPanels } from '../../../core/surface/controller-panels.js';
import { loadMarkdownRenderer } from '../../../elements/internal/markdown/lazy-markdown.js';
import type { DddkPanel } from '../../../elements/panel/panel.js';
import type { DddkPalette } from '../../../elements/palette/palette.js';
import type { DddkSubtitle } from '../../../elements/subtitle/subtitle.js';
import { defineElements } from '../../../elements/define-elements.js';
import { until } from '../surface/support.js';
import { findUnsafeMarkup, installCanary, loadXssCorpus, settle, type Canary } from './xss-harness.js';

defineElements();

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += size) out.push(list.slice(start, start + size));
  return out;
}

describe('the XSS corpus through the elements', function () {
  this.timeout(240_000);
  let payloads: string[];
  let canary: Canary;
  let dddk: DddkController;
  let host: HTMLElement;

  before(async () => {
    payloads = await loadXssCorpus();
    await loadMarkdownRenderer();
  });
  beforeEach(() => {
    canary = installCanary();
    dddk = createDddk();
    host = document.createElement('div');
    document.body.append(host);
  });
  afterEach(() => {
    canary.restore();
    host.remove();
    dddk.destroy();
  });

  it('palette items: every payload as a name, a description and a line', async () => {
    const palette = document.createElement('dddk-palette') as DddkPalette;
    palette.inline = true;
    palette.controller = dddk;
    host.append(palette);
    await palette.updateComplete;
    palette.open();
    const unsafe: string[] = [];
    let shown = 0;
    // A handful at a time, so the virtualized list draws every row of the batch.
    for (const [batchIndex, batch] of chunks(payloads, 6).entries()) {
      const items: PaletteItem[] = batch.map((payload, i) => ({
        id: `xss-${batchIndex}-${i}`,
        name: payload.slice(0, 500) || 'x',
        // Longer texts are refused with an error naming the limit; the corpus has two such lines.
        description: payload.slice(0, 1900),
        lines: [payload.slice(0, 1900)],
        actions: [{ kind: 'copy', text: payload.slice(0, 1900) }],
      }));
      palette.items = items;
      await palette.updateComplete;
      await until(() => (palette.shadowRoot!.querySelectorAll('[role="option"]').length ?? 0) >= batch.length, `batch ${batchIndex} to render`);
      shown += batch.length;
      await settle(5);
      unsafe.push(...findUnsafeMarkup(palette.shadowRoot!));
    }
    await settle();
    expect(shown).to.equal(payloads.length);
    expect(canary.calls, 'script ran').to.deep.equal([]);
    expect(unsafe.slice(0, 10), 'unsafe markup').to.deep.equal([]);
  });

  it('subtitle: every payload as markdown', async () => {
    const subtitle = document.createElement('dddk-subtitle') as DddkSubtitle;
    subtitle.controller = dddk;
    host.append(subtitle);
    const unsafe: string[] = [];
    for (const batch of chunks(payloads, 40)) {
      dddk.subtitle.show({ text: batch.join('\n\n'), format: 'markdown', paging: false, persistent: true });
      await subtitle.updateComplete;
      await until(() => (subtitle.shadowRoot?.textContent ?? '').length > 0, 'the bar to render');
      await settle(20);
      unsafe.push(...findUnsafeMarkup(subtitle.shadowRoot!));
    }
    await settle();
    expect(canary.calls, 'script ran').to.deep.equal([]);
    expect(unsafe.slice(0, 10), 'unsafe markup').to.deep.equal([]);
  });

  it('panel: every payload as Body text and as Markdown', async () => {
    const panel = document.createElement('dddk-panel') as DddkPanel;
    panel.controller = dddk;
    host.append(panel);
    const panels = controllerPanels(dddk);
    const unsafe: string[] = [];
    for (const [batchIndex, batch] of chunks(payloads, 50).entries()) {
      const pinned = panels.create({
        id: `xss-${batchIndex}`,
        title: batch[0]!.slice(0, 200),
        surface: {
          root: {
            piece: 'Stack',
            children: batch.flatMap((payload) => [
              { piece: 'Body', props: { text: payload } },
              { piece: 'Markdown', props: { text: payload } },
            ]),
          },
        },
      });
      await panel.updateComplete;
      await until(() => panel.shadowRoot!.querySelector('dddk-surface') !== null, 'the panel surface');
      const surface = panel.shadowRoot!.querySelector('dddk-surface')!;
      await surface.updateComplete;
      await until(() => (surface.shadowRoot?.querySelectorAll('[part~="piece-body"]').length ?? 0) === batch.length, 'every Body piece');
      expect([...surface.shadowRoot!.querySelectorAll('[part~="piece-body"]')].map((body) => body.textContent)).to.deep.equal(batch);
      await settle(20);
      unsafe.push(...findUnsafeMarkup(panel.shadowRoot!));
      pinned.dismiss();
      await panel.updateComplete;
    }
    await settle();
    expect(canary.calls, 'script ran').to.deep.equal([]);
    expect(unsafe.slice(0, 10), 'unsafe markup').to.deep.equal([]);
  });
});
