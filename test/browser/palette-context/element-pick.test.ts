import { expect, html, oneEvent } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { ELEMENT_PICKER_TAG, isKitElement, pickableElements, pickElement } from '../../../core/page/context-capture/index.js';
import { createPaletteContextModel } from '../../../core/palette/context/index.js';
import type { DddkPickEndEvent } from '../../../elements/events/pick-end.js';
import { DddkContextChips, defineContextChips } from '../../../elements/palette-context/context-chips.js';
import { mount, tick, unmountAll, until } from './support.js';

defineContextChips();

const picker = () => document.querySelector(ELEMENT_PICKER_TAG);

function overlay() {
  const root = picker()!.shadowRoot!;
  return {
    dialog: root.querySelector('dialog')!,
    surface: root.querySelector<HTMLElement>('.surface')!,
    frame: root.querySelector<HTMLElement>('.frame')!,
    tag: root.querySelector<HTMLElement>('.tag')!,
    live: root.querySelector<HTMLElement>('[role="status"]')!,
  };
}

/**
 * Points at and clicks a spot of the overlay with events dispatched from the page, not through the
 * browser's input: the runner keeps one of its two pages hidden, and a hidden page acknowledges no real input.
 */
async function pointAt(x: number, y: number): Promise<void> {
  overlay().surface.dispatchEvent(new PointerEvent('pointermove', { clientX: x, clientY: y, pointerId: 1, isPrimary: true, bubbles: true, composed: true }));
  // Hit tests while the pointer moves are spaced out; the last point is always tested.
  await tick(60);
}
function clickAt(x: number, y: number): void {
  const { surface } = overlay();
  surface.dispatchEvent(new PointerEvent('pointerdown', { clientX: x, clientY: y, button: 0, buttons: 1, pointerId: 1, isPrimary: true, bubbles: true, composed: true, cancelable: true }));
  surface.dispatchEvent(new PointerEvent('pointerup', { clientX: x, clientY: y, button: 0, pointerId: 1, isPrimary: true, bubbles: true, composed: true }));
  surface.dispatchEvent(new MouseEvent('click', { clientX: x, clientY: y, button: 0, bubbles: true, composed: true, cancelable: true }));
}

function centre(element: Element): [number, number] {
  const rect = element.getBoundingClientRect();
  return [rect.left + rect.width / 2, rect.top + rect.height / 2];
}

/** A page component with an open shadow root, and a stand-in for one of the kit's own elements. */
class PageWidget extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML = '<button id="inner">Inner action</button>';
  }
}
class KitStandIn extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML = '<button>Kit button</button><p>Kit text</p>';
  }
}
customElements.define('page-widget', PageWidget);
customElements.define('dddk-stand-in', KitStandIn);

afterEach(() => {
  unmountAll();
  picker()?.remove();
});

describe('pickableElements', () => {
  it('lists landmarks, headings, interactive elements and text in document order, never the kit, hidden or inline parts', () => {
    const box = mount(html`<div>
      <main id="main">
        <h2 id="title">Plans</h2>
        <p id="para">Grove costs <b>$8</b> a member</p>
        <button id="buy">Buy</button>
        <div id="loose">Loose text</div>
        <div hidden><button>Hidden</button></div>
        <div style="display: none"><p>Not shown</p></div>
        <dddk-stand-in><button>Kit light child</button></dddk-stand-in>
        <page-widget id="widget"></page-widget>
        <ul><li id="item">One item</li></ul>
      </main>
    </div>`);
    const stops = pickableElements().filter((element) => box.contains(element) || (element.getRootNode() as ShadowRoot).host?.id === 'widget');
    expect(stops.map((element) => element.id)).to.deep.equal(['main', 'title', 'para', 'buy', 'loose', 'inner', 'item']);
    expect(pickableElements().some(isKitElement)).to.equal(false);
  });

  it('tells the kit’s own elements through shadow roots', () => {
    const kit = mount(html`<dddk-stand-in></dddk-stand-in>`);
    expect(isKitElement(kit)).to.equal(true);
    expect(isKitElement(kit.shadowRoot!.querySelector('button')!)).to.equal(true);
    expect(isKitElement(document.body)).to.equal(false);
  });
});

describe('pickElement', () => {
  it('outlines the element under the pointer with its description, and a click picks it', async () => {
    const box = mount(html`<div style="position: fixed; left: 40px; top: 80px; width: 400px">
      <p id="intro">Grove plan details</p>
      <button id="delete" style="width: 160px; height: 40px">Delete row</button>
    </div>`);
    const picking = pickElement({ label: 'Pick one', instructions: 'Click an element.' });
    await tick();
    const host = picker()!;
    expect(host.hasAttribute('data-html2canvas-ignore')).to.equal(true);
    const { dialog, frame, tag, live } = overlay();
    expect(dialog.matches(':modal')).to.equal(true);
    expect(dialog.getAttribute('aria-label')).to.equal('Pick one');
    expect(frame.hidden, 'nothing is outlined before the pointer moves').to.equal(true);

    const button = box.querySelector('#delete')!;
    await pointAt(...centre(button));
    expect(frame.hidden).to.equal(false);
    expect(tag.textContent).to.equal('button “Delete row”');
    expect(live.textContent).to.equal('button “Delete row”');
    const rect = button.getBoundingClientRect();
    expect([frame.offsetWidth, frame.offsetHeight]).to.deep.equal([Math.round(rect.width), Math.round(rect.height)]);

    await pointAt(...centre(box.querySelector('#intro')!));
    expect(tag.textContent, 'an element without a role is told by its text').to.equal('Grove plan details');

    clickAt(...centre(button));
    expect(await picking).to.equal(button);
    expect(picker(), 'the overlay is removed').to.equal(null);
  });

  it('reaches into a page component’s shadow root', async () => {
    const widget = mount(html`<page-widget style="position: fixed; left: 20px; top: 20px"></page-widget>`);
    const picking = pickElement();
    await tick();
    const inner = widget.shadowRoot!.querySelector('#inner')!;
    clickAt(...centre(inner));
    expect(await picking).to.equal(inner);
  });

  it('never offers the kit’s own elements: it outlines what lies under them, and a click on them alone picks nothing', async () => {
    const box = mount(html`<div>
      <p id="under" style="position: fixed; left: 0; top: 200px; width: 300px; height: 60px; margin: 0">Under the bar</p>
      <dddk-stand-in style="position: fixed; left: 0; top: 200px; width: 300px; display: block"></dddk-stand-in>
      <dddk-stand-in id="alone" style="position: fixed; left: 500px; top: 400px; display: block"></dddk-stand-in>
    </div>`);
    const picking = pickElement();
    await tick();
    const kitButton = box.querySelector('dddk-stand-in')!.shadowRoot!.querySelector('button')!;
    const [x, y] = centre(kitButton);
    expect(document.elementsFromPoint(x, y).some(isKitElement), 'the kit element is on top there').to.equal(true);
    await pointAt(x, y);
    expect(overlay().tag.textContent).to.equal('Under the bar');

    const alone = box.querySelector('#alone')!.shadowRoot!.querySelector('button')!;
    clickAt(...centre(alone));
    await tick();
    expect(picker(), 'a click on the kit alone does not end the pick').to.exist;

    clickAt(x, y);
    expect(await picking).to.equal(box.querySelector('#under'));
  });

  it('steps through the page with the arrow keys and Tab, announcing each element, and Enter picks', async () => {
    const box = mount(html`<section aria-label="Billing">
      <h2 id="heading">Billing</h2>
      <a id="link" href="#plans">See plans</a>
      <button id="last">Cancel subscription</button>
    </section>`);
    const picking = pickElement();
    await tick();
    const { live, tag } = overlay();
    await sendKeys({ press: 'End' });
    expect(live.textContent).to.equal('button “Cancel subscription”');
    await sendKeys({ press: 'ArrowUp' });
    expect(live.textContent).to.equal('link “See plans”');
    await sendKeys({ press: 'ArrowLeft' });
    expect(live.textContent).to.equal('heading “Billing”');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowRight' });
    expect(live.textContent).to.equal('button “Cancel subscription”');
    await sendKeys({ press: 'Tab' });
    expect(live.textContent, 'Tab past the last element wraps to the first').not.to.equal('button “Cancel subscription”');
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(live.textContent).to.equal('button “Cancel subscription”');
    expect(tag.textContent).to.equal(live.textContent);
    expect(picker()!.shadowRoot!.activeElement, 'focus stays in the picker').to.equal(overlay().dialog);
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'Enter' });
    expect(await picking).to.equal(box.querySelector('#link'));
  });

  it('continues from the pointed element with the keyboard, and a pointer that did not move does not take the outline back', async () => {
    const box = mount(html`<div style="position: fixed; left: 20px; top: 20px">
      <button id="first">First</button>
      <button id="second">Second</button>
    </div>`);
    const picking = pickElement();
    await tick();
    const spot = centre(box.querySelector('#first')!);
    await pointAt(...spot);
    expect(overlay().live.textContent).to.equal('button “First”');
    await sendKeys({ press: 'ArrowDown' });
    expect(overlay().live.textContent).to.equal('button “Second”');
    await pointAt(...spot);
    expect(overlay().live.textContent).to.equal('button “Second”');
    await sendKeys({ press: 'Enter' });
    expect(await picking).to.equal(box.querySelector('#second'));
  });

  it('Esc cancels, before or after something is outlined, and focus goes back to the opener', async () => {
    const box = mount(html`<div><button id="opener">Open</button><button style="position: fixed; left: 10px; top: 10px">Target</button></div>`);
    const opener = box.querySelector<HTMLButtonElement>('#opener')!;
    opener.focus();
    const picking = pickElement();
    await tick();
    await pointAt(...centre(box.querySelectorAll('button')[1]!));
    expect(overlay().live.textContent).to.equal('button “Target”');
    await sendKeys({ press: 'Escape' });
    expect(await picking).to.equal(null);
    expect(picker()).to.equal(null);
    expect(document.activeElement).to.equal(opener);
  });

  it('resolves null when its signal aborts, or was aborted already', async () => {
    const controller = new AbortController();
    const picking = pickElement({ signal: controller.signal });
    await tick();
    controller.abort();
    expect(await picking).to.equal(null);
    expect(picker()).to.equal(null);
    expect(await pickElement({ signal: controller.signal })).to.equal(null);
    expect(picker()).to.equal(null);
  });
});

function chipsParts(element: DddkContextChips) {
  const root = element.shadowRoot!;
  return {
    chips: [...root.querySelectorAll<HTMLElement>('[part~="chip"]')],
    pin: root.querySelector<HTMLButtonElement>('[part~="pin-button"]')!,
    actions: root.querySelector<HTMLElement>('[part~="actions"]')!,
  };
}

async function chipsWith(model = createPaletteContextModel(), attributes = ''): Promise<DddkContextChips> {
  const element = mount<DddkContextChips>(html`<dddk-context-chips .model=${model} locale="en"></dddk-context-chips>`);
  for (const name of attributes.split(' ').filter(Boolean)) element.setAttribute(name, '');
  await element.updateComplete;
  return element;
}

describe('<dddk-context-chips> "pin an element"', () => {
  it('has a named button, hidden by no-pin, in English and Traditional Chinese', async () => {
    const element = await chipsWith();
    expect(chipsParts(element).pin.getAttribute('aria-label')).to.equal('Pin an element');
    expect(chipsParts(element).pin.hidden).to.equal(false);
    element.locale = 'zh-TW';
    await element.updateComplete;
    expect(chipsParts(element).pin.getAttribute('aria-label')).to.equal('釘選頁面元素');
    const bare = await chipsWith(createPaletteContextModel(), 'no-pin no-upload no-capture');
    expect(chipsParts(bare).pin.hidden).to.equal(true);
    expect(chipsParts(bare).actions.hidden, 'no buttons left, no actions row').to.equal(true);
  });

  it('pins the element the visitor clicks, and its chip turns gone when the element is removed', async () => {
    const model = createPaletteContextModel();
    const element = await chipsWith(model);
    const target = mount(html`<button style="position: fixed; left: 300px; top: 300px">Archive project</button>`);
    const started = oneEvent(element, 'dddk-pick-start');
    const ended = oneEvent(element, 'dddk-pick-end') as Promise<DddkPickEndEvent>;
    chipsParts(element).pin.click();
    await started;
    await until(() => picker() !== null);
    await tick();
    expect(overlay().dialog.getAttribute('aria-label')).to.equal('Choose an element to pin');
    clickAt(...centre(target));
    expect((await ended).detail.outcome).to.equal('picked');
    expect(model.toContext().elements).to.deep.equal(['button "Archive project"']);
    await element.updateComplete;
    expect(chipsParts(element).chips.map((chip) => chip.getAttribute('part'))).to.deep.equal(['chip chip-element']);
    expect(element.shadowRoot!.activeElement, 'focus comes back to the pin button').to.equal(chipsParts(element).pin);

    target.remove();
    await until(() => chipsParts(element).chips[0]?.getAttribute('part') === 'chip chip-element chip-gone');
    expect(model.toContext()).to.deep.equal({});
  });

  it('pins from the keyboard, from inside a modal dialog as in the palette', async () => {
    const model = createPaletteContextModel();
    const dialog = mount<HTMLDialogElement>(html`<dialog><dddk-context-chips .model=${model} locale="en"></dddk-context-chips></dialog>`);
    const target = mount(html`<p>Quarterly totals</p>`);
    dialog.showModal();
    const element = dialog.querySelector('dddk-context-chips')!;
    await element.updateComplete;
    const ended = oneEvent(element, 'dddk-pick-end') as Promise<DddkPickEndEvent>;
    chipsParts(element).pin.click();
    await until(() => picker() !== null);
    await tick();
    await sendKeys({ press: 'End' });
    expect(overlay().live.textContent).to.equal('Quarterly totals');
    await sendKeys({ press: 'Enter' });
    expect((await ended).detail.outcome).to.equal('picked');
    expect(model.chips[0]!.kind === 'element' && model.chips[0]!.description.excerpt).to.equal('Quarterly totals');
    expect(dialog.open).to.equal(true);
    dialog.close();
    target.remove();
  });

  it('pins nothing when the visitor presses Esc', async () => {
    const model = createPaletteContextModel();
    const element = await chipsWith(model);
    const ended = oneEvent(element, 'dddk-pick-end') as Promise<DddkPickEndEvent>;
    chipsParts(element).pin.click();
    await until(() => picker() !== null);
    await tick();
    await sendKeys({ press: 'Escape' });
    expect((await ended).detail.outcome).to.equal('cancelled');
    expect(model.chips).to.have.length(0);
  });
});

describe('element picking accessibility (axe-core)', () => {
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('passes with the picker open and an element outlined', async () => {
    const box = mount(html`<button style="position: fixed; left: 30px; top: 30px">Outlined</button>`);
    const picking = pickElement();
    await tick();
    await pointAt(...centre(box));
    expect(overlay().live.textContent).to.equal('button “Outlined”');
    await expect(picker()).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    expect(await picking).to.equal(null);
  });

  it('passes with an element chip pinned through the picker', async () => {
    const model = createPaletteContextModel();
    const element = await chipsWith(model);
    const target = mount(html`<h3 style="position: fixed; left: 200px; top: 360px; margin: 0">Usage this month</h3>`);
    const ended = oneEvent(element, 'dddk-pick-end');
    chipsParts(element).pin.click();
    await until(() => picker() !== null);
    await tick();
    clickAt(...centre(target));
    await ended;
    await element.updateComplete;
    expect(chipsParts(element).chips).to.have.length(1);
    await expect(element).to.be.accessible();
  });
});
