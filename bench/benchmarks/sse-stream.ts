// Our SSE stream client against the official `openai` client, both reading the same mock-server
// stream of 10,000 small deltas: time per delta, in Node and in Chromium.
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { startMockLLM } from '../../test/support/mock-llm/server.js';
import { runInChromium } from '../browser/chromium.js';
import { benchDeltas, measureBothSides, type SideSamples } from '../sse/clients.js';
import type { Benchmark } from '../types.js';

const DELTA_COUNT = 10_000;
const WRITE_BYTES = 256;
const PEER = 'openai (npm) 6.30.1';

const benchmark: Benchmark = {
  title: `SSE stream client: ${DELTA_COUNT.toLocaleString('en')} small deltas from the mock server`,
  async run({ rounds }) {
    const mock = await startMockLLM();
    const deltas = benchDeltas(DELTA_COUNT);
    // One scripted answer per read: a warm-up plus `rounds` for each side. 256-byte writes put about one
    // event in each, as a model server flushing token by token does.
    const queue = () => Array.from({ length: rounds + 1 }, () => ({ deltas, chunkSize: WRITE_BYTES }));
    try {
      mock.script('node-ours', queue());
      mock.script('node-peer', queue());
      const inNode = await measureBothSides(rounds, DELTA_COUNT, (side) => mock.openAIBaseURL(`node-${side}`), () => performance.now());

      mock.script('chromium-ours', queue());
      mock.script('chromium-peer', queue());
      const inChromium = await runInChromium<SideSamples>(fileURLToPath(new URL('../sse/browser-entry.ts', import.meta.url)), {
        rounds,
        deltaCount: DELTA_COUNT,
        baseURLs: { ours: mock.openAIBaseURL('chromium-ours'), peer: mock.openAIBaseURL('chromium-peer') },
      });

      return [
        { id: 'sse-stream', unit: 'µs/delta', peerName: PEER, environment: 'node', ...inNode },
        { id: 'sse-stream-chromium', unit: 'µs/delta', peerName: PEER, environment: 'chromium', ...inChromium },
      ];
    } finally {
      await mock.close();
    }
  },
};

export default benchmark;
