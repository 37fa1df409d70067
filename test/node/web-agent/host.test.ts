import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createWebAgent, type AgentEvent, type AgentHost, type AgentPauseRequest } from '../../../core/agent/web-agent/index.js';
import type { ConfirmRequest } from '../../../core/page/actions/types.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { agentConfig, BOUND, collect, envelopeTurn, ofType, recordingAction, requestMessages, scenarioId, scriptedPage } from './support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

const finalTurn = (text = 'Done.') => envelopeTurn([{ narrate: text, tool: 'narrate', args: { text } }], { final: true });
const toolResultOf = (id: string, request: number): string =>
  requestMessages(mock, id, request).find((message: { role: string }) => message.role === 'tool').content;

describe('consent before actions with effects', () => {
  it('asks the host before a host tool whose name reads destructive, naming its element, and runs it once approved', BOUND, async () => {
    const id = scenarioId('confirm-approve');
    mock.script(id, [envelopeTurn([{ narrate: 'Removing it.', tool: 'delete_row', args: { target: 'e1' } }]), finalTurn()]);
    const asked: ConfirmRequest[] = [];
    const deleteRow = recordingAction('delete_row');
    const events: AgentEvent[] = [];
    const agent = createWebAgent(
      agentConfig(mock, id, {
        page: scriptedPage().page,
        customActions: [deleteRow],
        host: { confirm: async (request) => (asked.push(request), true) },
        onEvent: collect(events),
      }),
    );
    await agent.run('Delete the row').done;
    assert.equal(deleteRow.calls.length, 1);
    assert.equal(asked.length, 1);
    assert.equal(asked[0]!.message, 'Run "delete row" on the button "Go"?');
    const confirms = ofType(events, 'confirm');
    assert.deepEqual(confirms.map((event) => [event.name, event.approved, event.question]), [['delete_row', true, 'Run "delete row" on the button "Go"?']]);
    assert.deepEqual(confirms[0]!.effects?.map((effect) => [effect.kind, effect.decision, effect.decidedBy]), [['host-action', 'confirm', 'wording']]);
  });

  it('a refusal, or no one to ask, means the action does not run and the model hears why', BOUND, async () => {
    for (const host of [{ confirm: async () => false }, {}] as AgentHost[]) {
      const id = scenarioId('confirm-decline');
      mock.script(id, [envelopeTurn([{ tool: 'delete_row', args: {} }]), finalTurn('Kept it.')]);
      const deleteRow = recordingAction('delete_row');
      const agent = createWebAgent(agentConfig(mock, id, { page: scriptedPage().page, customActions: [deleteRow], host }));
      await agent.run('Delete the row').done;
      assert.equal(deleteRow.calls.length, 0);
      assert.match(toolResultOf(id, 1), /failed \(user_declined\)\. The user declined to run "delete_row"/);
    }
  });

  it('matches the element a tool is given: a host tool pressing a "Delete account" button asks', BOUND, async () => {
    const id = scenarioId('confirm-target');
    mock.script(id, [envelopeTurn([{ tool: 'press', args: { target: 'e2' } }]), finalTurn()]);
    const { page } = scriptedPage({ elements: { e1: 'button "Go"', e2: 'button "Delete account"' } });
    const asked: string[] = [];
    const agent = createWebAgent(agentConfig(mock, id, { page, customActions: [recordingAction('press')], host: { confirm: async (request) => (asked.push(request.message), true) } }));
    await agent.run('Close my account').done;
    assert.deepEqual(asked, ['Run "press" on the button "Delete account"?']);
  });

  it('pointing at a "Delete account" button asks nothing, and neither does moving within the site', BOUND, async () => {
    const id = scenarioId('confirm-pointing');
    mock.script(id, [
      envelopeTurn([
        { narrate: 'This is the button.', tool: 'highlight', args: { target: 'e2' } },
        { narrate: 'And its settings page.', tool: 'navigate', args: { path: '/account/delete' } },
      ]),
      finalTurn(),
    ]);
    const { page } = scriptedPage({ elements: { e2: 'button "Delete account"' } });
    const asked: string[] = [];
    const agent = createWebAgent(agentConfig(mock, id, { page, host: { confirm: async (request) => (asked.push(request.action), false) } }));
    await agent.run('Where do I delete my account?').done;
    assert.deepEqual(asked, []);
  });

  it('follows the effect policy: classes, extra wording, and a tool’s own requireConfirmation', BOUND, async () => {
    const cases = [
      { config: { effects: { classes: { destructive: 'allow' as const } } }, action: recordingAction('delete_row'), asks: 0 },
      { config: { effects: { destructivePatterns: [/\bpress\b/] } }, action: recordingAction('press'), asks: 1 },
      { config: { effects: { classes: { 'host-action': 'confirm' as const } } }, action: recordingAction('press'), asks: 1 },
      { config: {}, action: recordingAction('press', { requireConfirmation: true }), asks: 1 },
      { config: {}, action: recordingAction('delete_row', { requireConfirmation: false }), asks: 0 },
      { config: {}, action: recordingAction('delete_row', { requireConfirmation: (args) => args.hard === true }), asks: 0 },
    ];
    for (const { config, action, asks } of cases) {
      const id = scenarioId('confirm-options');
      mock.script(id, [envelopeTurn([{ tool: action.name, args: {} }]), finalTurn()]);
      let asked = 0;
      const agent = createWebAgent(agentConfig(mock, id, { page: scriptedPage().page, customActions: [action], host: { confirm: async () => (asked++, true) }, ...config }));
      await agent.run('Go').done;
      assert.equal(asked, asks, `${action.name} with ${JSON.stringify(config)}`);
      assert.equal(action.calls.length, 1);
    }
  });

  it('a policy that refuses, or that throws, keeps the action from running; a throw is reported and never allows', BOUND, async () => {
    const broken = new Error('policy backend down');
    const cases = [
      { decide: () => 'refuse' as const, errors: [] as Error[], note: /failed \(not_allowed\)\. This action was not run: it would run "press", and the site's policy does not let the assistant do that/ },
      {
        decide: () => {
          throw broken;
        },
        errors: [broken],
        note: /failed \(not_allowed\)\. This action was not run: it would run "press", and the site's policy could not decide about it, so it is refused/,
      },
    ];
    for (const { decide, errors, note } of cases) {
      const id = scenarioId('policy-refuse');
      mock.script(id, [envelopeTurn([{ tool: 'press', args: {} }]), finalTurn()]);
      const press = recordingAction('press');
      const events: AgentEvent[] = [];
      let asked = 0;
      const agent = createWebAgent(
        agentConfig(mock, id, { page: scriptedPage().page, customActions: [press], effects: { decide }, host: { confirm: async () => (asked++, true) }, onEvent: collect(events) }),
      );
      await agent.run('Go').done;
      assert.equal(press.calls.length, 0);
      assert.equal(asked, 0);
      assert.match(toolResultOf(id, 1), note);
      // The note is the engine's own, so it carries the session's mark, never the page's fence.
      assert.match(toolResultOf(id, 1), /<system-reminder mark="[^"]+">[^<]*This action was not run/);
      assert.deepEqual(ofType(events, 'policy-error').map((event) => event.error), errors);
    }
  });
});

describe('questions and pauses', () => {
  it('ask_user waits for the host’s answer and needs no pause after it; a dismissal is a refusal', BOUND, async () => {
    const id = scenarioId('ask');
    mock.script(id, [
      envelopeTurn([{ narrate: 'Which colour?', tool: 'ask_user', args: { question: 'Which colour?' } }]),
      envelopeTurn([{ narrate: 'And the size?', tool: 'ask_user_choice', args: { question: 'Size?', options: ['S', 'M'] } }]),
      envelopeTurn([{ narrate: 'Anything else?', tool: 'ask_user', args: { question: 'Else?' } }]),
      finalTurn('Blue, M.'),
    ]);
    const pauses: AgentPauseRequest[] = [];
    const answers = ['Blue', null];
    const agent = createWebAgent(
      agentConfig(mock, id, {
        page: scriptedPage().page,
        host: {
          ask: async () => answers.shift() ?? null,
          choose: async (_question, choices) => choices[1]!,
          pause: async (request) => (pauses.push(request), 'continue'),
        },
      }),
    );
    await agent.run('Order a shirt').done;
    // The answer is tool output, so it arrives inside the run's fence, after the engine's status line.
    assert.match(toolResultOf(id, 1), /succeeded\.[\s\S]*<untrusted-text [^>]*>[\s\S]*The user answered: \\?"Blue\\?"/);
    assert.match(requestMessages(mock, id, 2).filter((m: { role: string }) => m.role === 'tool').at(-1).content, /The user chose \\?"M\\?"/);
    assert.match(requestMessages(mock, id, 3).filter((m: { role: string }) => m.role === 'tool').at(-1).content, /user_declined/);
    assert.deepEqual(pauses, [], 'a run goes on by itself: no pause, narrated or not');
  });

  it('a visitor-paced run says what comes next before each action, and stops when the user says so', BOUND, async () => {
    const id = scenarioId('pause');
    mock.script(id, [
      envelopeTurn([
        { narrate: 'One.', tool: 'press', args: {} },
        { narrate: 'Two.', tool: 'press', args: {} },
      ]),
      envelopeTurn([{ narrate: 'Three.', tool: 'press', args: {} }]),
    ]);
    const pauses: AgentPauseRequest[] = [];
    const decisions: Array<'continue' | 'stop'> = ['continue', 'stop'];
    const press = recordingAction('press');
    const events: AgentEvent[] = [];
    const agent = createWebAgent(
      agentConfig(mock, id, {
        page: scriptedPage().page,
        customActions: [press],
        pace: 'visitor',
        host: { pause: async (request) => (pauses.push(request), decisions.shift()!) },
        onEvent: collect(events),
      }),
    );
    const outcome = await agent.run('Press three times').done;
    assert.deepEqual(pauses.map((pause) => [pause.cause, pause.step, pause.actionIndex, pause.message]), [
      ['step', 1, 0, 'Next: One.'],
      ['step', 1, 1, 'Next: Two.'],
    ]);
    assert.deepEqual([outcome.reason, outcome.stoppedBy], ['stopped', 'pause']);
    assert.equal(press.calls.length, 1, 'the pause comes before the action: stopping there keeps it from running');
    assert.deepEqual(ofType(events, 'pause').map((event) => event.decision), ['continue', 'stop']);

    const id2 = scenarioId('pause-unnarrated');
    mock.script(id2, [envelopeTurn([{ tool: 'press', args: { target: 'e1' } }], { final: true })]);
    const asked: string[] = [];
    const agent2 = createWebAgent(agentConfig(mock, id2, { page: scriptedPage().page, pace: 'visitor', customActions: [recordingAction('press')], host: { pause: async (request) => (asked.push(request.message), 'continue') } }));
    assert.equal((await agent2.run('Press it').done).reason, 'done');
    assert.deepEqual(asked, ['Next: press the button "Go"'], 'an action without narration is named in plain words');
  });

  it('the pause tool waits with the model’s message; track and escalate reach the host', BOUND, async () => {
    const id = scenarioId('pause-tool');
    mock.script(id, [
      envelopeTurn([
        { tool: 'pause', args: { message: 'Sign in, then continue.' } },
        { tool: 'track_intent', args: { name: 'pricing_question', props: { plan: 'pro' } } },
        { tool: 'escalate_to_human', args: { reason: 'Refund request', summary: 'Wants money back' } },
      ]),
      finalTurn(),
    ]);
    const pauses: AgentPauseRequest[] = [];
    const tracked: unknown[] = [];
    const escalated: unknown[] = [];
    const agent = createWebAgent(
      agentConfig(mock, id, {
        page: scriptedPage().page,
        host: {
          pause: async (request) => (pauses.push(request), 'continue'),
          track: (name, props) => void tracked.push([name, props]),
          escalate: (request) => (escalated.push(request), 'ticket-7'),
        },
      }),
    );
    await agent.run('Help').done;
    assert.deepEqual(pauses.map((pause) => [pause.cause, pause.message]), [['tool', 'Sign in, then continue.']]);
    assert.deepEqual(tracked, [['pricing_question', { plan: 'pro' }]]);
    assert.deepEqual(escalated, [{ reason: 'Refund request', summary: 'Wants money back' }]);
    assert.match(toolResultOf(id, 1), /ticket-7/);
  });
});

describe('navigation', () => {
  it('after an action moves the page it waits for the DOM to settle, then tells the model where it is', BOUND, async () => {
    const id = scenarioId('navigate');
    mock.script(id, [envelopeTurn([{ narrate: 'To pricing.', tool: 'go', args: {} }]), finalTurn('Here are the prices.')]);
    const { page, log, state } = scriptedPage();
    const settlesAtNavigated: number[] = [];
    const go = {
      name: 'go',
      description: 'Go to pricing.',
      parameters: { type: 'object', properties: {} },
      async run() {
        state.url = '/pricing';
        state.text = 'url: /pricing\nGrove $8';
        return { ok: true as const, message: 'Moved.', navigation: { from: 'http://site.test/start', to: 'http://site.test/pricing' } };
      },
    };
    const events: AgentEvent[] = [];
    const agent = createWebAgent(
      agentConfig(mock, id, {
        page,
        customActions: [go],
        onEvent: (event) => {
          events.push(event);
          if (event.type === 'navigated') settlesAtNavigated.push(log.settles);
        },
      }),
    );
    await agent.run('Show prices').done;
    const navigating = ofType(events, 'navigating')[0]!;
    assert.equal(navigating.to, 'http://site.test/pricing');
    assert.ok(events.indexOf(navigating) < events.findIndex((event) => event.type === 'navigated'));
    assert.deepEqual(settlesAtNavigated, [1], 'the DOM settled before navigated was announced');
    const next = requestMessages(mock, id, 1).at(-1).content;
    assert.match(next, /URL: \/pricing/);
    assert.match(next, /The page moved to \/pricing/);
    assert.equal(agent.session()?.currentPage, '/pricing');
  });

  it('makes no model call while the page is being left for another document', BOUND, async () => {
    const id = scenarioId('leaving');
    mock.script(id, [envelopeTurn([{ tool: 'press', args: {} }]), finalTurn('Still here.')]);
    const { page } = scriptedPage();
    let leaving = false;
    page.isLeaving = () => leaving;
    const press = recordingAction('press', { run: () => void (leaving = true) });
    const agent = createWebAgent(agentConfig(mock, id, { page, customActions: [press] }));
    const run = agent.run('Follow the link');
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(mock.requests(id).length, 1, 'the next turn waits for the unload');
    // The navigation was called off: the page stays, and the run goes on.
    leaving = false;
    assert.equal((await run.done).reason, 'done');
    assert.equal(mock.requests(id).length, 2);
  });
});
