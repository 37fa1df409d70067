// Bundled into the Chromium page by bench/browser/chromium.ts.
import { measureBothSides, type SideSamples } from './clients.js';

export function run(args: { rounds: number; deltaCount: number; baseURLs: { ours: string; peer: string } }): Promise<SideSamples> {
  return measureBothSides(args.rounds, args.deltaCount, (side) => args.baseURLs[side], () => performance.now());
}
