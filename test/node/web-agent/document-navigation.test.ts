// A navigation that loads another document (a plain multi-page site, no router): the session is
// written before the page is asked to load, nothing more runs on the page being left, and the next
// page's agent resumes the run once, told where it arrived. (In Chromium: test/node/e2e/multi-page-site.test.ts.)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createWebAgent, type AgentAction, type AgentEvent, type WebAgent } from '../../../core/agent/web-agent/index.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { agentConfig, BOUND, collect, envelopeTurn, inspectableStorage, ofType, requestMessages, scenarioId, scriptedPage } from './support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

/** A host's `go` that loads another document the way the page's navigate does: through the context's `loadDocument`. */
function loadingAction(log: string[]): AgentAction {
  return {
    name: 'go',
    description: 'Open another page of the site.',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    async run(args, ctx) {
      const to = `https://site.test${String(args.path)}`;
      log.push(ctx.loadDocument ? 'action: asks the run to load' : 'action: no loadDocument');
      ctx.loadDocument?.(to);
      return { ok: true, message: `Opened ${String(args.path)}.`, navigation: { from: 'https://site.test/', to, newDocument: true } };
    },
  };
}

describe('a navigation that loads another document', () => {
  it('writes the session before the page loads, runs nothing more there, and the next page resumes the run once', BOUND, async () => {
    const id = scenarioId('document-navigation');
    mock.script(id, [
      envelopeTurn([{ narrate: 'Taking you to Pricing…', tool: 'go', args: { path: '/pricing' } }]),
      envelopeTurn([{ narrate: 'Grove is $8 per member.', tool: 'narrate', args: { text: 'Grove is $8' } }], { final: true }),
    ]);
    const storage = inspectableStorage();
    const log: string[] = [];
    const { page, state } = scriptedPage({ url: '/', text: 'url: /\n# Home' });
    let unloaded: Map<string, string> | undefined;
    let first!: WebAgent;
    const events: AgentEvent[] = [];
    first = createWebAgent(
      agentConfig(mock, id, {
        page: {
          ...page,
          isLeaving: () => unloaded !== undefined,
          load(url) {
            const stored = storage.session();
            log.push(`page.load ${url} after the session said ${stored?.status}, ${stored?.turns.filter((turn) => turn.kind === 'agent_step').length} step(s) done`);
            // The browser takes the page away: what storage holds now is what the next page reads.
            unloaded = storage.snapshot();
            setTimeout(() => first.dispose(), 50);
          },
        },
        customActions: [loadingAction(log)],
        sessionStorage: storage.adapter,
        onEvent: collect(events),
      }),
    );
    const outcome = await first.run('How much is Grove?').done;
    assert.deepEqual([outcome.reason, outcome.stoppedBy], ['stopped', 'dispose'], 'the page went away while the run waited for it to go');
    assert.deepEqual(log, ['action: asks the run to load', 'page.load https://site.test/pricing after the session said navigating, 1 step(s) done']);
    assert.equal(mock.requests(id).length, 1, 'no model call was made on the page being left');
    assert.deepEqual(
      ofType(events, 'navigating').map((event) => [event.to, event.newDocument]),
      [['https://site.test/pricing', true]],
    );

    // The next page: its agent finds the run under way and continues it at its next step.
    state.url = '/pricing';
    state.text = 'url: /pricing\n# Pricing\nGrove: $8 per member';
    const next = inspectableStorage(unloaded);
    const loads: string[] = [];
    const second = createWebAgent(agentConfig(mock, id, { page: { ...page, load: (url) => void loads.push(url) }, customActions: [loadingAction(log)], sessionStorage: next.adapter }));
    const resumed = second.resumeIfPending();
    assert.ok(resumed, 'the next page resumes the run');
    assert.equal(second.resumeIfPending(), undefined, 'once');
    const done = await resumed.done;
    assert.deepEqual([done.reason, done.summary], ['done', 'Grove is $8 per member.']);
    assert.deepEqual(loads, [], 'the navigation is not made again');
    assert.equal(log.filter((entry) => entry.startsWith('action')).length, 1);
    const prompt = requestMessages(mock, id, 1);
    assert.match(prompt.at(-1).content, /The page moved to \/pricing\. Read it again before acting\./, 'told where the navigation brought it, not that the page reloaded');
    assert.doesNotMatch(prompt.at(-1).content, /reloaded/);
    assert.match(prompt.find((message: { role: string }) => message.role === 'tool').content, /actions\[0\] \(go\) succeeded/);
    assert.equal(next.session()?.status, 'done');
  });

  it('a load that does not happen lets the run go on where it is, and the model is told so', BOUND, async () => {
    const id = scenarioId('document-navigation-stayed');
    mock.script(id, [
      envelopeTurn([{ narrate: 'Opening the report.', tool: 'go', args: { path: '/report.pdf' } }]),
      envelopeTurn([{ narrate: 'The report did not open.', tool: 'narrate', args: { text: 'no' } }], { final: true }),
    ]);
    const log: string[] = [];
    const { page } = scriptedPage({ url: '/', text: 'url: /\n# Home' });
    const agent = createWebAgent(agentConfig(mock, id, { page: { ...page, isLeaving: () => false, load: (url) => void log.push(`load ${url}`) }, customActions: [loadingAction(log)] }));
    const outcome = await agent.run('Open the report').done;
    assert.equal(outcome.reason, 'done');
    assert.deepEqual(log, ['action: asks the run to load', 'load https://site.test/report.pdf']);
    assert.match(requestMessages(mock, id, 1).at(-1).content, /The page did not load \/report\.pdf; this is still the page it was\./);
  });

  it('a page that went and was shown again from the back/forward cache stops its run: the page it loaded has it', BOUND, async () => {
    const id = scenarioId('document-navigation-returned');
    mock.script(id, [envelopeTurn([{ narrate: 'Taking you to Pricing…', tool: 'go', args: { path: '/pricing' } }])]);
    const storage = inspectableStorage();
    let leaving = false;
    const { page } = scriptedPage({ url: '/', text: 'url: /\n# Home' });
    const load = () => {
      leaving = true;
      // Back: the page comes out of the cache, its run's timers go on.
      setTimeout(() => (leaving = false), 300);
    };
    const agent = createWebAgent(agentConfig(mock, id, { page: { ...page, isLeaving: () => leaving, load }, customActions: [loadingAction([])], sessionStorage: storage.adapter }));
    const outcome = await agent.run('How much is Grove?').done;
    assert.deepEqual([outcome.reason, outcome.stoppedBy], ['stopped', 'dispose']);
    assert.equal(mock.requests(id).length, 1, 'nothing more was asked on the page that came back');
    assert.equal(storage.session()?.status, 'navigating', 'the session is left as the next page found it');
  });
});
