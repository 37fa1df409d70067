import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectStream, isLLMError, type CallMetrics, type StreamEvent } from '../../../core/llm/index.js';
import { guide } from '../../../core/llm/guide/index.js';
import { createEnvelopeParser, parseEnvelopeOnce } from '../../../core/loop/envelope/index.js';
import { ORIGIN, conversation, homeDump, pricingDump } from './fixtures.js';

const BOUND = { timeout: 5_000 };

async function drain(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** The events without what depends on the clock. */
function timeless(events: StreamEvent[]): unknown[] {
  return events.map((event) => {
    if (event.type !== 'finish') return event;
    const { startedAt, durationMs, timeToFirstTokenMs, ...metrics } = event.metrics;
    return { ...event, metrics };
  });
}

const pricingCall = () => conversation({ task: 'pricing', url: `${ORIGIN}/pricing`, pageText: pricingDump });

describe('offline guide: streams like a network provider', () => {
  it('is named as offline', () => {
    assert.equal(guide().name, 'guide (offline)');
  });

  it('sends the agent_turn arguments in small deltas with one id, then the call, usage and finish', BOUND, async () => {
    const events = await drain(guide({ delayMs: 0 }).stream(pricingCall()));
    const deltas = events.filter((event) => event.type === 'tool-call-delta');
    assert.ok(deltas.length > 20, `only ${deltas.length} deltas`);
    const ids = new Set(deltas.map((delta) => delta.id));
    assert.equal(ids.size, 1);
    for (const delta of deltas) {
      assert.equal(delta.index, 0);
      assert.equal(delta.name, 'agent_turn');
      assert.ok(Array.from(delta.argumentsDelta).length <= 6, JSON.stringify(delta.argumentsDelta));
    }
    assert.deepEqual(
      events.slice(deltas.length).map((event) => event.type),
      ['tool-call', 'usage', 'finish'],
      'every delta comes first, the finish last',
    );
    const call = events.find((event) => event.type === 'tool-call')!;
    assert.equal(call.index, 0);
    assert.equal(call.call.id, [...ids][0]);
    assert.equal(call.call.name, 'agent_turn');
    assert.deepEqual(JSON.parse(deltas.map((delta) => delta.argumentsDelta).join('')), call.call.arguments);

    const usage = events.find((event) => event.type === 'usage')!;
    assert.ok(usage.usage.inputTokens > 500, 'the prompt with the page and tools is counted');
    assert.ok(usage.usage.outputTokens > 20);
    const finish = events.at(-1)!;
    assert.equal(finish.type, 'finish');
    assert.equal(finish.reason, 'tool_calls');
    assert.equal(finish.metrics.provider, 'guide');
    assert.equal(finish.metrics.model, 'offline');
    assert.equal(finish.metrics.attempts, 1);
    assert.equal(finish.metrics.outcome, 'finished');
    assert.equal(typeof finish.metrics.timeToFirstTokenMs, 'number');
    assert.equal(finish.metrics.inputTokens, usage.usage.inputTokens);
  });

  it('`deltaSize` sets the piece size, counted in characters, never splitting one', BOUND, async () => {
    const call = conversation({ task: '價格', url: `${ORIGIN}/`, pageText: homeDump });
    const events = await drain(guide({ delayMs: 0, deltaSize: 1 }).stream(call));
    const deltas = events.filter((event) => event.type === 'tool-call-delta');
    assert.ok(deltas.every((delta) => Array.from(delta.argumentsDelta).length === 1));
  });

  it('streams an envelope the loop parser reads into valid actions, narration first, with offered tools only', BOUND, async () => {
    const call = pricingCall();
    const events = await drain(guide({ delayMs: 0 }).stream(call));
    const parser = createEnvelopeParser();
    const parsed = events.flatMap((event) => (event.type === 'tool-call-delta' ? parser.feed(event.argumentsDelta) : []));
    parsed.push(...parser.finish());
    const types = parsed.map((event) => event.type);
    assert.ok(types.filter((type) => type === 'narrate_delta').length > 3, 'the narration streams in pieces');
    assert.ok(types.indexOf('narrate_delta') < types.indexOf('action_complete'));
    assert.ok(!types.some((type) => type === 'error' || type === 'field_invalid' || type === 'action_invalid'), types.join(' '));

    const whole = events.filter((event) => event.type === 'tool-call-delta').map((event) => event.argumentsDelta).join('');
    const once = parseEnvelopeOnce(whole);
    const offered = ((call.tools[0]!.parameters as any).properties.actions.items.properties.tool.enum as string[]);
    const actions = once.flatMap((event) => (event.type === 'action_complete' ? [event.action] : []));
    assert.equal(actions.length, 1);
    for (const action of actions) assert.ok(offered.includes(action.tool), action.tool);
    assert.ok(once.some((event) => event.type === 'is_final' && event.value === true));
  });

  it('is deterministic: the same call gives the same events', BOUND, async () => {
    const first = await drain(guide({ delayMs: 0 }).stream(pricingCall()));
    const second = await drain(guide({ delayMs: 0 }).stream(pricingCall()));
    assert.deepEqual(timeless(first), timeless(second));
    const navigate = () => conversation({ task: 'pricing', url: `${ORIGIN}/`, pageText: homeDump });
    assert.deepEqual(timeless(await drain(guide({ delayMs: 0 }).stream(navigate()))), timeless(await drain(guide({ delayMs: 0 }).stream(navigate()))));
  });

  it('complete() collects the stream', BOUND, async () => {
    const provider = guide({ delayMs: 0 });
    const result = await provider.complete(pricingCall());
    const collected = await collectStream(provider.stream(pricingCall()));
    assert.deepEqual(result.toolCalls, collected.toolCalls);
    assert.equal(result.finishReason, 'tool_calls');
    assert.equal(result.metrics.provider, 'guide');
  });

  it('leaves gaps between deltas so a page can paint them', BOUND, async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      const seen: number[] = [];
      for await (const event of guide({ delayMs: 1 }).stream(pricingCall())) {
        if (event.type === 'tool-call-delta') seen.push(ticks);
        if (seen.length === 4) break;
      }
      assert.ok(seen[3]! > seen[0]!, 'timers ran between deltas');
    } finally {
      clearInterval(timer);
    }
  });

  it('an aborted signal stops the stream with the same aborted LLMError the network providers throw', BOUND, async () => {
    const before = new AbortController();
    before.abort();
    await assert.rejects(drain(guide({ delayMs: 0 }).stream({ ...pricingCall(), signal: before.signal })), (error: unknown) => {
      assert.ok(isLLMError(error));
      assert.equal(error.kind, 'aborted');
      assert.equal(error.provider, 'guide');
      assert.equal(error.retryable, false);
      return true;
    });

    // Mid-stream, while it waits between deltas: it stops at once, not after the wait.
    const during = new AbortController();
    const iterator = guide({ delayMs: 60_000 }).stream({ ...pricingCall(), signal: during.signal })[Symbol.asyncIterator]();
    const first = await iterator.next();
    assert.equal(first.value?.type, 'tool-call-delta');
    const pending = iterator.next();
    during.abort();
    await assert.rejects(pending, (error: unknown) => isLLMError(error) && error.kind === 'aborted');
  });

  it('reports metrics per call: finished, failed on abort, cancelled when the consumer leaves', BOUND, async () => {
    const reports: CallMetrics[] = [];
    const provider = guide({ delayMs: 0, onMetrics: (metrics) => reports.push(metrics) });
    await provider.complete(pricingCall());
    const aborted = new AbortController();
    aborted.abort();
    await assert.rejects(provider.complete({ ...pricingCall(), signal: aborted.signal }));
    for await (const event of provider.stream(pricingCall())) if (event.type === 'tool-call-delta') break;
    assert.deepEqual(reports.map((metrics) => metrics.outcome), ['finished', 'failed', 'cancelled']);
    assert.equal(reports[1]!.error?.kind, 'aborted');
  });

  it('refuses bad options, naming the field', () => {
    assert.throws(() => guide({ deltaSize: 0 }), /`deltaSize`/);
    assert.throws(() => guide({ delayMs: -1 }), /`delayMs`/);
    assert.throws(() => guide({ maxLines: 1.5 }), /`maxLines`/);
    assert.throws(() => guide({ locale: 5 as unknown as string }), /`locale`/);
  });
});
