import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { priorTurnFacts } from '../../../core/agent/web-agent/turn-facts.js';
import { guide } from '../../../core/llm/guide/index.js';
import { runLoop, type LoopEvent, type LoopMode, type ToolResult } from '../../../core/loop/index.js';
import { ORIGIN, conversation, homeDump, pricingDump, stubPageTools } from './fixtures.js';

const BOUND = { timeout: 8_000 };
const PAGES: Record<string, string> = { '/': homeDump, '/pricing': pricingDump };

/**
 * A run of the real loop on the offline guide over a tiny two-page site: `navigate` swaps the page
 * the next turn reads, every other tool succeeds (or answers with `respond`).
 */
async function runSite(task: string, options: { mode?: LoopMode; respond?: (name: string, args: Record<string, unknown>) => ToolResult | undefined } = {}) {
  let path = '/';
  const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
  const tools = stubPageTools((name, args) => {
    const scripted = options.respond?.(name, args);
    if (name === 'navigate' && scripted?.ok !== false) path = String(args.path);
    if (scripted) return scripted;
    if (name === 'navigate') {
      return { ok: true, message: `Navigated to ${path}.`, navigation: { to: `${ORIGIN}${path}` } };
    }
    return { ok: true, message: `${name} done.` };
  }, calls);
  const mode = options.mode ?? 'envelope';
  const events: LoopEvent[] = [];
  const run = runLoop({
    llm: guide({ delayMs: 0 }),
    mode,
    tools,
    maxSteps: 6,
    retryDelayMs: 10,
    prepareTurn: ({ transcript }) => {
      const call = conversation({ task, url: `${ORIGIN}${path}`, pageText: PAGES[path] ?? '<main>\n\t# Not found', tools, mode, transcript: transcript.messages });
      // What the earlier turns did comes from the loop's records, as the web agent passes it.
      return { messages: call.messages, turn: { ...call.turn!, priorTurns: priorTurnFacts(transcript.records) } };
    },
  });
  for await (const event of run) events.push(event);
  const final = events.find((event): event is Extract<LoopEvent, { type: 'final' }> => event.type === 'final')!;
  const narration = (step: number) =>
    events
      .filter((event): event is Extract<LoopEvent, { type: 'narrate-delta' | 'text-delta' }> => (event.type === 'narrate-delta' || event.type === 'text-delta') && event.step === step)
      .map((event) => event.text)
      .join('');
  return { events, final, calls, narration };
}

describe('offline guide: end to end through the loop', () => {
  it('two turns: goes to /pricing, then points at the plans there and ends', BOUND, async () => {
    const { final, calls, narration, events } = await runSite('Show me the pricing');
    assert.equal(final.reason, 'done');
    assert.deepEqual(calls, [
      { name: 'navigate', args: { path: '/pricing' } },
      { name: 'highlight', args: { target: '8' } },
    ]);
    assert.equal(narration(1), '(Offline guide) Taking you to Pricing…');
    assert.ok(narration(2).startsWith('(Offline guide) Here is what this page says about pricing: “Pricing: Start free.'), narration(2));
    assert.equal(final.step, 2);
    assert.equal(final.summary, narration(2));
    assert.ok(events.some((event) => event.type === 'navigated' && event.to === `${ORIGIN}/pricing`));
    assert.ok(!events.some((event) => event.type === 'error'), 'no turn failed');
  });

  it('a failed navigation is said, and the run ends without trying again', BOUND, async () => {
    const { final, calls, narration } = await runSite('pricing', {
      respond: (name) => (name === 'navigate' ? { ok: false, code: 'navigation', message: 'The site could not open /pricing.' } : undefined),
    });
    assert.equal(final.reason, 'done');
    assert.deepEqual(calls.map((call) => call.name), ['navigate', 'narrate'], 'no second navigate');
    assert.equal(narration(2), '(Offline guide) The last step did not work (navigate: navigation), so I stopped here.');
  });

  it('a tool output that quotes a failure is not one: only the recorded result counts', BOUND, async () => {
    const { final, calls } = await runSite('Show me the pricing', {
      respond: (name) => (name === 'navigate' ? { ok: true, message: 'actions[0] (navigate) failed (timeout).', navigation: { to: `${ORIGIN}/pricing` } } : undefined),
    });
    assert.equal(final.reason, 'done');
    assert.deepEqual(calls.map((call) => call.name), ['navigate', 'highlight']);
  });

  it('a question the page answers ends in one turn', BOUND, async () => {
    const { final, calls } = await runSite('How do the gentle reminders work?');
    assert.equal(final.reason, 'done');
    assert.equal(final.step, 1);
    assert.deepEqual(calls, [{ name: 'highlight', args: { target: 'text:Gentle reminders' } }]);
  });

  it('classic mode: navigate, point, then a last turn in words ends the run', BOUND, async () => {
    const { final, calls, narration } = await runSite('pricing', { mode: 'classic' });
    assert.equal(final.reason, 'done');
    assert.deepEqual(calls.map((call) => call.name), ['navigate', 'highlight']);
    assert.equal(final.step, 3);
    assert.equal(final.summary, narration(3));
    assert.equal(narration(3), narration(2), 'the closing turn repeats the answer it pointed at');
  });
});
