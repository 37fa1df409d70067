import { expect } from '@open-wc/testing';
import { loadHtml2canvas } from '../../../core/page/lazy-html2canvas.js';
import { border, clearOverlays, highlight, spotlight } from '../../../core/page/overlays/index.js';
import { captureScreenshotOutcome, captureScreenshots } from '../../../core/page/screenshot/index.js';
import { $, mount, unmount } from './support.js';

async function decode(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return image;
}

async function pixel(url: string, x: number, y: number): Promise<[number, number, number]> {
  const image = await decode(url);
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const g = canvas.getContext('2d')!;
  g.drawImage(image, 0, 0);
  const [r, gr, b] = g.getImageData(x, y, 1, 1).data;
  return [r!, gr!, b!];
}

describe('screenshots', () => {
  afterEach(() => {
    clearOverlays();
    unmount();
    window.scrollTo(0, 0);
  });

  it('capture the viewport as a scaled JPEG data URL', async () => {
    mount('<h1>Orchard</h1><p>Apples and pears.</p>');
    const images = await captureScreenshots({ scale: 0.5, quality: 0.6 });
    expect(images).to.have.length(1);
    expect(images[0]).to.match(/^data:image\/jpeg;base64,/);
    const image = await decode(images[0]!);
    expect(image.naturalWidth).to.be.closeTo(document.documentElement.clientWidth * 0.5, 2);
    expect(image.naturalHeight).to.be.closeTo(document.documentElement.clientHeight * 0.5, 2);
  });

  it('capture what is in view after scrolling, in viewport and full-page modes', async () => {
    mount(`<div style="height:1500px"></div>
      <div style="position:absolute;left:0;top:1200px;width:120px;height:120px;background:rgb(0,160,0)"></div>
      <div style="height:1500px"></div>`);
    window.scrollTo(0, 1150);
    const [view] = await captureScreenshots({ scale: 1, quality: 1 });
    const [r, g, b] = await pixel(view!, 60, 110);
    expect(g).to.be.above(120);
    expect(r + b).to.be.below(80);
    const segments = await captureScreenshots({ mode: 'full-page', maxSegmentHeight: 1000, scale: 0.5, quality: 1 });
    expect(segments).to.have.length(3);
    const [r2, g2, b2] = await pixel(segments[1]!, 30, 130);
    expect(g2, 'the second segment starts at y=1000').to.be.above(120);
    expect(r2 + b2).to.be.below(80);
  });

  it('cut a full page into segments, capped by maxImages', async () => {
    mount('<div style="height:2600px;background:linear-gradient(#fff,#ccc)">tall</div>');
    const outcome = await captureScreenshotOutcome({ mode: 'full-page', maxSegmentHeight: 1000, maxImages: 2, scale: 0.25 });
    expect(outcome.skipped).to.equal(undefined);
    expect(outcome.images).to.have.length(2);
    for (const url of outcome.images) expect((await decode(url)).naturalHeight).to.be.closeTo(250, 2);
  });

  it('do not show the overlays, while showing the page under them', async () => {
    mount(`<div id="red" style="position:absolute;left:0;top:0;width:100px;height:100px;background:rgb(255,0,0)"></div>
      <div id="plain" style="position:absolute;left:200px;top:0;width:100px;height:100px;background:rgb(255,255,255)"></div>`);
    highlight($('#plain'), { color: 'rgb(0, 0, 255)' });
    border($('#plain'), { color: 'rgb(0, 0, 255)' });
    spotlight($('#red'));
    const [url] = await captureScreenshots({ scale: 1, quality: 1 });
    const [r1, g1, b1] = await pixel(url!, 50, 50);
    expect(r1, 'the page itself is captured').to.be.above(200);
    expect(g1 + b1).to.be.below(80);
    const [r2, g2, b2] = await pixel(url!, 250, 50);
    expect(Math.min(r2, g2, b2), 'no blue highlight in the picture').to.be.above(200);
  });

  it('use the host capture function instead of html2canvas', async () => {
    let loaded = false;
    const modes: string[] = [];
    const images = await captureScreenshots({
      mode: 'full-page',
      maxImages: 2,
      capture: async (mode) => {
        modes.push(mode);
        return ['data:image/png;base64,AAA', 'https://cdn.test/b.png', 'data:image/png;base64,CCC'];
      },
      loadRenderer: async () => {
        loaded = true;
        return loadHtml2canvas();
      },
    });
    expect(images).to.deep.equal(['data:image/png;base64,AAA', 'https://cdn.test/b.png']);
    expect(modes).to.deep.equal(['full-page']);
    expect(loaded).to.equal(false);
  });

  it('return [] with a reason when html2canvas is missing, throws, or capture is off', async () => {
    const missing = await captureScreenshotOutcome({ loadRenderer: () => Promise.reject(new Error('chunk 404')) });
    expect(missing).to.deep.equal({ images: [], skipped: { reason: 'unavailable', detail: 'chunk 404' } });
    const throwing = await captureScreenshotOutcome({ loadRenderer: async () => () => Promise.reject(new Error('tainted canvas')) });
    expect(throwing.images).to.deep.equal([]);
    expect(throwing.skipped?.reason).to.equal('capture_failed');
    expect(throwing.skipped?.detail).to.contain('tainted canvas');
    expect(await captureScreenshots({ loadRenderer: () => Promise.reject(new Error('x')) })).to.deep.equal([]);
    let asked = false;
    const off = await captureScreenshotOutcome({ enabled: false, loadRenderer: async () => ((asked = true), loadHtml2canvas()) });
    expect(off.skipped?.reason).to.equal('disabled');
    expect(asked).to.equal(false);
    const hostFails = await captureScreenshotOutcome({ capture: () => Promise.reject(new Error('no camera')) });
    expect(hostFails.skipped?.reason).to.equal('capture_failed');
  });
});
