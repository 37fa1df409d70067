// The same palette, with the same items, driven from React 19 and from a Vue 3 template: the
// framework passes the controller and the items as properties and hears the palette's events; the
// palette lists and filters the items, hands free text to the controller, follows new items on a
// re-render, and leaves nothing behind when the framework unmounts it.
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { controllerPalette } from '../../../core/palette/controller-palette.js';
import { definePalette } from '../../../elements/palette/palette.js';
import { eventually } from '../../support/eventually.js';
import type { ReactPaletteHandle } from './fixtures/react-palette.js';
import type { VuePaletteHandle } from './fixtures/vue-palette.js';
import {
  FREE_TEXT,
  NEW_ITEMS,
  ORCHARD_ITEMS,
  listedNames,
  paletteIn,
  paletteTakesItems,
  pressEnter,
  recordTasks,
  typeInto,
} from './palette-probe.js';

definePalette();

const bundle = (file: string) => `/__bundle/test/browser/interop/fixtures/${file}.js`;

let controller: DddkController;
let container: HTMLElement;
let tasks: string[];

beforeEach(() => {
  controller = createDddk({ locale: 'en' });
  tasks = recordTasks(controller);
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  container.remove();
  controller.destroy();
});

interface Mounted {
  events: string[];
  rerender(items: readonly object[]): Promise<void>;
  unmount(): void;
}

const frameworks: Record<string, (items: readonly object[]) => Promise<Mounted>> = {
  'React 19': async (items) => {
    const { mountReactPalette } = (await import(bundle('react-palette.ts'))) as typeof import('./fixtures/react-palette.js');
    const handle: ReactPaletteHandle = mountReactPalette(container, { controller, items });
    return {
      events: handle.events,
      rerender: async (next) => handle.render({ controller, items: next }),
      unmount: handle.unmount,
    };
  },
  'Vue 3': async (items) => {
    const { mountVuePalette } = (await import(bundle('vue-palette.ts'))) as typeof import('./fixtures/vue-palette.js');
    const handle: VuePaletteHandle = mountVuePalette(container, controller, items);
    return { events: handle.events, rerender: handle.setItems, unmount: handle.unmount };
  },
};

for (const [framework, mount] of Object.entries(frameworks)) {
  describe(`<dddk-palette> from ${framework}`, () => {
    // The panel fades in; without motion axe measures its final colours.
    before(() => emulateMedia({ reducedMotion: 'reduce' }));
    after(() => emulateMedia({ reducedMotion: 'no-preference' }));

    it('receives the controller and the items as properties, not attributes', async () => {
      await mount(ORCHARD_ITEMS);
      const palette = paletteIn(container);
      expect(palette.controller).to.equal(controller);
      expect(palette.hasAttribute('controller'), 'the controller never becomes an attribute').to.equal(false);
      expect(palette.inline).to.equal(true);
      expect(palette.noShortcut).to.equal(true);
      if (paletteTakesItems) {
        expect((palette as unknown as { items: unknown }).items).to.deep.equal(ORCHARD_ITEMS);
        expect(palette.hasAttribute('items'), 'the items never become an attribute').to.equal(false);
      }
    });

    it('opens, and hands free text to the controller with the framework hearing dddk-submit', async () => {
      const mounted = await mount(ORCHARD_ITEMS);
      const palette = paletteIn(container);
      await palette.updateComplete;
      palette.open();
      await eventually(() => expect(mounted.events).to.include('open'));
      await typeInto(palette, FREE_TEXT);
      await pressEnter(palette);
      await eventually(() => expect(tasks).to.deep.equal([FREE_TEXT]));
      expect(mounted.events).to.include(`submit:${FREE_TEXT}`);
      await eventually(() => expect(mounted.events).to.include('close'));
    });

    it('passes axe when open', async () => {
      await mount(ORCHARD_ITEMS);
      const palette = paletteIn(container);
      await palette.updateComplete;
      palette.open();
      await palette.updateComplete;
      await expect(palette).to.be.accessible();
    });

    it('lists the items and filters them as the user types', async function () {
      if (!paletteTakesItems) this.skip();
      await mount(ORCHARD_ITEMS);
      const palette = paletteIn(container);
      palette.open();
      await eventually(() => expect(listedNames(palette)).to.have.members(ORCHARD_ITEMS.map((item) => item.name)));
      await typeInto(palette, 'pric');
      await eventually(() => {
        const names = listedNames(palette);
        expect(names).to.include('Pricing');
        expect(names).not.to.include('Contact sales');
      });
    });

    it('runs the chosen item on Enter: an agent-task item hands its task to the controller', async () => {
      const mounted = await mount(ORCHARD_ITEMS);
      const palette = paletteIn(container);
      await palette.updateComplete;
      palette.open();
      await typeInto(palette, 'tour');
      await eventually(() => expect(listedNames(palette)[0]).to.match(/^Ask for a tour/));
      await pressEnter(palette);
      await eventually(() => expect(tasks).to.deep.equal(['Give me a short tour.']));
      expect(mounted.events.filter((event) => event.startsWith('submit:')), 'choosing an item is not a free-text submit').to.deep.equal([]);
    });

    it('follows new items on a re-render', async function () {
      if (!paletteTakesItems) this.skip();
      const mounted = await mount(ORCHARD_ITEMS);
      const palette = paletteIn(container);
      palette.open();
      await eventually(() => expect(listedNames(palette)).to.include('Pricing'));
      await mounted.rerender(NEW_ITEMS);
      expect(paletteIn(container), 'the same element is updated, not replaced').to.equal(palette);
      await eventually(() => {
        expect(listedNames(palette)).to.have.members(NEW_ITEMS.map((item) => item.name));
      });
    });

    it('leaves nothing behind when unmounted: no element, no listener, no items on the controller', async () => {
      const mounted = await mount(ORCHARD_ITEMS);
      const palette = paletteIn(container);
      await palette.updateComplete;
      mounted.unmount();
      expect(container.querySelector('dddk-palette')).to.equal(null);
      expect(palette.isConnected).to.equal(false);
      const model = controllerPalette(controller) as { getItems?: () => readonly unknown[] };
      if (typeof model.getItems === 'function') expect(model.getItems(), 'the items left the controller with the element').to.deep.equal([]);

      // A palette added later for the same controller lists none of the unmounted one's items.
      const later = document.createElement('dddk-palette');
      later.inline = true;
      later.controller = controller;
      container.append(later);
      await later.updateComplete;
      later.open();
      await later.updateComplete;
      expect(listedNames(later)).to.deep.equal([]);

      // Ctrl+K with no palette on the page: the unmounted one stopped listening, so nothing opens.
      later.close();
      later.remove();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: true, bubbles: true, cancelable: true }));
      await palette.updateComplete;
      expect(controllerPalette(controller).getState().open, 'no palette listens to Ctrl+K any more').to.equal(false);
    });
  });
}
