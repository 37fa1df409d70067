import { expect, html, oneEvent } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { createPaletteContextModel, type PaletteContextModel } from '../../../core/palette/context/index.js';
import { AREA_PICKER_TAG, pinnableElement } from '../../../core/page/context-capture/index.js';
import type { DddkCaptureEndEvent } from '../../../elements/events/capture-end.js';
import { DddkContextChips, defineContextChips } from '../../../elements/palette-context/context-chips.js';
import { loadContextChips } from '../../../elements/palette-context/lazy-context-chips.js';
import { mount, tick, unmountAll, until } from './support.js';

defineContextChips();



async function pngFile(name: string, width = 8, height = 4): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.fillRect(0, 0, width, height);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

function parts(element: DddkContextChips) {
  const root = element.shadowRoot!;
  return {
    chips: [...root.querySelectorAll<HTMLElement>('[part~="chip"]')],
    list: root.querySelector<HTMLElement>('[part~="chips"]')!,
    removeButtons: [...root.querySelectorAll<HTMLButtonElement>('[part~="chip-remove"]')],
    attach: root.querySelector<HTMLButtonElement>('[part~="attach-button"]')!,
    capture: root.querySelector<HTMLButtonElement>('[part~="capture-button"]')!,
    fileInput: root.querySelector<HTMLInputElement>('input[type="file"]')!,
    live: root.querySelector<HTMLElement>('[role="status"]')!,
  };
}

async function chipsFor(model: PaletteContextModel, locale = 'en'): Promise<DddkContextChips> {
  const element = mount<DddkContextChips>(html`<dddk-context-chips .model=${model} locale=${locale}></dddk-context-chips>`);
  await element.updateComplete;
  return element;
}

async function upload(element: DddkContextChips, ...files: File[]): Promise<void> {
  const input = parts(element).fileInput;
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change'));
}

afterEach(() => {
  unmountAll();
  document.querySelector(AREA_PICKER_TAG)?.remove();
});

/** Drags over the area picker with pointer events dispatched from the page (a hidden runner page acknowledges no real input). */
function drag(from: [number, number], to: [number, number]): void {
  const surface = document.querySelector(AREA_PICKER_TAG)!.shadowRoot!.querySelector('.surface')!;
  const fire = (type: string, [x, y]: [number, number]) =>
    surface.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, button: 0, pointerId: 1, isPrimary: true, bubbles: true, composed: true }));
  fire('pointerdown', from);
  fire('pointermove', to);
  fire('pointerup', to);
}

describe('<dddk-context-chips> renders the model', () => {
  it('shows no chip and two named buttons when empty', async () => {
    const element = await chipsFor(createPaletteContextModel());
    const { list, chips, attach, capture } = parts(element);
    expect(chips).to.have.length(0);
    expect(list.hidden).to.equal(true);
    expect(attach.getAttribute('aria-label')).to.equal('Attach an image');
    expect(capture.getAttribute('aria-label')).to.equal('Capture an area of the page');
    expect(element.hasAttribute('data-html2canvas-ignore')).to.equal(true);
  });

  it('shows each chip as text with a named remove button, and announces changes', async () => {
    const model = createPaletteContextModel();
    const element = await chipsFor(model);
    const target = mount(html`<h2>Grove <b>plan</b></h2>`);
    model.setSelection('<img src=x onerror="window.__hacked = true"> a very long selected sentence that will be cut');
    model.pinElement(pinnableElement(target));
    await element.updateComplete;
    const { chips, removeButtons, live } = parts(element);
    expect(chips.map((chip) => chip.getAttribute('part'))).to.deep.equal(['chip chip-selection', 'chip chip-element']);
    const label = chips[0]!.querySelector('[part~="chip-label"]')!;
    expect(label.textContent).to.contain('<img src=x', 'the selection renders as text');
    expect(label.textContent!.endsWith('…')).to.equal(true);
    expect(element.shadowRoot!.querySelector('img')).to.equal(null);
    expect(removeButtons.map((button) => button.getAttribute('aria-label'))).to.deep.equal([
      `Remove Selected text “${label.textContent!.replace('Selected text: ', '')}”`,
      'Remove Element “Grove plan”',
    ]);
    expect(live.textContent).to.equal('Added: Element “Grove plan”');
  });

  it('strikes out a pinned element once it leaves the page', async () => {
    const model = createPaletteContextModel();
    const element = await chipsFor(model);
    const target = mount(html`<button>Delete row</button>`);
    model.pinElement(pinnableElement(target));
    target.remove();
    await until(() => parts(element).chips[0]?.getAttribute('part') === 'chip chip-element chip-gone');
    await element.updateComplete;
    expect(parts(element).chips[0]!.textContent).to.contain('no longer on the page');
    expect(parts(element).live.textContent).to.equal('Element “Delete row” is no longer on the page and will not be sent');
  });

  it('adds uploaded images with a thumbnail, and an error chip for a file that is not an image', async () => {
    const model = createPaletteContextModel();
    const element = await chipsFor(model);
    await upload(element, await pngFile('plan.png'), new File(['just text'], 'notes.txt', { type: 'text/plain' }));
    await until(() => model.chips.length === 2 && model.state.pending === 0);
    await element.updateComplete;
    const { chips, fileInput } = parts(element);
    expect(chips.map((chip) => chip.getAttribute('part'))).to.deep.equal(['chip chip-image', 'chip chip-error']);
    const thumbnail = chips[0]!.querySelector('img')!;
    expect(thumbnail.getAttribute('alt')).to.equal('');
    expect(thumbnail.src.startsWith('data:image/png;base64,')).to.equal(true);
    expect(chips[1]!.textContent).to.contain('notes.txt is not a PNG, JPEG, WebP or GIF image');
    expect(fileInput.value).to.equal('', 'the input is reset so the same file can be chosen again');
    expect(model.toContext().images).to.have.length(1);
  });

  it('the attach button opens the file input', async () => {
    const element = await chipsFor(createPaletteContextModel());
    const { attach, fileInput } = parts(element);
    let opened = false;
    fileInput.addEventListener('click', (event) => {
      opened = true;
      event.preventDefault();
    });
    attach.click();
    expect(opened).to.equal(true);
  });

  it('removes a chip with its button and moves focus to the next one, then to the first action', async () => {
    const model = createPaletteContextModel();
    model.setSelection('First');
    model.reportError('capture-failed');
    const element = await chipsFor(model);
    parts(element).removeButtons[0]!.focus();
    await sendKeys({ press: 'Enter' });
    await element.updateComplete;
    expect(model.chips.map((chip) => chip.kind)).to.deep.equal(['error']);
    expect(element.shadowRoot!.activeElement).to.equal(parts(element).removeButtons[0]);
    expect(parts(element).live.textContent).to.equal('Removed: Selected text “First”');
    await sendKeys({ press: 'Enter' });
    await element.updateComplete;
    expect(model.chips).to.have.length(0);
    expect(element.shadowRoot!.activeElement).to.equal(parts(element).attach);
  });

  it('speaks Traditional Chinese', async () => {
    const model = createPaletteContextModel();
    model.setSelection('方案');
    const element = await chipsFor(model, 'zh-TW');
    expect(parts(element).attach.getAttribute('aria-label')).to.equal('附加圖片');
    expect(parts(element).removeButtons[0]!.getAttribute('aria-label')).to.equal('移除 選取的文字 “方案”');
  });
});

describe('loadContextChips', () => {
  it('registers the element and hands over the model factory, once', async () => {
    const first = await loadContextChips();
    expect(await loadContextChips()).to.equal(first);
    expect(customElements.get('dddk-context-chips')).to.equal(DddkContextChips);
    const model = first.createPaletteContextModel();
    model.setSelection('Loaded lazily');
    expect(model.toContext()).to.deep.equal({ selection: 'Loaded lazily' });
  });
});

describe('<dddk-context-chips> captures an area', () => {
  it('announces the start, lets the visitor drag, adds the picture and says it was captured', async () => {
    mount(html`<div style="position: fixed; left: 40px; top: 40px; width: 200px; height: 100px; background: rgb(0, 128, 0)"></div>`);
    const model = createPaletteContextModel();
    const element = await chipsFor(model);
    const started = oneEvent(element, 'dddk-capture-start');
    const ended = oneEvent(element, 'dddk-capture-end') as Promise<DddkCaptureEndEvent>;
    parts(element).capture.click();
    await started;
    await until(() => document.querySelector(AREA_PICKER_TAG) !== null);
    await tick();
    drag([40, 40], [240, 140]);
    expect((await ended).detail.outcome).to.equal('captured');
    const chip = model.chips[0]!;
    expect(chip.kind === 'image' && chip.source).to.equal('capture');
    await element.updateComplete;
    expect(parts(element).chips[0]!.textContent).to.contain('Screenshot');
    expect(element.shadowRoot!.activeElement).to.equal(parts(element).capture, 'focus comes back to the capture button');
  });

  it('works from inside a modal dialog, as in the palette', async () => {
    const model = createPaletteContextModel();
    const dialog = mount<HTMLDialogElement>(html`<dialog><dddk-context-chips .model=${model} locale="en"></dddk-context-chips></dialog>`);
    dialog.showModal();
    const element = dialog.querySelector('dddk-context-chips')!;
    await element.updateComplete;
    const ended = oneEvent(element, 'dddk-capture-end') as Promise<DddkCaptureEndEvent>;
    parts(element).capture.click();
    await until(() => document.querySelector(AREA_PICKER_TAG) !== null);
    await tick();
    const picker = document.querySelector(AREA_PICKER_TAG)!.shadowRoot!.querySelector('dialog')!;
    expect(picker.matches(':modal')).to.equal(true);
    await sendKeys({ press: 'Enter' });
    expect((await ended).detail.outcome).to.equal('captured', 'the keyboard reaches the picker above the dialog');
    expect(model.chips[0]!.kind).to.equal('image');
    expect(dialog.open).to.equal(true);
    dialog.close();
  });

  it('adds nothing when the visitor presses Esc', async () => {
    const model = createPaletteContextModel();
    const element = await chipsFor(model);
    const ended = oneEvent(element, 'dddk-capture-end') as Promise<DddkCaptureEndEvent>;
    parts(element).capture.click();
    await until(() => document.querySelector(AREA_PICKER_TAG) !== null);
    await tick();
    await sendKeys({ press: 'Escape' });
    expect((await ended).detail.outcome).to.equal('cancelled');
    expect(model.chips).to.have.length(0);
  });
});

describe('<dddk-context-chips> accessibility (axe-core)', () => {
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('passes with no chips', async () => {
    const element = await chipsFor(createPaletteContextModel());
    await expect(element).to.be.accessible();
  });

  it('passes with a selection chip', async () => {
    const model = createPaletteContextModel();
    model.setSelection('The Grove plan costs $12 a month and includes support.');
    await expect(await chipsFor(model)).to.be.accessible();
  });

  it('passes with a live and a gone element chip', async () => {
    const model = createPaletteContextModel();
    const kept = mount(html`<button>Keep</button>`);
    const removed = mount(html`<button>Drop</button>`);
    model.pinElement(pinnableElement(kept));
    model.pinElement(pinnableElement(removed));
    removed.remove();
    await until(() => model.chips.some((chip) => chip.kind === 'element' && chip.gone));
    await expect(await chipsFor(model)).to.be.accessible();
  });

  it('passes with image chips (upload and capture)', async () => {
    const model = createPaletteContextModel();
    await model.addImageFile(await pngFile('plan.png'));
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 4;
    model.addImageUrl(canvas.toDataURL('image/png'), { source: 'capture' });
    const element = await chipsFor(model);
    expect(parts(element).chips).to.have.length(2);
    await expect(element).to.be.accessible();
  });

  it('passes with error chips and an image being read', async () => {
    const model = createPaletteContextModel({ maxImages: 1 });
    await model.addImageFile(new File(['%PDF'], 'report.pdf'));
    model.reportError('capture-failed', { detail: 'tainted canvas' });
    let finish: (url: string | null) => void = () => {};
    const capturing = model.captureImage(() => new Promise((resolve) => (finish = resolve)));
    const element = await chipsFor(model);
    expect(parts(element).chips.at(-1)!.getAttribute('part')).to.equal('chip chip-pending');
    await expect(element).to.be.accessible();
    finish(null);
    await capturing;
  });
});
