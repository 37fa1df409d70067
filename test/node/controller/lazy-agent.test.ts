// The controller loads the web agent's code on demand: the run handed out before it loaded, what
// cancels it, a load that fails, and the stored-session check that decides whether a resume needs it.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { createDddk, type DddkConfig, type DddkController } from '../../../core/controller/create-dddk.js';
import { DEFAULT_RESUME_WINDOW_MS } from '../../../core/agent/session/continuity.js';
import { DEFAULT_SESSION_KEY } from '../../../core/agent/session/session-store.js';
import { composeStoredSession, serializeSessionBody, SESSION_FORMAT } from '../../../core/agent/session/session-codec.js';
import { createSession } from '../../../core/agent/session/session-record.js';
import type { AgentStatus } from '../../../core/agent/session/session.types.js';
import type { AgentEvent, AgentOutcome, AgentRun } from '../../../core/agent/web-agent/web-agent.types.js';
import { createLazyControllerAgent, type ControllerAgentModule, type LazyControllerAgentOptions } from '../../../core/agent/web-agent/wiring/lazy-controller-agent.js';
import { controllerSessionKey, hasPendingRun, STORED_RESUME_WINDOW_MS, STORED_SESSION_FORMAT, STORED_SESSION_KEY } from '../../../core/agent/web-agent/wiring/stored-session.js';
import { ACTION_NAMES_BY_BUNDLE } from '../../../core/agent/web-agent/wiring/tool-options.js';
import { ACTION_BUNDLES } from '../../../core/page/actions/registry.js';
import { createSubtitleModel } from '../../../core/subtitle/subtitle-model.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { BOUND, envelopeTurn, inspectableStorage, providerFor, scenarioId, scriptedPage } from '../web-agent/support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

const created: DddkController[] = [];
afterEach(() => {
  for (const dddk of created.splice(0)) dddk.destroy();
});

function controllerFor(id: string, agent: NonNullable<DddkConfig['agent']> = {}, config: Partial<DddkConfig> = {}) {
  const dddk = createDddk({
    locale: 'en',
    llm: providerFor(mock, id),
    onLoopEnd: { kind: 'silent' },
    ...config,
    agent: { page: scriptedPage().page, sessionStorage: 'memory', retryDelayMs: 0, ...agent },
  });
  created.push(dddk);
  const busEvents: Array<{ name: string; runId: string }> = [];
  for (const name of ['agent_start', 'agent_narrate_complete', 'agent_tool_end', 'agent_final', 'agent_error'] as const) {
    dddk.on(name, (payload) => busEvents.push({ name, runId: payload.runId }));
  }
  return { dddk, busEvents };
}

async function eventsOf(run: AgentRun): Promise<AgentEvent[]> {
  const seen: AgentEvent[] = [];
  for await (const event of run.events) seen.push(event);
  return seen;
}

const finalTurn = (text: string) => envelopeTurn([{ narrate: text, tool: 'narrate', args: { text } }], { final: true });

describe('the agent behind createDddk, loaded on the first task', () => {
  it('the run returned before the load carries its id through every event, the outcome and the export', BOUND, async () => {
    const id = scenarioId('lazy-first-run');
    mock.script(id, [finalTurn('Here it is.'), finalTurn('And again.')]);
    const { dddk, busEvents } = controllerFor(id);
    const run = dddk.startAgent('Show me');
    assert.throws(() => dddk.agent, /has not loaded yet/, 'the run is handed out before the code is there');
    const [events, outcome] = await Promise.all([eventsOf(run), run.done]);
    assert.equal(outcome.reason, 'done');
    assert.equal(outcome.runId, run.id);
    assert.deepEqual([events[0]?.type, events.at(-1)?.type], ['start', 'final']);
    assert.ok(events.every((event) => event.runId === run.id), 'every event of the run names it');
    assert.ok(busEvents.length >= 3 && busEvents.every((event) => event.runId === run.id), 'so does every bus event');
    assert.equal(dddk.exportAgentRun()?.runId, run.id);
    assert.equal(run.finished, true);

    // Once loaded, a task starts the agent's own run at once.
    const next = dddk.startAgent('Again');
    assert.equal(dddk.agent.currentRun, next);
    assert.equal((await next.done).reason, 'done');
  });

  it('stopAgent() before the code has loaded cancels the run: no model call, no agent event', BOUND, async () => {
    const id = scenarioId('lazy-stop');
    mock.script(id, [finalTurn('Too late.')]);
    const { dddk, busEvents } = controllerFor(id);
    const run = dddk.startAgent('Never mind');
    dddk.stopAgent();
    const outcome = await run.done;
    assert.deepEqual([outcome.reason, outcome.stoppedBy, outcome.steps, outcome.runId], ['stopped', 'user', 0, run.id]);
    assert.deepEqual((await eventsOf(run)).map((event) => event.type), ['final']);
    const agent = await dddk.loadAgent();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(agent.running, false);
    assert.equal(mock.requests(id).length, 0);
    assert.deepEqual(busEvents, []);
  });

  it('a newer task replaces one still waiting for the code; only the newer one reaches the model', BOUND, async () => {
    const id = scenarioId('lazy-replace');
    mock.script(id, [finalTurn('The second one.')]);
    const { dddk } = controllerFor(id);
    const first = dddk.startAgent('First');
    const second = dddk.startAgent('Second');
    assert.deepEqual([(await first.done).reason, (await first.done).stoppedBy], ['stopped', 'replaced']);
    assert.equal((await second.done).reason, 'done');
    assert.equal(mock.requests(id).length, 1);
    assert.match(JSON.stringify(mock.requests(id)[0]!.body.messages), /Second/);
    assert.doesNotMatch(JSON.stringify(mock.requests(id)[0]!.body.messages), /First/);
  });

  it('destroy() before the code has loaded ends the waiting run, and loadAgent() then refuses', BOUND, async () => {
    const { dddk } = controllerFor(scenarioId('lazy-destroy'));
    const run = dddk.startAgent('Anything');
    dddk.destroy();
    assert.deepEqual([(await run.done).reason, (await run.done).stoppedBy], ['stopped', 'dispose']);
    await assert.rejects(dddk.loadAgent(), /destroyed/);
  });

  it('exportAgentRun() before the code has loaded returns the stored session', BOUND, async () => {
    const id = scenarioId('lazy-export');
    mock.script(id, [finalTurn('Stored.')]);
    const storage = inspectableStorage();
    const earlier = controllerFor(id, { sessionStorage: storage.adapter });
    await earlier.dddk.startAgent('Remember this').done;
    earlier.dddk.destroy();

    const later = controllerFor(id, { sessionStorage: storage.adapter });
    const exported = later.dddk.exportAgentRun();
    assert.throws(() => later.dddk.agent, /has not loaded yet/);
    assert.equal(exported?.format, 'dddk.agent-run');
    assert.equal(exported?.session.task, 'Remember this');
    assert.equal(exported?.session.status, 'done');
    assert.equal(controllerFor(id).dddk.exportAgentRun(), null, 'a memory store holds nothing yet');
  });
});

/** Options for the lazy agent alone, recording what it reports. */
function lazyOptions(importAgent: LazyControllerAgentOptions['importAgent'], agent: LazyControllerAgentOptions['agent'] = {}) {
  const subtitle = createSubtitleModel();
  const emitted: Array<{ name: string; payload: unknown }> = [];
  const reported: Array<{ error: unknown; source: string }> = [];
  const options: LazyControllerAgentOptions = {
    llm: undefined,
    agent,
    subtitle,
    locale: () => 'en',
    sink: { emit: (name, ...args) => void emitted.push({ name, payload: args[0] }), recordIntent: () => {} },
    track: () => {},
    reportError: (error, source) => void reported.push({ error, source }),
    alive: () => true,
    ...(importAgent ? { importAgent } : {}),
  };
  return { options, subtitle, emitted, reported };
}

/** A stand-in for the agent's module that records what the lazy agent asks of it. */
function fakeAgentModule() {
  const calls: string[] = [];
  const module: ControllerAgentModule = {
    createControllerAgent: () => {
      calls.push('create');
      const agent = {
        resumeIfPending: () => void calls.push('resume'),
        stop: () => void calls.push('stop'),
        setLocale: () => {},
      };
      return {
        agent: agent as never,
        run: (task: string) => {
          calls.push(`run:${task}`);
          return { id: 'real', task, resumed: false, events: [] as never, done: new Promise<AgentOutcome>(() => {}), finished: false, stop() {} };
        },
        exportRun: () => null,
        dispose: () => void calls.push('dispose'),
      };
    },
  };
  return { module, calls };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createLazyControllerAgent', () => {
  it('a load that fails ends the waiting run with agent_error and a subtitle line saying to serve chunks/; the next task tries again', BOUND, async () => {
    const fake = fakeAgentModule();
    let imports = 0;
    const importAgent = async () => {
      imports += 1;
      if (imports === 1) throw new TypeError('Failed to fetch dynamically imported module: https://example.test/dddk/chunks/controller-agent-X.js');
      return fake.module;
    };
    const { options, subtitle, emitted } = lazyOptions(importAgent);
    const lazy = createLazyControllerAgent(options);
    const run = lazy.run('Help me', {});
    const [events, outcome] = await Promise.all([eventsOf(run), run.done]);
    assert.equal(outcome.reason, 'error');
    assert.match(outcome.error!.message, /could not load the web agent \(Failed to fetch dynamically imported module: .*controller-agent-X\.js\)/);
    assert.match(outcome.error!.message, /serve its chunks\/ folder next to it/);
    assert.deepEqual(events.map((event) => event.type), ['error', 'final']);
    assert.deepEqual(emitted, [{ name: 'agent_error', payload: { runId: run.id, error: outcome.error, retrying: false } }]);
    assert.deepEqual([subtitle.getState().type, subtitle.getState().text], ['error', outcome.error!.message]);

    lazy.run('Try again', {});
    await tick();
    assert.equal(imports, 2);
    assert.deepEqual(fake.calls, ['create', 'run:Try again']);
  });

  it('resumeIfPending() imports the agent only when the stored session says a run was under way', BOUND, async () => {
    const storage = inspectableStorage();
    const fake = fakeAgentModule();
    let imports = 0;
    const importAgent = async () => {
      imports += 1;
      return fake.module;
    };
    const check = async (status: AgentStatus | undefined, ageMs = 1_000) => {
      storage.values.clear();
      if (status) storage.values.set(DEFAULT_SESSION_KEY, storedRecord(status, Date.now() - ageMs));
      const lazy = createLazyControllerAgent(lazyOptions(importAgent, { sessionStorage: storage.adapter }).options);
      lazy.resumeIfPending();
      await tick();
      return imports;
    };
    assert.equal(await check(undefined), 0, 'no stored session');
    assert.equal(await check('done'), 0, 'a finished run');
    assert.equal(await check('interrupted'), 0, 'a run stopped for a follow-up waits for the next task');
    assert.equal(await check('executing', 11 * 60_000), 0, 'a run too old to resume');
    assert.equal(await check('executing'), 1, 'a run under way');
    assert.deepEqual(fake.calls, ['create', 'resume']);
  });

  it('a failed load for a resume is reported as agent-load and shown in the subtitle', BOUND, async () => {
    const storage = inspectableStorage(new Map([[DEFAULT_SESSION_KEY, storedRecord('thinking', Date.now())]]));
    const { options, subtitle, reported } = lazyOptions(async () => {
      throw new Error('offline');
    }, { sessionStorage: storage.adapter });
    createLazyControllerAgent(options).resumeIfPending();
    await tick();
    assert.deepEqual(reported.map((entry) => entry.source), ['agent-load']);
    assert.match(subtitle.getState().text, /could not load the web agent \(offline\)/);
  });

  it('a run waiting for the code is cancelled by interrupt() and dispose(), and the code, once there, starts nothing', BOUND, async () => {
    const fake = fakeAgentModule();
    let release!: (module: ControllerAgentModule) => void;
    const lazy = createLazyControllerAgent(lazyOptions(() => new Promise((resolve) => (release = resolve))).options);
    const first = lazy.run('One', {});
    lazy.interrupt();
    assert.equal((await first.done).stoppedBy, 'interrupt');
    const second = lazy.run('Two', { fresh: true });
    lazy.dispose();
    assert.equal((await second.done).stoppedBy, 'dispose');
    release(fake.module);
    await tick();
    assert.deepEqual(fake.calls, [], 'a disposed controller creates no agent');
    assert.equal(lazy.loaded, undefined);
  });
});

describe('what the controller knows without the agent code', () => {
  it('reads a pending run from the store’s real record format, whatever the storage', () => {
    const now = Date.now();
    const source = (text: string | null) => ({ key: 'k', storage: { get: () => text, set: () => {}, remove: () => {} } });
    assert.equal(hasPendingRun(source(storedRecord('navigating', now - 5_000)), now), true);
    assert.equal(hasPendingRun(source(storedRecord('idle', now)), now), false);
    assert.equal(hasPendingRun(source('{"format":"other","body":{"status":"thinking"},"updatedAt":1}'), now), false);
    assert.equal(hasPendingRun(source('{not json'), now), false);
    const throwing = { key: 'k', storage: { get: () => { throw new Error('SecurityError'); }, set: () => {}, remove: () => {} } };
    assert.equal(hasPendingRun(throwing, now), false);
    assert.equal(hasPendingRun({ key: 'k', storage: 'memory' }, now), false);
  });

  it('keeps the session key, record format and resume window of the session store', () => {
    assert.equal(STORED_SESSION_KEY, DEFAULT_SESSION_KEY);
    assert.equal(STORED_SESSION_FORMAT, SESSION_FORMAT);
    assert.equal(STORED_RESUME_WINDOW_MS, DEFAULT_RESUME_WINDOW_MS);
    assert.equal(controllerSessionKey(undefined, undefined), DEFAULT_SESSION_KEY);
    assert.equal(controllerSessionKey('shop', {}), `${DEFAULT_SESSION_KEY}.shop`);
    assert.equal(controllerSessionKey('shop', { sessionStorageKey: 'mine' }), 'mine');
  });

  it('lists the page actions’ bundles exactly as the actions declare them', () => {
    const actual = Object.fromEntries(Object.entries(ACTION_BUNDLES).map(([bundle, actions]) => [bundle, actions.map((action) => action.name)]));
    assert.deepEqual(ACTION_NAMES_BY_BUNDLE, actual);
  });

  it('refuses at createDddk a custom action that takes a built-in name, or two with one name', () => {
    const action = (name: string) => ({ name, description: 'x', parameters: { type: 'object', properties: {} }, run: async () => ({ ok: true as const }) });
    assert.throws(() => createDddk({ agent: { customActions: [action('click')] } }), /config\.agent\.customActions has "click", which is a built-in action/);
    assert.throws(() => createDddk({ agent: { customActions: [action('a'), action('a')] } }), /two actions with the same name/);
    assert.throws(() => createDddk({ agent: { bundles: ['everything' as never] } }), /config\.agent\.bundles names "everything", which is not a bundle/);
    const dddk = createDddk({ agent: { customActions: [action('mine')], excludeTools: ['mine', 'drag'], actionOverrides: { mine: {} } } });
    dddk.destroy();
  });
});

function storedRecord(status: AgentStatus, updatedAt: number): string {
  const session = { ...createSession({ task: 'Stored task', now: updatedAt }), status, version: 3, updatedAt };
  return composeStoredSession({ id: session.id, version: session.version, updatedAt }, serializeSessionBody(session));
}
