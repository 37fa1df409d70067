import http from 'node:http';

const wallClock = () => performance.timeOrigin + performance.now();
const agent = new http.Agent({ keepAlive: true, maxSockets: 500 });

export interface StreamTiming {
  /** Request sent → first body byte, ms. */
  readonly firstByteMs: number;
  /** For each event: written upstream → read here, ms. */
  readonly chunkMs: number[];
}

/** One streamed chat call; resolves when the stream ends. */
export function timeStream(port: number, headers: Record<string, string>, body: unknown): Promise<StreamTiming> {
  return new Promise((resolve, reject) => {
    const started = wallClock();
    let firstByteMs = -1;
    const chunkMs: number[] = [];
    let buffer = '';
    const req = http.request({ host: '127.0.0.1', port, path: '/api/llm/chat/completions', method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        const now = wallClock();
        if (firstByteMs < 0) firstByteMs = now - started;
        buffer += text;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const sentAt = /"sentAt":([\d.]+)/.exec(event)?.[1];
          if (sentAt) chunkMs.push(now - Number(sentAt));
          end = buffer.indexOf('\n\n');
        }
      });
      res.on('end', () => resolve({ firstByteMs, chunkMs }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Opens a stream and resolves once its first event arrived, with a way to close it. */
export function holdStream(port: number, headers: Record<string, string>, body: unknown): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/api/llm/chat/completions', method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.once('data', () => resolve(() => req.destroy()));
      res.on('error', () => undefined);
    });
    req.on('error', (error) => reject(error));
    req.end(JSON.stringify(body));
  });
}
