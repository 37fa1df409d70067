// What the LLM proxy adds to a streamed answer, at 50 concurrent streams: time to first byte and
// per-event latency through dddk/server's proxy against the same upstream reached directly, and the
// same against a bare pipe-through proxy (node:http + stream.pipeline, no checks), which is what a
// site writes by hand, and the memory each open stream holds against that pipe. Upstream, proxy and
// client run in three processes, so none competes in the other's loop.
import { randomBytes } from 'node:crypto';
import { createSessionTokens } from '../../server/index.js';
import { startProcess, type BenchProcess } from '../server/processes.js';
import { holdStream, timeStream } from '../server/stream-client.js';
import { median } from '../stats.js';
import type { BenchFigure, Benchmark } from '../types.js';

const CONCURRENT = 50;
const BODY = { model: 'bench-model', stream: true, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }], chunks: 20, intervalMs: 10 };

async function round(port: number, headers: Record<string, string>): Promise<{ firstByte: number; chunk: number }> {
  const timings = await Promise.all(Array.from({ length: CONCURRENT }, () => timeStream(port, headers, BODY)));
  return { firstByte: median(timings.map((t) => t.firstByteMs)), chunk: median(timings.flatMap((t) => t.chunkMs)) };
}

async function memoryPerStream(proxy: BenchProcess, headers: Record<string, string>): Promise<number> {
  const used = async () => {
    const m = JSON.parse(await proxy.ask('memory')) as { heapUsed: number; external: number; arrayBuffers: number };
    return m.heapUsed + m.external;
  };
  const before = await used();
  const closers = await Promise.all(Array.from({ length: CONCURRENT }, () => holdStream(proxy.port, headers, { ...BODY, stall: true })));
  const after = await used();
  closers.forEach((close) => close());
  await new Promise((resolve) => setTimeout(resolve, 100));
  return (after - before) / CONCURRENT / 1024;
}

const benchmark: Benchmark = {
  title: `LLM proxy overhead, ${CONCURRENT} concurrent streams of ${BODY.chunks} events`,
  async run({ rounds }) {
    const secret = randomBytes(32).toString('base64');
    const { token } = await createSessionTokens({ secret }).issue();
    const auth = { authorization: `Bearer ${token}` };
    const upstream = await startProcess('upstream-process.ts', []);
    const ours = await startProcess('proxy-process.ts', ['ours', String(upstream.port), secret]);
    const pipe = await startProcess('proxy-process.ts', ['pipe', String(upstream.port), secret]);
    const figures = {
      ttfb: { ours: [] as number[], peer: [] as number[] },
      chunk: { ours: [] as number[], peer: [] as number[] },
      pipeChunk: { ours: [] as number[], peer: [] as number[] },
      pipeFirstByte: { ours: [] as number[], peer: [] as number[] },
      memory: { ours: [] as number[], peer: [] as number[] },
    };
    try {
      await round(ours.port, auth);
      await round(pipe.port, {});
      await round(upstream.port, {});
      for (let i = 0; i < rounds; i++) {
        const direct = await round(upstream.port, {});
        const proxied = await round(ours.port, auth);
        const piped = await round(pipe.port, {});
        figures.ttfb.peer.push(direct.firstByte);
        figures.ttfb.ours.push(proxied.firstByte);
        figures.chunk.peer.push(direct.chunk);
        figures.chunk.ours.push(proxied.chunk);
        figures.pipeFirstByte.peer.push(piped.firstByte);
        figures.pipeFirstByte.ours.push(proxied.firstByte);
        figures.pipeChunk.peer.push(piped.chunk);
        figures.pipeChunk.ours.push(proxied.chunk);
      }
      for (let i = 0; i < Math.min(rounds, 5); i++) {
        figures.memory.peer.push(await memoryPerStream(pipe, {}));
        figures.memory.ours.push(await memoryPerStream(ours, auth));
      }
    } finally {
      upstream.stop();
      ours.stop();
      pipe.stop();
    }
    const added = (figure: { ours: number[]; peer: number[] }) => (median(figure.ours) - median(figure.peer)).toFixed(2);
    console.log(`  added by the proxy (p50): first byte ${added(figures.ttfb)} ms, per event ${added(figures.chunk)} ms; by the bare pipe: first byte ${(median(figures.pipeFirstByte.peer) - median(figures.ttfb.peer)).toFixed(2)} ms, per event ${(median(figures.pipeChunk.peer) - median(figures.chunk.peer)).toFixed(2)} ms`);
    const result: BenchFigure[] = [
      { id: 'proxy-first-byte-50', unit: 'ms to first byte', peerName: 'the upstream reached directly', environment: 'node', ...figures.ttfb },
      { id: 'proxy-event-latency-50', unit: 'ms per event (written upstream → read by client)', peerName: 'the upstream reached directly', environment: 'node', ...figures.chunk },
      { id: 'proxy-first-byte-50-vs-pipe', unit: 'ms to first byte', peerName: 'bare pipe proxy (node:http + pipeline, no checks)', environment: 'node', ...figures.pipeFirstByte },
      { id: 'proxy-event-latency-50-vs-pipe', unit: 'ms per event (written upstream → read by client)', peerName: 'bare pipe proxy (node:http + pipeline, no checks)', environment: 'node', ...figures.pipeChunk },
      { id: 'proxy-memory-per-stream', unit: 'KB JS heap + external per open stream', peerName: 'bare pipe proxy (node:http + pipeline, no checks)', environment: 'node', ...figures.memory },
    ];
    return result;
  },
};

export default benchmark;
