// A stand-in model server for the proxy benchmark, in its own process: each POST streams `chunks`
// server-sent events `intervalMs` apart, each stamped with the wall-clock time it was written, or
// (with `"stall": true` in the body) one event and then silence, to hold a stream open.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const wallClock = () => performance.timeOrigin + performance.now();

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { chunks?: number; intervalMs?: number; stall?: boolean };
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const total = body.chunks ?? 20;
    let sent = 0;
    const send = () => {
      const payload = { choices: [{ index: 0, delta: { content: 'token ' } }], sentAt: wallClock() };
      res.write(`data: ${JSON.stringify(payload)}\n\n`);
      sent += 1;
      if (body.stall) return;
      if (sent >= total) {
        res.end('data: [DONE]\n\n');
        return;
      }
      setTimeout(send, body.intervalMs ?? 10);
    };
    send();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
