import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { API_KEY, CHAT, chunk, fakeUpstream, proxyRig, sse, type ProxyRig } from './llm-proxy-support.js';

type Upstream = Awaited<ReturnType<typeof fakeUpstream>>;
const open: Array<{ close(): Promise<void> }> = [];
async function rigWith(script: Parameters<typeof fakeUpstream>[0], options: Parameters<typeof proxyRig>[1] = {}): Promise<{ upstream: Upstream; rig: ProxyRig }> {
  const upstream = await fakeUpstream(script);
  const rig = await proxyRig(upstream.url, options);
  open.push(rig, upstream);
  return { upstream, rig };
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((entry) => entry.close()));
});

async function errorOf(response: Response): Promise<{ status: number; code: string; message: string; raw: string; type: string }> {
  const raw = await response.text();
  const json = JSON.parse(raw) as { error: { code: string; message: string } };
  return { status: response.status, code: json.error.code, message: json.error.message, raw, type: response.headers.get('content-type') ?? '' };
}

describe('LLM proxy: upstream errors never reach the browser raw', () => {
  test('a 401 that echoes the key becomes a 502 without it', async () => {
    const { rig } = await rigWith((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${API_KEY}.` } }));
    });
    const error = await errorOf(await rig.chat(CHAT));
    assert.equal(error.status, 502);
    assert.ok(!error.raw.includes(API_KEY), error.raw);
    assert.ok(!error.raw.includes('0123456789abcdef'), error.raw);
    assert.match(error.message, /credentials/);
  });

  test('an HTML error page becomes JSON, with none of its markup', async () => {
    const { rig } = await rigWith((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><script>alert(document.cookie)</script>Bad gateway</body></html>');
    });
    const response = await rig.chat(CHAT);
    const error = await errorOf(response);
    assert.equal(error.status, 502);
    assert.match(error.type, /^application\/json/);
    assert.ok(!/script|<html/i.test(error.raw), error.raw);
    assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'/);
  });

  test('a 400 keeps the upstream\'s own words, scrubbed; a 429 keeps Retry-After', async () => {
    let calls = 0;
    const { rig } = await rigWith((_req, res) => {
      calls += 1;
      if (calls === 1) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Invalid value for messages[0].role; key sk-proj-abcdefghijklmnopqrstuvwx' } }));
      } else {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
        res.end(JSON.stringify({ error: { message: 'Rate limit reached' } }));
      }
    });
    const bad = await errorOf(await rig.chat(CHAT));
    assert.equal(bad.status, 400);
    assert.match(bad.message, /Invalid value for messages\[0\]\.role/);
    assert.ok(!bad.raw.includes('abcdefghijklmnop'), bad.raw);
    const limited = await rig.chat(CHAT);
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '7');
    await limited.body?.cancel();
  });

  test('an upstream that answers neither SSE nor JSON is refused', async () => {
    const { rig } = await rigWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<script>alert(1)</script>');
    });
    const error = await errorOf(await rig.chat(CHAT));
    assert.equal(error.status, 502);
    assert.ok(!error.raw.includes('<script>'));
  });

  test('a key echoed inside the stream is scrubbed there too', async () => {
    const { rig } = await rigWith((_req, res) => sse(res, [chunk(`the key is ${API_KEY}`), '[DONE]']));
    const text = await (await rig.chat(CHAT)).text();
    assert.ok(!text.includes(API_KEY), text);
    assert.match(text, /\[redacted\]/);
  });

  test('an unreachable upstream is a 502 that says so', async () => {
    const rig = await proxyRig('http://127.0.0.1:9');
    open.push(rig);
    const error = await errorOf(await rig.chat(CHAT));
    assert.equal(error.status, 502);
    assert.equal(error.code, 'upstream_unreachable');
  });
});

describe('LLM proxy: streams, timeouts and limits', () => {
  test('events arrive one by one as the upstream sends them, and usage is reported', async () => {
    const { rig } = await rigWith(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${chunk('one')}\n\n`);
      await new Promise((resolve) => setTimeout(resolve, 150));
      res.write(`data: ${chunk('two')}\n\ndata: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 11, completion_tokens: 2 } })}\n\ndata: [DONE]\n\n`);
      res.end();
    });
    const response = await rig.chat(CHAT);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    assert.match(first, /one/);
    assert.doesNotMatch(first, /two/);
    let rest = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest += new TextDecoder().decode(next.value);
    assert.match(rest, /two[\s\S]*\[DONE\]/);
    const usage = rig.usage.at(-1) as { inputTokens: number; outputTokens: number; outcome: string; model: string };
    assert.equal(usage.outcome, 'ok');
    assert.equal(usage.inputTokens, 11);
    assert.equal(usage.outputTokens, 2);
    assert.equal(usage.model, 'test-model');
  });

  test('a stalled upstream is cut after the idle timeout with an error event, and the upstream request is closed', async () => {
    const { rig, upstream } = await rigWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${chunk('thinking…')}\n\n`);
    }, { timeouts: { idleMs: 200 } });
    const text = await (await rig.chat(CHAT)).text();
    assert.match(text, /event: error\ndata: .*"code":"upstream_timeout"/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(upstream.seen.at(-1)!.closed, true);
    assert.equal((rig.usage.at(-1) as { outcome: string }).outcome, 'timeout');
  });

  test('no answer headers within the first-byte timeout: 504', async () => {
    const { rig } = await rigWith(() => undefined, { timeouts: { firstByteMs: 200 } });
    const error = await errorOf(await rig.chat(CHAT));
    assert.equal(error.status, 504);
    assert.equal(error.code, 'upstream_timeout');
  });

  test('the browser leaving aborts the upstream and frees its stream slot', async () => {
    const { rig, upstream } = await rigWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${chunk('a')}\n\n`);
    }, { limits: { concurrentStreamsPerVisitor: 1 } });
    const aborter = new AbortController();
    const response = await rig.chat(CHAT, { signal: aborter.signal });
    await response.body!.getReader().read();
    aborter.abort();
    for (let i = 0; i < 40 && !upstream.seen.at(-1)!.closed; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    assert.equal(upstream.seen.at(-1)!.closed, true);
    for (let i = 0; i < 40 && !rig.usage.length; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    assert.equal((rig.usage.at(-1) as { outcome: string }).outcome, 'aborted');
    const again = await rig.chat(CHAT, { signal: AbortSignal.timeout(2000) });
    assert.equal(again.status, 200);
    await again.body?.cancel();
  });

  test('concurrent streams are capped site-wide; a slot frees when a stream ends', async () => {
    const holds: Array<() => void> = [];
    const { rig } = await rigWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${chunk('x')}\n\n`);
      holds.push(() => res.end('data: [DONE]\n\n'));
    }, { limits: { concurrentStreams: 2 } });
    const first = await rig.chat(CHAT);
    const second = await rig.chat(CHAT);
    const third = await rig.chat(CHAT);
    assert.equal(third.status, 503);
    assert.equal(((await third.json()) as { error: { code: string } }).error.code, 'too_many_streams');
    holds.shift()!();
    await first.text();
    const fourth = await rig.chat(CHAT);
    assert.equal(fourth.status, 200);
    holds.forEach((release) => release());
    await Promise.all([second.text(), fourth.text()]);
  });

  test('per-visitor rate limit: the next request gets 429 with Retry-After', async () => {
    const { rig } = await rigWith((_req, res) => sse(res, ['[DONE]']), { limits: { requestsPerMinutePerVisitor: 2 } });
    for (let i = 0; i < 2; i++) assert.equal((await rig.chat(CHAT).then(async (r) => (await r.text(), r))).status, 200);
    const limited = await rig.chat(CHAT);
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    await limited.body?.cancel();
  });

  test('a body over the limit is refused, declared or streamed, and not held', async () => {
    const { rig, upstream } = await rigWith((_req, res) => sse(res, ['[DONE]']), { limits: { maxBodyBytes: 1024 } });
    const big = { ...CHAT, messages: [{ role: 'user', content: 'x'.repeat(5000) }] };
    assert.equal((await rig.chat(big)).status, 413);
    const encoder = new TextEncoder();
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(encoder.encode('x'.repeat(512)));
        controller.close();
      },
    });
    const response = await rig.chat(undefined, { body: streamed, duplex: 'half' } as RequestInit);
    assert.equal(response.status, 413);
    assert.equal(upstream.seen.length, 0);
  });
});
