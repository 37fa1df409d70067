import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { createDddk, type DddkConfig, type DddkController } from '../../../core/controller/create-dddk.js';
import type { IntentEvent } from '../../../core/events/intents.js';
import type { SubtitleState } from '../../../core/subtitle/subtitle.types.js';
import { subtitleHost } from '../../../core/agent/web-agent/wiring/subtitle-host.js';
import { createSubtitleModel } from '../../../core/subtitle/subtitle-model.js';
import { controllerPalette } from '../../../core/palette/controller-palette.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { BOUND, envelopeTurn, inspectableStorage, providerFor, recordingAction, scenarioId, scriptedPage } from '../web-agent/support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

const created: DddkController[] = [];
afterEach(() => {
  for (const dddk of created.splice(0)) dddk.destroy();
});

const AGENT_EVENTS = [
  'agent_start',
  'agent_thinking',
  'agent_narrate_delta',
  'agent_narrate_complete',
  'agent_tool_start',
  'agent_tool_end',
  'agent_navigating',
  'agent_navigated',
  'agent_final',
  'agent_error',
] as const;

function controllerFor(id: string, config: Partial<DddkConfig> = {}, agent: NonNullable<DddkConfig['agent']> = {}) {
  const { page } = scriptedPage();
  const dddk = createDddk({
    locale: 'en',
    llm: providerFor(mock, id),
    ...config,
    agent: { page, sessionStorage: 'memory', retryDelayMs: 0, ...agent },
  });
  created.push(dddk);
  const events: Array<{ name: string; payload: any }> = [];
  for (const name of AGENT_EVENTS) dddk.on(name, (payload: unknown) => events.push({ name, payload }));
  const intents: IntentEvent[] = [];
  dddk.on('intent', (intent) => intents.push(intent));
  const states: SubtitleState[] = [];
  dddk.subtitle.subscribe((state) => states.push(state));
  return { dddk, events, intents, states };
}

/** Answers each prompt the subtitle model shows, in order. */
function answerPrompts(dddk: DddkController, answers: Array<Parameters<DddkController['subtitle']['answerPrompt']>[0]>) {
  const shown: string[] = [];
  dddk.subtitle.subscribe((state, previous) => {
    if (state.prompt && state.prompt !== previous.prompt) {
      shown.push(`${state.prompt.kind}:${state.prompt.message}`);
      const answer = answers.shift();
      if (answer) queueMicrotask(() => dddk.subtitle.answerPrompt(answer));
    }
  });
  return shown;
}

const kindsOf = (intents: IntentEvent[]) => intents.map((intent) => intent.kind);

describe('dddk.startAgent', () => {
  it('refuses a task that is not a non-empty string of bounded length, naming the argument', () => {
    const dddk = createDddk({ locale: 'en', agent: { page: scriptedPage().page, sessionStorage: 'memory' } });
    created.push(dddk);
    for (const bad of [undefined, '', '   ', 42, { task: 'x' }, 'x'.repeat(4_001)]) {
      assert.throws(() => dddk.startAgent(bad as never), (error: unknown) => {
        assert.ok(error instanceof TypeError);
        assert.match(error.message, /^dddk\.startAgent\(task, options\): task /);
        return true;
      });
    }
    assert.throws(() => dddk.startAgent('fine', { fresh: 'yes' } as never), /options must be \{ fresh\?: boolean \}/);
    assert.throws(() => dddk.agent, /has not loaded yet; use `await dddk\.loadAgent\(\)`/, 'nothing started, so the agent was not even loaded');
  });

  it('checks the agent settings at createDddk, naming the field', () => {
    const cases: Array<[DddkConfig, RegExp]> = [
      [{ navigate: '/home' as never }, /config\.navigate must be a function/],
      [{ sitemap: 'pages' as never }, /config\.sitemap must be/],
      [{ persona: 7 as never }, /config\.persona must be/],
      [{ agent: { colour: 'red' } as never }, /config\.agent has an unknown field "colour"/],
      [{ agent: { maxSteps: 0 } }, /config\.agent\.maxSteps must be a positive integer/],
      [{ agent: { excludeTools: ['teleport'] } }, /config\.agent\.excludeTools names "teleport", which is not an action/],
      [{ agent: { host: {} } as never }, /config\.agent\.host cannot be set/],
      [{ onLoopEnd: { kind: 'confetti' } as never }, /config\.onLoopEnd must be \{ kind:/],
      [{ onLoopEnd: { kind: 'ask_user', question: 'Rate?', options: [] } }, /config\.onLoopEnd\.options must be/],
    ];
    for (const [config, message] of cases) {
      assert.throws(() => createDddk(config), (error: unknown) => error instanceof TypeError && message.test(error.message), String(message));
    }
  });

  it('narrates into the subtitle model, emits the agent events and intents, and closes with "Done."', BOUND, async () => {
    const id = scenarioId('controller-run');
    mock.script(id, [
      envelopeTurn([
        { narrate: 'This is the button.', tool: 'press', args: { target: 'e1' } },
        { narrate: 'Now the other one.', tool: 'press', args: { target: 'e9' } },
      ]),
      envelopeTurn([{ narrate: 'That is all.', tool: 'narrate', args: { text: 't' } }], { final: true }),
    ]);
    const { dddk, events, intents, states } = controllerFor(id, {}, { customActions: [recordingAction('press')] });
    const run = dddk.startAgent('Show me the buttons');
    assert.equal(typeof run.id, 'string');
    const outcome = await run.done;
    assert.equal(outcome.reason, 'done');

    const names = events.map((event) => event.name);
    assert.equal(names[0], 'agent_start');
    assert.deepEqual(events[0]!.payload, { runId: run.id, task: 'Show me the buttons', sessionId: outcome.sessionId, resumed: false });
    assert.equal(names.at(-1), 'agent_final');
    assert.deepEqual(events.at(-1)!.payload, { runId: run.id, reason: 'done', summary: 'That is all.' });
    assert.ok(events.every((event) => event.payload.runId === run.id), 'every event names its run');
    const deltas = events.filter((event) => event.name === 'agent_narrate_delta' && event.payload.step === 1 && event.payload.actionIndex === 0);
    assert.equal(deltas.map((event) => event.payload.text).join(''), 'This is the button.');
    assert.deepEqual(
      events.filter((event) => event.name === 'agent_tool_end').map((event) => [event.payload.name, event.payload.result.ok]),
      [['press', true], ['press', false], ['narrate', true]],
    );

    assert.deepEqual(kindsOf(intents).filter((kind) => kind !== 'agent_llm_call'), ['agent_run_started', 'agent_tool_failed', 'agent_run_completed']);
    assert.equal(kindsOf(intents).filter((kind) => kind === 'agent_llm_call').length, 2);
    const failed = intents.find((intent) => intent.kind === 'agent_tool_failed');
    assert.deepEqual(failed && { name: failed.name, code: failed.code }, { name: 'press', code: 'not_found' });
    const llmCall = intents.find((intent) => intent.kind === 'agent_llm_call');
    assert.equal(llmCall?.kind === 'agent_llm_call' && llmCall.model, 'gpt-4o-mini');
    const completed = intents.at(-1);
    assert.deepEqual(completed?.kind === 'agent_run_completed' && [completed.runId, completed.reason, completed.steps], [run.id, 'done', 2]);

    // Each action's narration starts a fresh line; the closing line goes under the answer.
    const texts = states.map((state) => state.text);
    assert.ok(texts.includes('This is the button.'));
    // The first word may wait a moment (it could begin one of the engine's notes), never the line.
    assert.ok(texts.some((text) => text.startsWith('No') && !text.includes('button')), 'the second narration starts a new line rather than extending the first');
    assert.equal(dddk.subtitle.getState().text, 'That is all.\nDone.');
    assert.equal(dddk.subtitle.getState().streaming, false);
  });

  it('offers palette items marked agentTool as tools, only those, and follows the items as they change', BOUND, async () => {
    const id = scenarioId('controller-palette-tools');
    mock.script(id, [
      envelopeTurn([{ narrate: 'Switching the theme.', tool: 'palette_theme_dark', args: { arg: 'now' } }]),
      envelopeTurn([{ narrate: 'Done switching.', tool: 'narrate', args: { text: 'x' } }], { final: true }),
    ]);
    const { dddk } = controllerFor(id);
    const ran: string[] = [];
    const palette = controllerPalette(dddk);
    palette.addItems([
      {
        id: 'theme-dark',
        name: 'Dark theme',
        actions: [{ kind: 'custom', run: (context: { arg?: string }) => void ran.push(`dark:${context.arg ?? ''}`) }],
        agentTool: { description: 'Switches the page to the dark theme' },
      },
      { id: 'secret', name: 'Delete account', actions: [{ kind: 'custom', run: () => void ran.push('secret') }] },
    ] as never);
    await dddk.startAgent('Make it dark').done;
    assert.deepEqual(ran, ['dark:now']);
    const request = JSON.stringify(mock.requests(id)[0]);
    assert.ok(request.includes('palette_theme_dark'), 'the tool is in the request');
    assert.ok(!request.includes('palette_secret'), 'items without agentTool are not offered');
    palette.setItems([]);
    const second = scenarioId('controller-palette-tools-gone');
    mock.script(second, [envelopeTurn([{ narrate: 'Nothing to do.', tool: 'narrate', args: { text: 'x' } }], { final: true })]);
    const { dddk: next } = controllerFor(second);
    controllerPalette(next).addItems([{ id: 'plain', name: 'Plain', actions: [{ kind: 'custom', run: () => undefined }] }] as never);
    await next.startAgent('Anything?').done;
    assert.ok(!JSON.stringify(mock.requests(second)[0]).includes('palette_'), 'no agentTool item, no palette tool');
  });

  it('asks for consent in the subtitle bar and records the answer', BOUND, async () => {
    const id = scenarioId('controller-confirm');
    mock.script(id, [
      envelopeTurn([{ tool: 'delete_row', args: { n: 1 } }, { tool: 'delete_row', args: { n: 2 } }]),
      envelopeTurn([{ narrate: 'One deleted.', tool: 'narrate', args: { text: 'x' } }], { final: true }),
    ]);
    const deleteRow = recordingAction('delete_row');
    const { dddk, intents } = controllerFor(id, {}, { customActions: [deleteRow] });
    const shown = answerPrompts(dddk, [
      { kind: 'confirm', accepted: true },
      { kind: 'confirm', accepted: false },
    ]);
    await dddk.startAgent('Delete both rows').done;
    assert.deepEqual(shown, ['confirm:Run "delete row"?', 'confirm:Run "delete row"?']);
    assert.deepEqual(deleteRow.calls.map((call) => call.args.n), [1]);
    const confirms = intents.filter((intent) => intent.kind === 'confirm_action');
    assert.deepEqual(confirms.map((intent) => intent.kind === 'confirm_action' && [intent.actionName, intent.params, intent.approved]), [
      ['delete_row', { n: 1 }, true],
      ['delete_row', { n: 2 }, false],
    ]);
  });

  it('routes ask_user, ask_user_choice and a visitor-paced run’s next step to the subtitle prompts', BOUND, async () => {
    const id = scenarioId('controller-prompts');
    mock.script(id, [
      envelopeTurn([{ narrate: 'Looking.', tool: 'press', args: {} }, { tool: 'ask_user', args: { question: 'Your name?' } }]),
      envelopeTurn([{ tool: 'ask_user_choice', args: { question: 'Plan?', options: ['Grove', 'Estate'] } }]),
      envelopeTurn([{ narrate: 'Thanks, Ada.', tool: 'narrate', args: { text: 'x' } }], { final: true }),
    ]);
    const { dddk, intents } = controllerFor(id, {}, { customActions: [recordingAction('press')], pace: 'visitor' });
    const shown = answerPrompts(dddk, [
      { kind: 'pause', decision: 'continue' },
      { kind: 'pause', decision: 'continue' },
      { kind: 'text', value: 'Ada' },
      { kind: 'pause', decision: 'continue' },
      { kind: 'choice', value: 'Estate' },
      { kind: 'pause', decision: 'continue' },
    ]);
    const outcome = await dddk.startAgent('Sign me up').done;
    assert.equal(outcome.reason, 'done');
    assert.deepEqual(shown, ['pause:Next: Looking.', 'pause:Next: ask user', 'text:Your name?', 'pause:Next: ask user choice', 'choice:Plan?', 'pause:Next: Thanks, Ada.']);
    const decision = intents.find((intent) => intent.kind === 'agent_pause_decision');
    assert.deepEqual(decision?.kind === 'agent_pause_decision' && [decision.decision, decision.cause], ['continue', 'step']);
    const requests = mock.requests(id);
    assert.match(requests[1]!.body.messages.at(-2).content, /The user answered: "Ada"/);
    assert.match(requests[2]!.body.messages.at(-2).content, /The user chose "Estate"/);
  });

  it('the bar holds a Stop for the run under way: stopping it ends that run, and the task goes with the run', BOUND, async () => {
    const id = scenarioId('controller-stop-task');
    let stopFromBar: (() => void) | undefined;
    const press = recordingAction('press', { run: () => stopFromBar?.() });
    mock.script(id, [envelopeTurn([{ narrate: 'Pressing.', tool: 'press', args: {} }, { narrate: 'And again.', tool: 'press', args: {} }]), envelopeTurn([], { final: true })]);
    const { dddk } = controllerFor(id, {}, { customActions: [press] });
    const tasks: Array<SubtitleState['task']> = [];
    dddk.subtitle.subscribe((state, previous) => state.task !== previous.task && tasks.push(state.task));
    stopFromBar = () => assert.equal(dddk.subtitle.stopTask(), true);
    const outcome = await dddk.startAgent('Press twice').done;
    assert.deepEqual([outcome.reason, outcome.stoppedBy], ['stopped', 'user']);
    assert.equal(press.calls.length, 1, 'the run stopped during its first action');
    assert.deepEqual(tasks, [{ label: 'Stop the assistant' }, undefined]);
    assert.equal(dddk.subtitle.getState().task, undefined);
    assert.equal(dddk.subtitle.stopTask(), false, 'nothing is left to stop');
  });

  it('stopAgent() stops the run, takes its question off the bar and says so', BOUND, async () => {
    const id = scenarioId('controller-stop');
    mock.script(id, [envelopeTurn([{ narrate: 'One question.', tool: 'ask_user', args: { question: 'Waiting forever?' } }])]);
    const { dddk, events, intents } = controllerFor(id);
    dddk.subtitle.subscribe((state) => {
      if (state.prompt?.message === 'Waiting forever?') queueMicrotask(() => dddk.stopAgent());
    });
    const outcome = await dddk.startAgent('Ask me').done;
    assert.deepEqual([outcome.reason, outcome.stoppedBy], ['stopped', 'user']);
    assert.equal(dddk.subtitle.getState().prompt, undefined);
    assert.equal(dddk.subtitle.getState().text, 'Stopped.');
    assert.deepEqual(events.at(-1)?.payload.reason, 'stopped');

    // Closing the bar stops the run too, and the bar stays closed.
    mock.script(id, [envelopeTurn([{ narrate: 'Another question.', tool: 'ask_user', args: { question: 'Still there?' } }])]);
    dddk.subtitle.subscribe((state) => {
      if (state.prompt?.message === 'Still there?') queueMicrotask(() => (dddk.subtitle.hide(), dddk.stopAgent()));
    });
    assert.equal((await dddk.startAgent('Ask again').done).stoppedBy, 'user');
    assert.equal(dddk.subtitle.getState().visible, false);
    const stopped = intents.find((intent) => intent.kind === 'agent_run_stopped');
    assert.equal(stopped?.kind === 'agent_run_stopped' && stopped.reason, 'user');
  });

  it('interruptAgent() keeps the conversation for the next task', BOUND, async () => {
    const id = scenarioId('controller-interrupt');
    mock.script(id, [
      envelopeTurn([{ tool: 'press', args: {} }]),
      envelopeTurn([{ narrate: 'Yearly it is.', tool: 'narrate', args: { text: 'y' } }], { final: true }),
    ]);
    let dddk!: DddkController;
    const setup = controllerFor(id, {}, { customActions: [recordingAction('press', { run: () => dddk.interruptAgent() })] });
    dddk = setup.dddk;
    const first = await dddk.startAgent('Monthly prices').done;
    assert.equal(first.stoppedBy, 'interrupt');
    const second = await dddk.startAgent('Yearly instead').done;
    assert.equal(second.sessionId, first.sessionId);
    const started = setup.intents.filter((intent) => intent.kind === 'agent_run_started');
    assert.equal(started.length, 2);
    assert.equal(dddk.exportAgentRun()?.session.turns.filter((turn) => turn.kind === 'user').length, 2);
  });

  it('closes with a feedback question or a choice when onLoopEnd asks for it', BOUND, async () => {
    const id = scenarioId('controller-feedback');
    mock.script(id, [
      envelopeTurn([{ narrate: 'Done it.', tool: 'narrate', args: { text: 'd' } }], { final: true }),
    ]);
    const feedback = controllerFor(id, { onLoopEnd: { kind: 'feedback' } });
    const shown = answerPrompts(feedback.dddk, [{ kind: 'confirm', accepted: true }]);
    const run = feedback.dddk.startAgent('Do it');
    await run.done;
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(shown, ['confirm:Did that help?']);
    const verdict = feedback.intents.find((intent) => intent.kind === 'agent_feedback');
    assert.deepEqual(verdict?.kind === 'agent_feedback' && [verdict.runId, verdict.satisfied], [run.id, true]);

    const id2 = scenarioId('controller-rating');
    mock.script(id2, [envelopeTurn([{ narrate: 'Rated.', tool: 'narrate', args: { text: 'r' } }], { final: true })]);
    const rating = controllerFor(id2, {
      onLoopEnd: { kind: 'ask_user', question: 'How was it?', options: [{ value: '5', label: 'Great' }, { value: '1', label: 'Bad' }] },
    });
    answerPrompts(rating.dddk, [{ kind: 'choice', value: '5' }]);
    await rating.dddk.startAgent('Rate').done;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const picked = rating.intents.find((intent) => intent.kind === 'agent_feedback');
    assert.deepEqual(picked?.kind === 'agent_feedback' && [picked.satisfied, picked.summary], [null, '5']);
  });

  it('an effect policy that throws refuses the action and reports an error event, naming its source', BOUND, async () => {
    const id = scenarioId('controller-policy-error');
    mock.script(id, [envelopeTurn([{ tool: 'press', args: {} }]), envelopeTurn([], { final: true })]);
    const press = recordingAction('press');
    const broken = new Error('policy service down');
    const { dddk } = controllerFor(id, {}, { customActions: [press], effects: { decide: () => { throw broken; } } });
    const errors: Array<{ error: unknown; source: string }> = [];
    dddk.on('error', (event) => errors.push(event));
    assert.equal((await dddk.startAgent('Press it').done).reason, 'done');
    assert.equal(press.calls.length, 0);
    assert.deepEqual(errors, [{ error: broken, source: 'agent-effect-policy' }]);
  });

  it('records an escalation and a tracked intent from the agent', BOUND, async () => {
    const id = scenarioId('controller-escalate');
    mock.script(id, [
      envelopeTurn([
        { tool: 'track_intent', args: { name: 'refund_asked', props: { order: 12 } } },
        { tool: 'escalate_to_human', args: { reason: 'Refund', summary: 'Order 12' } },
      ]),
      envelopeTurn([{ narrate: 'A person will help.', tool: 'narrate', args: { text: 'p' } }], { final: true }),
    ]);
    const { dddk, intents } = controllerFor(id, { onLoopEnd: { kind: 'silent' } });
    const run = dddk.startAgent('I want a refund');
    await run.done;
    const tracked = intents.find((intent) => intent.kind === 'custom_track');
    assert.deepEqual(tracked?.kind === 'custom_track' && [tracked.name, tracked.props], ['refund_asked', { order: 12 }]);
    const escalated = intents.find((intent) => intent.kind === 'agent_escalated');
    assert.deepEqual(escalated?.kind === 'agent_escalated' && [escalated.runId, escalated.reason, escalated.context], [run.id, 'Refund', 'Order 12']);
    assert.equal(dddk.subtitle.getState().visible, false, 'the silent closure hides the bar');
  });

  it('a controller with an id keeps its agent session under its own key', BOUND, async () => {
    const id = scenarioId('controller-ids');
    mock.script(id, [
      envelopeTurn([{ narrate: 'From a.', tool: 'narrate', args: { text: 'a' } }], { final: true }),
      envelopeTurn([{ narrate: 'From b.', tool: 'narrate', args: { text: 'b' } }], { final: true }),
    ]);
    const storage = inspectableStorage();
    const a = controllerFor(id, { id: `agent-a-${id}`, onLoopEnd: { kind: 'silent' } }, { sessionStorage: storage.adapter });
    const b = controllerFor(id, { id: `agent-b-${id}`, onLoopEnd: { kind: 'silent' } }, { sessionStorage: storage.adapter });
    await a.dddk.startAgent('Task a').done;
    await b.dddk.startAgent('Task b').done;
    assert.deepEqual([...storage.values.keys()].sort(), [`dddk.webagent.session.agent-a-${id}`, `dddk.webagent.session.agent-b-${id}`]);
    assert.equal(a.dddk.agent.session()?.task, 'Task a');
    assert.equal(b.dddk.agent.session()?.task, 'Task b');
  });

  it('destroy() stops the run without another event, and the agent is gone with the controller', BOUND, async () => {
    const id = scenarioId('controller-destroy');
    mock.script(id, [{ ...envelopeTurn([{ narrate: 'Late.', tool: 'narrate', args: { text: 'l' } }], { final: true }), fault: { type: 'headers-delay', ms: 300 } }]);
    const { dddk, events } = controllerFor(id);
    const run = dddk.startAgent('Slow task');
    await new Promise((resolve) => setTimeout(resolve, 30));
    const before = events.length;
    dddk.destroy();
    const outcome = await run.done;
    assert.deepEqual([outcome.reason, outcome.stoppedBy], ['stopped', 'dispose']);
    assert.equal(events.length, before);
    assert.throws(() => dddk.startAgent('again'), /destroyed/);
  });
});

describe('with no LLM configured', () => {
  it('the offline guide answers, and the subtitle says it is offline', BOUND, async () => {
    const { page } = scriptedPage({ text: 'url: /start\ntitle: Orchard\n# Orchard\nA task planner for small teams.\n[e1] <a href="/pricing">Pricing</a>' });
    const dddk = createDddk({ locale: 'en', sitemap: [{ path: '/pricing', description: 'Plans and prices' }], agent: { page, sessionStorage: 'memory' } });
    created.push(dddk);
    const narrated: string[] = [];
    dddk.on('agent_narrate_complete', ({ text }) => narrated.push(text));
    const shown: string[] = [];
    dddk.subtitle.subscribe((state) => shown.push(state.text));
    const outcome = await dddk.startAgent('What does it cost? Show me the prices').done;
    assert.notEqual(outcome.reason, 'error', outcome.error?.message);
    assert.ok(narrated.length > 0, 'the guide narrated');
    assert.match(narrated[0]!, /offline/i);
    assert.ok(shown.some((text) => /offline/i.test(text) && text.includes(narrated[0]!)), 'the bar showed the labelled narration');
    assert.match(dddk.exportAgentRun()!.session.turns.map((turn) => (turn.kind === 'agent_step' ? turn.narration ?? '' : '')).join(' '), /offline/i);
  });
});

describe('the subtitle host', () => {
  it('offers no handlers for a subtitle model without prompts, so the agent declines instead of waiting', () => {
    const viewOnly = { ...createSubtitleModel() } as Record<string, unknown>;
    delete viewOnly.ask;
    delete viewOnly.pauseHint;
    delete viewOnly.cancelPrompt;
    assert.deepEqual(subtitleHost(viewOnly as never, { strings: () => ({}) as never }), {});
  });

  it('takes a pending question off the bar when the run stops', async () => {
    const subtitle = createSubtitleModel();
    const host = subtitleHost(subtitle, { strings: () => ({ nextStep: 'Next' }) as never });
    const controller = new AbortController();
    const answer = host.ask!('Name?', { signal: controller.signal });
    assert.equal(subtitle.getState().prompt?.kind, 'text');
    controller.abort();
    assert.equal(await answer, null);
    assert.equal(subtitle.getState().prompt, undefined);
  });
});
