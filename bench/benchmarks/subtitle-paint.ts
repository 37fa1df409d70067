// How soon a streamed delta is on screen: `subtitle.append(delta)` to the end of the first frame
// painted after <dddk-subtitle> rendered it, in headless Chromium (rAF, then a posted message that
// runs once that frame is rendered). Deltas arrive at evenly spread moments of a frame, so about half
// a frame of waiting is in every sample; the element's own work is printed apart. The element and
// the controller are bundled from source with esbuild (production Lit), not the built drop-in.
import { fileURLToPath } from 'node:url';
import { runInChromium } from '../browser/chromium.js';
import { formatNumber, median } from '../stats.js';
import type { PaintSamples } from '../subtitle/paint-entry.js';
import type { Benchmark } from '../types.js';

const DELTAS_PER_ROUND = 300;
const FRAME_MS = 1000 / 60;

const benchmark: Benchmark = {
  title: `Subtitle paint: ${DELTAS_PER_ROUND} streamed deltas, append() to the next painted frame`,
  async run({ rounds }) {
    const samples = await runInChromium<PaintSamples>(fileURLToPath(new URL('../subtitle/paint-entry.ts', import.meta.url)), {
      rounds,
      deltasPerRound: DELTAS_PER_ROUND,
    });
    // The wait for the next frame dominates; the DOM update is the part the element controls.
    console.log(`  append() → text in the DOM: median ${formatNumber(median(samples.toDom))} ms per delta`);
    console.log(`  painted in the first frame after arriving: ${(median(samples.nextFrameShare) * 100).toFixed(1)}% of deltas`);
    return [
      {
        id: 'subtitle-paint',
        unit: 'ms/delta',
        peerName: 'one frame at 60 Hz',
        environment: 'chromium',
        ours: samples.toPaint,
        peer: samples.toPaint.map(() => Number(FRAME_MS.toFixed(1))),
      },
    ];
  },
};

export default benchmark;
