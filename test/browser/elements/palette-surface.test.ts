import { expect, fixtureSync, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { setDefaultController } from '../../../core/controller/default-controller.js';
import { controllerPlacements } from '../../../core/surface/controller-surfaces.js';
import { DddkPalette, definePalette } from '../../../elements/palette/palette.js';
import { renderSurface } from '../../../elements/surface/render-surface.js';
import type { DddkSurface } from '../../../elements/surface/surface.js';
import type { DddkController } from '../../../core/controller/create-dddk.js';
import { controller, destroyControllers, until } from '../surface/support.js';

definePalette();

const form = {
  data: { name: '' },
  root: {
    piece: 'Stack',
    children: [
      { piece: 'Heading', props: { text: 'Rename' } },
      { piece: 'TextField', props: { label: 'New name', value: { $bind: '/name' } } },
      { piece: 'Button', props: { text: 'Save', variant: 'primary', action: { type: 'submit' } } },
    ],
  },
};

afterEach(() => {
  destroyControllers();
  setDefaultController(undefined);
  for (const node of document.querySelectorAll('dddk-placements')) node.remove();
});

/** `fixtureSync`: `fixture` waits for an animation frame, which a background tab may never paint. */
async function page(dddk: DddkController, inline = false) {
  const root = fixtureSync<HTMLElement>(html`<div>
    <button id="opener" type="button">Open</button>
    ${inline ? html`<dddk-palette inline .controller=${dddk}></dddk-palette>` : html`<dddk-palette .controller=${dddk}></dddk-palette>`}
  </div>`);
  const palette = root.querySelector<DddkPalette>('dddk-palette')!;
  await palette.updateComplete;
  const opener = root.querySelector<HTMLButtonElement>('#opener')!;
  opener.focus();
  return { palette, opener };
}

function surfaceIn(palette: DddkPalette): DddkSurface | null {
  return palette.shadowRoot!.querySelector<DddkSurface>('[part~="surfaces"] dddk-surface');
}

async function placedIn(palette: DddkPalette): Promise<DddkSurface> {
  await until(() => surfaceIn(palette)?.shadowRoot?.querySelector('input') != null, 'the surface in the palette');
  const surface = surfaceIn(palette)!;
  await surface.updateComplete;
  return surface;
}

function listbox(palette: DddkPalette): HTMLElement {
  return palette.shadowRoot!.querySelector<HTMLElement>('[part~="listbox"]')!;
}

describe('<dddk-palette> shows surfaces placed in its slot', () => {
  it('opens for the surface, shows it in the result area with focus in its field, and closes on submit', async () => {
    const dddk = controller();
    const { palette, opener } = await page(dddk);
    palette.items = [{ id: 'one', name: 'One', actions: [{ kind: 'copy', text: '1' }] }];
    const rendered = renderSurface(dddk, form, { placement: 'palette' });
    const surface = await placedIn(palette);
    expect(palette.isOpen).to.equal(true);
    expect(document.querySelector('dddk-placements'), 'no floating copy').to.equal(null);
    expect(listbox(palette).hidden, 'the list gives way to the surface').to.equal(true);
    await until(() => surface.shadowRoot!.activeElement?.tagName === 'INPUT', 'focus in the first field');
    await sendKeys({ type: 'Report 2026' });
    (surface.shadowRoot!.querySelector('[part~="piece-button"]') as HTMLButtonElement).click();
    expect(await rendered.result).to.deep.equal({ action: { type: 'submit' }, data: { name: 'Report 2026' } });
    await until(() => !palette.isOpen, 'the palette to close');
    await palette.updateComplete;
    expect(surfaceIn(palette)).to.equal(null);
    expect(document.activeElement).to.equal(opener);
    expect(controllerPlacements(dddk).in('palette')).to.have.length(0);
  });

  it('cancels on Escape and returns to the list, then a second Escape closes', async () => {
    const dddk = controller();
    const { palette, opener } = await page(dddk);
    palette.items = [{ id: 'one', name: 'One', actions: [{ kind: 'copy', text: '1' }] }];
    palette.open();
    await palette.updateComplete;
    const rendered = renderSurface(dddk, form, { placement: 'palette' });
    const surface = await placedIn(palette);
    await until(() => surface.shadowRoot!.activeElement?.tagName === 'INPUT', 'focus in the first field');
    await sendKeys({ type: 'draft' });
    await sendKeys({ press: 'Escape' });
    const result = await rendered.result;
    expect(result.action).to.deep.equal({ type: 'cancel' });
    expect(result.data).to.deep.equal({ name: 'draft' });
    await palette.updateComplete;
    expect(palette.isOpen, 'Esc only stepped back').to.equal(true);
    expect(surfaceIn(palette)).to.equal(null);
    expect(listbox(palette).hidden).to.equal(false);
    expect(palette.shadowRoot!.activeElement?.id).to.equal('palette-input');
    await sendKeys({ press: 'Escape' });
    await until(() => !palette.isOpen, 'the palette to close');
    expect(document.activeElement).to.equal(opener);
  });

  it('cancels the surface from the back button and when the palette is closed', async () => {
    const dddk = controller();
    const { palette } = await page(dddk);
    const first = renderSurface(dddk, form, { placement: 'palette' });
    await placedIn(palette);
    palette.shadowRoot!.querySelector<HTMLButtonElement>('[part~="back-button"]')!.click();
    expect((await first.result).action.type).to.equal('cancel');
    const second = renderSurface(dddk, form, { placement: 'palette' });
    await placedIn(palette);
    palette.close();
    expect((await second.result).action.type).to.equal('cancel');
    await palette.updateComplete;
    expect(surfaceIn(palette)).to.equal(null);
  });

  it('shows the surface in an inline palette too', async () => {
    const dddk = controller();
    const { palette } = await page(dddk, true);
    const rendered = renderSurface(dddk, form, { placement: 'palette' });
    await placedIn(palette);
    rendered.close();
    expect((await rendered.result).action.type).to.equal('cancel');
    await until(() => surfaceIn(palette) === null, 'the surface to go away');
  });
});

describe('placed surfaces without a subtitle bar or palette', () => {
  for (const slot of ['subtitle', 'palette'] as const) {
    it(`float in a <dddk-placements> for the ${slot} slot and still resolve`, async () => {
      const dddk = controller();
      const rendered = renderSurface(dddk, form, { placement: slot });
      const found = () => document.querySelector('dddk-placements')?.shadowRoot?.querySelector<DddkSurface>(`[part~="slot-${slot}"] dddk-surface`);
      await until(() => found()?.shadowRoot?.querySelector('[part~="piece-button"]') != null, `the floating ${slot} surface`);
      found()!.shadowRoot!.querySelector<HTMLButtonElement>('[part~="piece-button"]')!.click();
      expect((await rendered.result).action.type).to.equal('submit');
    });
  }
});

describe('<dddk-palette> with a placed surface is accessible (axe-core)', () => {
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('passes with a surface in the result area', async () => {
    const dddk = controller();
    const { palette } = await page(dddk);
    const rendered = renderSurface(dddk, form, { placement: 'palette' });
    await placedIn(palette);
    await expect(palette).to.be.accessible();
    rendered.close();
    await rendered.result;
  });
});
