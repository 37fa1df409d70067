// dddk.registerContextProvider: a slot replaced through the controller reaches the agent's prompt,
// whether it was registered before the agent's code loaded (queued, applied in order as the agent is
// created) or after (straight to the agent).
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import * as controllerAgentModule from '../../../core/agent/web-agent/wiring/controller-agent.js';
import { createLazyControllerAgent, type ControllerAgentModule } from '../../../core/agent/web-agent/wiring/lazy-controller-agent.js';
import type { ContextProvider, ContextRole } from '../../../core/page/context/index.js';
import { createSubtitleModel } from '../../../core/subtitle/subtitle-model.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { BOUND, envelopeTurn, providerFor, requestMessages, scenarioId, scriptedPage } from '../web-agent/support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

const created: DddkController[] = [];
afterEach(() => {
  for (const dddk of created.splice(0)) dddk.destroy();
});

const finalTurn = (text = 'Done.') => envelopeTurn([{ narrate: text, tool: 'narrate', args: { text } }], { final: true });
const fixed = (text: string): ContextProvider => () => text;
const contextOf = (id: string, request = 0): string => requestMessages(mock, id, request).at(-1).content;

function controllerFor(id: string): DddkController {
  const dddk = createDddk({
    locale: 'en',
    llm: providerFor(mock, id),
    onLoopEnd: { kind: 'silent' },
    agent: { page: scriptedPage().page, sessionStorage: 'memory', retryDelayMs: 0 },
  });
  created.push(dddk);
  return dddk;
}

describe('dddk.registerContextProvider', () => {
  it('a provider registered before the agent’s code loaded is in the first turn’s prompt, fenced as host context', BOUND, async () => {
    const id = scenarioId('controller-context-early');
    mock.script(id, [finalTurn(), finalTurn()]);
    const dddk = controllerFor(id);
    const handle = dddk.registerContextProvider('page_summary', fixed('The pricing page of Acme.'));
    assert.throws(() => dddk.agent, /has not loaded yet/, 'registered before the load');
    assert.equal((await dddk.startAgent('Which plan?').done).reason, 'done');
    assert.match(contextOf(id, 0), /# Page summary\n<untrusted-text fence="[^"]+" source="host-context">\nThe pricing page of Acme\.\n/);

    // The queued registration's handle reaches the replacement it became.
    handle.restore();
    assert.equal((await dddk.startAgent('And now?').done).reason, 'done');
    assert.doesNotMatch(contextOf(id, 1), /# Page summary/);
  });

  it('after the load it goes straight to the agent, and restore() puts back what was there', BOUND, async () => {
    const id = scenarioId('controller-context-late');
    mock.script(id, [finalTurn(), finalTurn()]);
    const dddk = controllerFor(id);
    await dddk.loadAgent();
    const handle = dddk.registerContextProvider('url', fixed('/app/#/plans'));
    await dddk.startAgent('Where am I?').done;
    assert.match(contextOf(id, 0), /source="host-context">\nURL: \/app\/#\/plans\n/);
    handle.restore();
    await dddk.startAgent('And now?').done;
    assert.match(contextOf(id, 1), /source="page">\nURL: \/start\n/);
  });

  it('refuses a bad registration at once, before any code loads, and after destroy()', () => {
    const dddk = controllerFor(scenarioId('controller-context-refusals'));
    assert.throws(() => dddk.registerContextProvider('screenshot', fixed('data:')), /^TypeError: dddk\.registerContextProvider\(role, provider\): .*config\.screenshot/);
    assert.throws(() => dddk.registerContextProvider('dom ' as ContextRole, fixed('x')), /role must be one of dom, url, page_summary, history, selection/);
    assert.throws(() => dddk.registerContextProvider('dom', null as unknown as ContextProvider), /"dom" provider must be a function/);
    dddk.destroy();
    assert.throws(() => dddk.registerContextProvider('dom', fixed('x')), /destroyed/);
  });
});

describe('the queue of registrations made before the load', () => {
  it('applies them in order as the agent is created, leaves out those restored meanwhile, and nests like the agent’s own', BOUND, async () => {
    const id = scenarioId('controller-context-queue');
    mock.script(id, [finalTurn(), finalTurn(), finalTurn()]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const importAgent = async (): Promise<ControllerAgentModule> => {
      await gate;
      return controllerAgentModule;
    };
    const lazy = createLazyControllerAgent({
      llm: providerFor(mock, id),
      agent: { page: scriptedPage().page, sessionStorage: 'memory', retryDelayMs: 0 },
      onLoopEnd: { kind: 'silent' },
      subtitle: createSubtitleModel(),
      locale: () => 'en',
      sink: { emit: () => {}, recordIntent: () => {} },
      track: () => {},
      reportError: (error) => assert.fail(String(error)),
      alive: () => true,
      importAgent,
    });
    const lower = lazy.registerContextProvider('page_summary', fixed('lower'));
    const upper = lazy.registerContextProvider('page_summary', fixed('upper'));
    const dropped = lazy.registerContextProvider('history', fixed('never sent'));
    dropped.restore();
    const first = lazy.run('One', {});
    release();
    await first.done;
    const summaries = [contextOf(id, 0)];
    upper.restore();
    await lazy.run('Two', {}).done;
    summaries.push(contextOf(id, 1));
    lower.restore();
    await lazy.run('Three', {}).done;
    summaries.push(contextOf(id, 2));
    lazy.dispose();
    assert.deepEqual(
      summaries.map((context) => /# Page summary\n<untrusted-text[^>]*>\n(.*)\n/.exec(context)?.[1] ?? null),
      ['upper', 'lower', null],
    );
    assert.ok(summaries.every((context) => !context.includes('never sent') && !context.includes('# Recent pages')));
  });
});
