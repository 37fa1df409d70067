import { expect, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { AREA_PICKER_TAG, captureRectangle, pickRectangle } from '../../../core/page/context-capture/index.js';
import { mount, tick, unmountAll } from './support.js';

const picker = () => document.querySelector(AREA_PICKER_TAG);

afterEach(() => {
  unmountAll();
  picker()?.remove();
});

/**
 * Drags over the overlay with pointer events. Dispatched from the page, not through the browser's
 * input: the runner keeps one of its two pages hidden, and a hidden page never acknowledges real input.
 */
function drag(points: Array<[number, number]>): void {
  const surface = picker()!.shadowRoot!.querySelector('.surface')!;
  const fire = (type: string, [x, y]: [number, number]) =>
    surface.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, button: 0, buttons: type === 'pointerup' ? 0 : 1, pointerId: 1, isPrimary: true, bubbles: true, composed: true }));
  fire('pointerdown', points[0]!);
  for (const point of points.slice(1)) fire('pointermove', point);
  fire('pointerup', points.at(-1)!);
}

/** The size and the colour at a few points of a data URL picture. */
async function inspect(url: string) {
  const image = new Image();
  // onload, not decode(): decode() waits for a frame, and a page the runner keeps hidden gets none.
  await new Promise((resolve, reject) => {
    image.onload = resolve;
    image.onerror = () => reject(new Error('the picture does not load'));
    image.src = url;
  });
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d')!;
  context.drawImage(image, 0, 0);
  const at = (fx: number, fy: number) => [...context.getImageData(Math.floor(canvas.width * fx), Math.floor(canvas.height * fy), 1, 1).data.slice(0, 3)];
  return { width: image.naturalWidth, height: image.naturalHeight, at };
}

describe('pickRectangle', () => {
  it('shows a modal overlay left out of screenshots, and resolves the rectangle dragged with the mouse', async () => {
    const picking = pickRectangle({ label: 'Pick an area', instructions: 'Drag to draw.' });
    await tick();
    const host = picker()!;
    expect(host).to.exist;
    expect(host.hasAttribute('data-html2canvas-ignore')).to.equal(true);
    const dialog = host.shadowRoot!.querySelector('dialog')!;
    expect(dialog.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true);
    expect(dialog.getAttribute('aria-label')).to.equal('Pick an area');
    expect(host.shadowRoot!.querySelector('.hint')!.textContent).to.equal('Drag to draw.');

    drag([[100, 120], [200, 170], [300, 220]]);
    const rect = await picking;
    expect(rect).to.be.instanceOf(DOMRect);
    expect([rect!.x, rect!.y, rect!.width, rect!.height]).to.deep.equal([100, 120, 200, 100]);
    expect(picker(), 'the overlay is removed').to.equal(null);
  });

  it('draws the same rectangle when dragged up and to the left', async () => {
    const picking = pickRectangle();
    await tick();
    drag([[300, 220], [100, 120]]);
    const rect = (await picking)!;
    expect([rect.x, rect.y, rect.width, rect.height]).to.deep.equal([100, 120, 200, 100]);
  });

  it('ignores a click without a drag, and Esc cancels', async () => {
    const picking = pickRectangle();
    await tick();
    drag([[150, 150], [152, 151]]);
    await tick();
    expect(picker(), 'a click does not end the pick').to.exist;
    await sendKeys({ press: 'Escape' });
    expect(await picking).to.equal(null);
    expect(picker()).to.equal(null);
  });

  it('moves and resizes a starting rectangle with the arrow keys; Enter confirms', async () => {
    const width = document.documentElement.clientWidth;
    const height = document.documentElement.clientHeight;
    const picking = pickRectangle({ step: 10 });
    await tick();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ press: 'Enter' });
    const rect = (await picking)!;
    const start = { x: Math.round(width / 4), y: Math.round(height / 4), width: Math.round(width / 2), height: Math.round(height / 2) };
    expect([rect.x, rect.y, rect.width, rect.height]).to.deep.equal([start.x + 20, start.y - 10, start.width - 10, start.height + 10]);
  });

  it('keeps the keyboard rectangle inside the viewport', async () => {
    const width = document.documentElement.clientWidth;
    const picking = pickRectangle({ step: 400 });
    await tick();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'Enter' });
    const rect = (await picking)!;
    expect(rect.x + rect.width).to.equal(width);
  });

  it('passes axe-core while open', async () => {
    const picking = pickRectangle();
    await tick();
    await expect(picker()).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    expect(await picking).to.equal(null);
  });

  it('resolves null when its signal aborts', async () => {
    const controller = new AbortController();
    const picking = pickRectangle({ signal: controller.signal });
    await tick();
    controller.abort();
    expect(await picking).to.equal(null);
    expect(picker()).to.equal(null);
  });
});

describe('captureRectangle', () => {
  it('pictures the area as a PNG data URL of the same aspect, showing what is there', async () => {
    mount(html`<div style="position: fixed; left: 50px; top: 60px; width: 300px; height: 150px; display: flex">
      <div style="flex: 1; background: rgb(255, 0, 0)"></div>
      <div style="flex: 1; background: rgb(0, 0, 255)"></div>
    </div>`);
    const url = await captureRectangle({ x: 50, y: 60, width: 300, height: 150 });
    expect(url.startsWith('data:image/png;base64,')).to.equal(true);
    const picture = await inspect(url);
    expect(picture.width / picture.height).to.be.closeTo(2, 0.02);
    const [r1, , b1] = picture.at(0.25, 0.5);
    const [r2, , b2] = picture.at(0.75, 0.5);
    expect(r1).to.be.above(200);
    expect(b1).to.be.below(60);
    expect(r2).to.be.below(60);
    expect(b2).to.be.above(200);
  });

  it('scales a large area down to the longest side allowed', async () => {
    const url = await captureRectangle({ x: 0, y: 0, width: 600, height: 300 }, { maxSide: 200 });
    const picture = await inspect(url);
    expect(Math.max(picture.width, picture.height)).to.be.at.most(200);
    expect(picture.width / picture.height).to.be.closeTo(2, 0.02);
  });

  it('rejects with a reason when html2canvas cannot be had or fails', async () => {
    const missing = await captureRectangle({ x: 0, y: 0, width: 10, height: 10 }, { loadRenderer: () => Promise.reject(new Error('no chunk')) }).catch((error: Error) => error);
    expect((missing as Error).message).to.equal('no chunk');
    const broken = await captureRectangle({ x: 0, y: 0, width: 10, height: 10 }, { loadRenderer: async () => () => Promise.reject(new Error('boom')) }).catch((error: Error) => error);
    expect((broken as Error).message).to.equal('html2canvas could not render the area: boom');
    const invalid = await captureRectangle({ x: 0, y: 0, width: 0, height: 10 }).catch((error: Error) => error);
    expect((invalid as Error).message).to.match(/width and height of at least 1 px/);
  });
});
