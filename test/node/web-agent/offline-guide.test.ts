import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createWebAgent, type AgentEvent } from '../../../core/agent/web-agent/index.js';
import { guide } from '../../../core/llm/guide/index.js';
import type { CompleteOptions, LLMProvider } from '../../../core/llm/index.js';
import { homeDump, orchardSitemap, pricingDump } from '../guide/fixtures.js';
import { BOUND, collect, ofType, scriptedPage } from './support.js';

/** The offline guide, keeping the options of every call it is given. */
function watchedGuide(): { llm: LLMProvider; calls: CompleteOptions[] } {
  const offline = guide({ delayMs: 0 });
  const calls: CompleteOptions[] = [];
  return {
    calls,
    llm: {
      name: offline.name,
      complete: (options) => offline.complete(options),
      stream: (options) => {
        calls.push(options);
        return offline.stream(options);
      },
    },
  };
}

/** The two pages of the demo site, with the ids their readings show; `navigate` and the pointers record their calls. */
function orchardSite(startPath: '/' | '/pricing') {
  const dumps = { '/': homeDump, '/pricing': pricingDump };
  const elements = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [String(i + 1), `link "${i + 1}"`]));
  const { page, state } = scriptedPage({ text: dumps[startPath], url: startPath, elements });
  const calls: Array<[string, Record<string, unknown>]> = [];
  const recorded = (name: string) => ({
    run: async (args: Record<string, unknown>) => {
      calls.push([name, args]);
      if (name !== 'navigate') return { ok: true as const, message: `${name} done.` };
      const path = String(args.path) as '/' | '/pricing';
      state.url = path;
      state.text = dumps[path] ?? '<main>\n\t# Not found';
      return { ok: true as const, message: `Moved to ${path}.`, navigation: { from: `http://localhost:8080${startPath}`, to: `http://localhost:8080${path}` } };
    },
  });
  const actionOverrides = Object.fromEntries(['navigate', 'highlight', 'border', 'spotlight', 'scroll_to'].map((name) => [name, recorded(name)]));
  return { page, calls, actionOverrides };
}

describe('the web agent on the offline guide', () => {
  it('answers from the page it reads: quotes it, points at the element and ends', BOUND, async () => {
    const { llm, calls: llmCalls } = watchedGuide();
    const site = orchardSite('/pricing');
    const events: AgentEvent[] = [];
    const agent = createWebAgent({ llm, page: site.page, sitemap: orchardSitemap, actionOverrides: site.actionOverrides, sessionStorage: 'memory', onEvent: collect(events) });
    const outcome = await agent.run('Show me the pricing').done;
    assert.equal(outcome.reason, 'done', outcome.error?.message);
    assert.deepEqual(site.calls, [['highlight', { target: '8' }]]);
    const narration = ofType(events, 'narrate-complete').map((event) => event.text);
    assert.equal(narration.length, 1);
    assert.ok(narration[0]!.startsWith('(Offline guide) Here is what this page says about pricing: “Pricing: Start free.'), narration[0]);
    // The guide was given the turn as data, from what the agent built the prompt with.
    const facts = llmCalls[0]!.turn!;
    assert.equal(facts.request, 'Show me the pricing');
    assert.equal(facts.url, '/pricing');
    assert.equal(facts.locale, 'en');
    assert.deepEqual(facts.pageLines, pricingDump.split('\n'));
    assert.ok(facts.sitemap?.some((page) => page.path === '/pricing' && page.title === 'Pricing'));
    assert.deepEqual(facts.priorTurns, []);
  });

  it('goes to the page the site map names, then points at the answer there', BOUND, async () => {
    const { llm, calls: llmCalls } = watchedGuide();
    const site = orchardSite('/');
    const events: AgentEvent[] = [];
    const agent = createWebAgent({ llm, page: site.page, sitemap: orchardSitemap, actionOverrides: site.actionOverrides, sessionStorage: 'memory', onEvent: collect(events) });
    const outcome = await agent.run('pricing').done;
    assert.equal(outcome.reason, 'done', outcome.error?.message);
    assert.deepEqual(site.calls, [
      ['navigate', { path: '/pricing' }],
      ['highlight', { target: '8' }],
    ]);
    assert.deepEqual(llmCalls[1]!.turn!.priorTurns, [{ tools: ['navigate'], navigatedTo: '/pricing' }]);
    assert.equal(llmCalls[1]!.turn!.url, '/pricing');
    assert.ok(ofType(events, 'narrate-complete').at(-1)!.text.includes('“Pricing: Start free.'));
  });

  it('a host that replaces the system prompt still gets answers from the site map', BOUND, async () => {
    const { llm } = watchedGuide();
    const site = orchardSite('/');
    const agent = createWebAgent({ llm, page: site.page, sitemap: orchardSitemap, systemPrompt: 'You are a terse helper.', actionOverrides: site.actionOverrides, sessionStorage: 'memory' });
    await agent.run('pricing').done;
    assert.deepEqual(site.calls[0], ['navigate', { path: '/pricing' }]);
  });
});
