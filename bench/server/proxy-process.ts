// The proxy under test, in its own process: `ours` is dddk/server's createLlmProxy (with its checks,
// limits and event-by-event relay); `pipe` is the bare pipe-through a site would write by hand
// (node:http and stream.pipeline, no checks), as the peer for memory. Answers `memory` on stdin.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { createLlmProxy, createSessionTokens } from '../../server/index.js';
import { toNodeListener } from '../../server/node/index.js';

const [kind, upstreamPort, secret] = process.argv.slice(2);
const upstream = `http://127.0.0.1:${upstreamPort}`;

function oursListener(): http.RequestListener {
  const proxy = createLlmProxy({
    upstream: { kind: 'openai', baseUrl: `${upstream}/v1`, apiKey: 'sk-bench-0000000000000000' },
    tokens: createSessionTokens({ secret }),
    models: ['bench-model'],
    limits: { requestsPerMinutePerVisitor: 1e9, requestsPerMinutePerAddress: 1e9, requestsPerMinute: 1e9, concurrentStreams: 10_000, concurrentStreamsPerVisitor: 10_000, extraFields: ['chunks', 'intervalMs', 'stall'] },
  });
  return toNodeListener(proxy);
}

function pipeListener(): http.RequestListener {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });
  return (req, res) => {
    const upstreamReq = http.request(`${upstream}/v1/chat/completions`, { method: 'POST', agent, headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' } }, (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, { 'content-type': upstreamRes.headers['content-type'] ?? 'text/event-stream' });
      res.flushHeaders();
      pipeline(upstreamRes, res).catch(() => res.destroy());
    });
    req.pipe(upstreamReq);
    res.on('close', () => upstreamReq.destroy());
  };
}

const server = http.createServer(kind === 'pipe' ? pipeListener() : oursListener());
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});

process.stdin.setEncoding('utf8');
process.stdin.on('data', (line: string) => {
  if (!line.startsWith('memory')) return;
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ rss, heapUsed, external, arrayBuffers })}\n`);
});
