// Bundled into the Chromium page by bench/browser/chromium.ts: the real <dddk-subtitle> on the real
// controller, fed streamed deltas one at a time through `subtitle.append()`.
import { createDddk } from '../../core/controller/create-dddk.js';
import { defineSubtitle } from '../../elements/subtitle/subtitle.js';
import type { DddkSubtitle } from '../../elements/subtitle/subtitle.component.js';

// Deltas are placed at evenly spread moments of a frame (0 to 15 ms after its start), as a network
// stream delivers them: on average half a frame of waiting for the next paint is in every sample.
const FRAME_PHASES_MS = 16;
const FRAME_MS = 1000 / 60;

export interface PaintSamples {
  /** Per round: the median ms from `append()` to the end of the first frame painted after it. */
  toPaint: number[];
  /** Per round: the median ms from `append()` to the delta's characters being in the bar's DOM. */
  toDom: number[];
  /** Per round: the share of deltas painted in the first frame after their arrival. */
  nextFrameShare: number[];
  deltasPerRound: number;
}

const NARRATION =
  'I opened the cart and found three items. The blue socks are on sale, e.g. 20% off until Friday. ' +
  'Shall I apply the coupon? 我已經打開購物車，裡面有三件商品。藍色襪子正在特價！要我套用優惠券嗎？ ' +
  'Next, I will fill in the shipping form… Name, street, city and postcode. Then I check the total: 42.50 dollars. ';

/** Model-sized deltas: 2 to 8 characters, as a token stream delivers them. */
function deltas(count: number): string[] {
  const out: string[] = [];
  let at = 0;
  for (let i = 0; out.length < count; i++) {
    const size = 2 + ((i * 7) % 7);
    const text = NARRATION.repeat(2);
    out.push(text.slice(at % NARRATION.length, (at % NARRATION.length) + size));
    at += size;
  }
  return out;
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame((frameStart) => resolve(frameStart)));

/** Resolves just after the frame of the next requestAnimationFrame has been painted. */
function afterNextPaint(): Promise<{ frameStart: number; painted: number }> {
  return new Promise((resolve) => {
    requestAnimationFrame((frameStart) => {
      // A message posted from the frame callback is handled once that frame's rendering is done.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve({ frameStart, painted: performance.now() });
      channel.port2.postMessage(undefined);
    });
  });
}

/** Holds the main thread until `time`: timers are too coarse to place a delta within a frame. */
function waitUntil(time: number): void {
  while (performance.now() < time) {
    // spin
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function run(args: { rounds: number; deltasPerRound: number }): Promise<PaintSamples> {
  defineSubtitle();
  const dddk = createDddk({ locale: 'en' });
  const element = document.createElement('dddk-subtitle') as DddkSubtitle;
  element.controller = dddk;
  document.body.append(element);
  // The bar's view loads on its first show; fetching it is a one-off, not part of a delta's paint.
  dddk.subtitle.show('Warming up.');
  await element.updateComplete;
  if (!element.shadowRoot!.querySelector('[part~="text"]')) throw new Error('the bar rendered no text after its first show');
  const text = () => element.shadowRoot!.querySelector('[part~="text"]')!.textContent ?? '';
  const stream = deltas(args.deltasPerRound);
  const toPaint: number[] = [];
  const toDom: number[] = [];

  // Round 0 warms up the JIT and the styles; it is not counted.
  const nextFrameShare: number[] = [];
  for (let round = 0; round <= args.rounds; round++) {
    dddk.subtitle.hide();
    const paint: number[] = [];
    const dom: number[] = [];
    let inNextFrame = 0;
    let shown = '';
    for (const [index, delta] of stream.entries()) {
      const frameStart = await nextFrame();
      waitUntil(frameStart + ((index * 7) % FRAME_PHASES_MS));
      const start = performance.now();
      dddk.subtitle.append(delta);
      await element.updateComplete;
      const inDom = performance.now();
      shown += delta;
      if (!text().startsWith(shown)) throw new Error(`the bar does not show the streamed text after delta ${index}`);
      const frame = await afterNextPaint();
      dom.push(inDom - start);
      paint.push(frame.painted - start);
      // The frame after the one the delta arrived in starts about one frame after that one.
      if (frame.frameStart - frameStart < 1.5 * FRAME_MS) inNextFrame++;
    }
    if (round === 0) continue;
    toPaint.push(median(paint));
    toDom.push(median(dom));
    nextFrameShare.push(inNextFrame / stream.length);
  }
  dddk.destroy();
  return { toPaint, toDom, nextFrameShare, deltasPerRound: args.deltasPerRound };
}
