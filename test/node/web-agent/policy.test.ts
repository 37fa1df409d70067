import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createWebAgent, type AgentEvent } from '../../../core/agent/web-agent/index.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { agentConfig, BOUND, collect, envelopeTurn, ofType, recordingAction, requestMessages, scenarioId, scriptedPage } from './support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

describe('the web agent as a policy over the loop', () => {
  it('reads the page each turn, offers the page actions and the host actions, and runs a task to its end', BOUND, async () => {
    const id = scenarioId('end-to-end');
    mock.script(id, [
      envelopeTurn([{ narrate: 'I press Go.', about: ['e1'], tool: 'press', args: { target: 'e1' } }]),
      envelopeTurn([{ narrate: 'All done: the form is sent.', tool: 'narrate', args: { text: 'sent' } }], { final: true }),
    ]);
    const { page, log, state } = scriptedPage({ text: 'url: /start\n[e1] <button>Go</button>' });
    const press = recordingAction('press', { run: () => void (state.text = 'url: /start\nThanks, it was sent.') });
    const events: AgentEvent[] = [];
    const agent = createWebAgent(agentConfig(mock, id, { page, customActions: [press], siteName: 'Orchard', onEvent: collect(events) }));

    const run = agent.run('Send the form');
    const outcome = await run.done;

    assert.equal(outcome.reason, 'done');
    assert.equal(outcome.summary, 'All done: the form is sent.');
    assert.equal(outcome.steps, 2);
    assert.deepEqual(press.calls.map((call) => call.element), [{ id: 'e1', label: 'button "Go"' }]);
    assert.equal(log.reads.length, 2, 'one reading per turn');
    assert.ok(log.clears >= 1, 'overlays are cleared when the run ends');

    const first = requestMessages(mock, id, 0);
    assert.equal(first[0].role, 'system');
    assert.match(first[0].content, /Orchard/);
    assert.deepEqual(first[1], { role: 'user', content: 'Send the form' });
    assert.equal(first.at(-1).role, 'user');
    assert.match(first.at(-1).content, /\[e1\] <button>Go<\/button>/);
    const second = requestMessages(mock, id, 1);
    assert.match(second.at(-1).content, /Thanks, it was sent\./, 'the second turn reads the page as the action left it');
    assert.equal(second[2].role, 'assistant', 'the transcript sits between the request and the page');

    const body = mock.requests(id)[0]!.body;
    const tools: string[] = body.tools[0].function.parameters.properties.actions.items.properties.tool.enum;
    for (const name of ['click', 'fill_input', 'select_option', 'navigate', 'ask_user', 'press']) assert.ok(tools.includes(name), `offers ${name}`);
    assert.equal(tools.at(-1), 'press', 'host actions come after the page actions');

    const types = events.map((event) => event.type);
    assert.equal(types[0], 'start');
    assert.equal(types.at(-1), 'final');
    assert.equal(ofType(events, 'narrate-delta').filter((event) => event.step === 1).map((event) => event.text).join(''), 'I press Go.');
    assert.deepEqual(ofType(events, 'tool-end').map((event) => [event.name, event.result.ok]), [
      ['press', true],
      ['narrate', true],
    ]);
    const replayed: AgentEvent[] = [];
    for await (const event of run.events) replayed.push(event);
    assert.deepEqual(replayed.map((event) => event.type), types, 'run.events replays every event to a late reader');
  });

  it('resolves a target through the reading of the current turn; an id it does not list fails for the model', BOUND, async () => {
    const id = scenarioId('resolve');
    mock.script(id, [
      envelopeTurn([{ tool: 'press', args: { target: 'e9' } }]),
      envelopeTurn([{ narrate: 'Sorry.', tool: 'narrate', args: { text: 'x' } }], { final: true }),
    ]);
    const { page, log } = scriptedPage();
    const press = recordingAction('press');
    const agent = createWebAgent(agentConfig(mock, id, { page, customActions: [press] }));
    await agent.run('Press nine').done;
    assert.deepEqual(log.resolved, ['e9']);
    const toolMessage = requestMessages(mock, id, 1).find((message: { role: string }) => message.role === 'tool');
    assert.match(toolMessage.content, /actions\[0\] \(press\) failed \(not_found\)/);
  });

  it('applies excludeTools and actionOverrides once, not again in the system prompt', BOUND, async () => {
    const id = scenarioId('overrides');
    mock.script(id, [envelopeTurn([{ narrate: 'Hi.', tool: 'narrate', args: { text: 'hi' } }], { final: true })]);
    const { page } = scriptedPage();
    const agent = createWebAgent(
      agentConfig(mock, id, {
        page,
        excludeTools: ['drag', 'hover'],
        actionOverrides: { click: { appendDescription: 'Never click ads.' }, navigate: { description: 'Go somewhere on this site.' } },
      }),
    );
    await agent.run('Say hi').done;
    const tool = mock.requests(id)[0]!.body.tools[0].function;
    const names: string[] = tool.parameters.properties.actions.items.properties.tool.enum;
    assert.ok(!names.includes('drag') && !names.includes('hover'));
    assert.equal(tool.description.match(/Never click ads\./g)?.length, 1, 'the appended line appears exactly once');
    assert.match(tool.description, /## navigate\nGo somewhere on this site\.\n/);
    assert.doesNotMatch(requestMessages(mock, id, 0)[0].content, /Never click ads/, 'the system prompt does not list the tools a second time');
  });

  it('trims the oldest turns to maxTurnsInPrompt but keeps the request first and the page last', BOUND, async () => {
    const id = scenarioId('trim');
    mock.script(id, [
      envelopeTurn([{ tool: 'press', args: { target: 'e1' } }], { memory: 'first' }),
      envelopeTurn([{ tool: 'press', args: { target: 'e1' } }], { memory: 'second' }),
      envelopeTurn([{ narrate: 'Done.', tool: 'narrate', args: { text: 'd' } }], { final: true, memory: 'third' }),
    ]);
    const { page } = scriptedPage();
    const agent = createWebAgent(agentConfig(mock, id, { page, customActions: [recordingAction('press')], maxTurnsInPrompt: 1 }));
    await agent.run('Press twice').done;
    const third = requestMessages(mock, id, 2);
    assert.deepEqual(third.map((message: { role: string }) => message.role), ['system', 'user', 'assistant', 'tool', 'user']);
    assert.equal(third[1].content, 'Press twice');
    assert.match(third[2].tool_calls[0].function.arguments, /"memory":"second"/, 'only the latest turn is kept');
  });

  it('offers a registered tool from the next turn on, until it is removed', BOUND, async () => {
    const id = scenarioId('register');
    mock.script(id, [
      envelopeTurn([{ narrate: 'One.', tool: 'narrate', args: { text: '1' } }], { final: true }),
      envelopeTurn([{ narrate: 'Two.', tool: 'open_cart', args: {} }], { final: true }),
      envelopeTurn([{ narrate: 'Three.', tool: 'narrate', args: { text: '3' } }], { final: true }),
    ]);
    const { page } = scriptedPage();
    const agent = createWebAgent(agentConfig(mock, id, { page }));
    const toolNames = (index: number): string[] => mock.requests(id)[index]!.body.tools[0].function.parameters.properties.actions.items.properties.tool.enum;
    await agent.run('one').done;
    const openCart = recordingAction('open_cart');
    const handle = agent.registerTool(openCart);
    assert.throws(() => agent.registerTool(recordingAction('open_cart')), /already offered/);
    assert.throws(() => agent.registerTool(recordingAction('click')), /already offered/);
    await agent.run('two').done;
    handle.remove();
    await agent.run('three').done;
    assert.ok(!toolNames(0).includes('open_cart'));
    assert.ok(toolNames(1).includes('open_cart'));
    assert.equal(openCart.calls.length, 1);
    assert.ok(!toolNames(2).includes('open_cart'));
  });

  it('passes its limits to the loop: maxSteps ends a long run, maxErrors a failing one', BOUND, async () => {
    const id = scenarioId('max-steps');
    mock.script(id, [envelopeTurn([{ tool: 'press', args: {} }]), envelopeTurn([{ tool: 'press', args: {} }])]);
    const { page } = scriptedPage();
    const agent = createWebAgent(agentConfig(mock, id, { page, customActions: [recordingAction('press')], maxSteps: 2 }));
    const outcome = await agent.run('Press forever').done;
    assert.deepEqual([outcome.reason, outcome.steps], ['max_steps', 2]);
    assert.equal(agent.session()?.status, 'failed');

    const id2 = scenarioId('max-errors');
    mock.script(id2, [{ status: 500 }, { status: 500 }, { status: 500 }]);
    const events: AgentEvent[] = [];
    const failing = createWebAgent(agentConfig(mock, id2, { page, maxErrors: 2, onEvent: collect(events) }));
    const failed = await failing.run('Try').done;
    assert.equal(failed.reason, 'error');
    assert.equal(mock.requests(id2).length, 2);
    assert.deepEqual(ofType(events, 'error').map((event) => event.retrying), [true, false]);
  });

  it('refuses a bad configuration or task with a TypeError that names the field', () => {
    const llm = { name: 'x', complete: async () => ({}) as never, stream: async function* () {} };
    const cases: Array<[unknown, RegExp]> = [
      [{}, /config\.llm must be an LLM provider/],
      [{ llm, colour: 'red' }, /unknown field "colour"/],
      [{ llm, domMaxLength: -1 }, /config\.domMaxLength must be a positive integer/],
      [{ llm, effects: { destructivePatterns: ['delete'] } }, /config\.effects\.destructivePatterns must be an array of RegExp/],
      [{ llm, effects: { classes: { 'choose-file': 'allow' } } }, /config\.effects\.classes\.choose-file cannot be changed: file choosers are always refused/],
      [{ llm, effects: { decide: 'yes' } }, /config\.effects\.decide must be a function/],
      [{ llm, pace: 'slow' }, /config\.pace must be "self" or "visitor"/],
      [{ llm, disableConfirmations: true }, /unknown field "disableConfirmations"/],
      [{ llm, excludeTools: ['teleport'] }, /config\.excludeTools names "teleport", which is not an action/],
      [{ llm, customActions: [{ name: 'click', description: 'x', parameters: {}, run: async () => ({ ok: true }) }] }, /customActions has "click", which is a built-in action/],
      [{ llm, customActions: [{ name: 'bad name', description: 'x', parameters: {}, run: async () => ({ ok: true }) }] }, /customActions\[0\]\.name must be/],
      [{ llm, page: { read() {} } }, /config\.page must be an object with read, resolve, location, settle, clear methods \(it lacks resolve/],
    ];
    for (const [config, message] of cases) {
      assert.throws(() => createWebAgent(config as never), (error: unknown) => error instanceof TypeError && message.test(error.message), String(message));
    }
    const agent = createWebAgent({ llm, page: scriptedPage().page, sessionStorage: 'memory' });
    for (const task of ['', ' ', 7, null, 'x'.repeat(4_001)]) {
      assert.throws(() => agent.run(task as never), /agent\.run\(task, options\): task /);
    }
  });

  it('runs in classic mode with native tools, streaming free text', BOUND, async () => {
    const id = scenarioId('classic');
    mock.script(id, [{ toolCalls: [{ name: 'press', arguments: { target: 'e1' } }] }, { text: 'Pressed it for you.' }]);
    const { page } = scriptedPage();
    const press = recordingAction('press');
    const events: AgentEvent[] = [];
    const agent = createWebAgent(agentConfig(mock, id, { page, mode: 'classic', customActions: [press], onEvent: collect(events) }));
    const outcome = await agent.run('Press it').done;
    assert.equal(outcome.summary, 'Pressed it for you.');
    assert.equal(press.calls.length, 1);
    assert.equal(ofType(events, 'text-delta').map((event) => event.text).join(''), 'Pressed it for you.');
    const body = mock.requests(id)[0]!.body;
    assert.equal(body.tool_choice, 'auto');
    assert.ok(body.tools.some((tool: { function: { name: string } }) => tool.function.name === 'press'));
  });

  it('narrates a plan before the first turn, offers the planned envelope and lists the todos each turn', BOUND, async () => {
    const id = scenarioId('planner');
    const plan = { task_summary: 'I will open pricing and compare the plans.', todos: ['Open the pricing page', 'Compare the plans'] };
    mock.script(id, [
      { text: JSON.stringify(plan) },
      { toolCalls: [{ id: 'call_turn', name: 'agent_turn', arguments: { memory: 'm', turn_planning: { evaluation_previous_goal: '', next_goal: 'open' }, todo_adjust: { remove: ['t1'], replace: [] }, actions: [{ narrate: 'Opening.', about: [], tool: 'press', args: { target: 'e1' } }], is_final: false } }] },
      envelopeTurn([{ narrate: 'Compared.', tool: 'narrate', args: { text: 'c' } }], { final: true }),
    ]);
    const { page } = scriptedPage();
    const events: AgentEvent[] = [];
    const agent = createWebAgent(agentConfig(mock, id, { page, planner: true, announcePlan: true, customActions: [recordingAction('press')], onEvent: collect(events) }));
    const outcome = await agent.run('Compare plans').done;
    assert.equal(outcome.reason, 'done');
    assert.deepEqual(ofType(events, 'plan')[0]?.plan, plan);
    const announced = ofType(events, 'narrate-complete')[0]!;
    assert.deepEqual([announced.step, announced.text], [0, plan.task_summary]);
    const planning = mock.requests(id)[0]!.body;
    assert.equal(planning.tools, undefined, 'the planning call offers no tools');
    assert.match(planning.messages[1].content, /Compare plans/);
    const firstTurn = mock.requests(id)[1]!.body;
    assert.ok(firstTurn.tools[0].function.parameters.properties.todo_adjust, 'the planned envelope edits the plan');
    assert.match(requestMessages(mock, id, 1).at(-1).content, /t1: Open the pricing page\n- t2: Compare the plans/);
    const secondTurn = requestMessages(mock, id, 2).at(-1).content;
    assert.doesNotMatch(secondTurn, /t1:/, 'a todo the model removed is gone');
    assert.match(secondTurn, /t2: Compare the plans/);
    assert.deepEqual(agent.session()?.plan, plan);
  });

  it('goes on without a plan when planning fails, and takes a plan from a planner function', BOUND, async () => {
    const id = scenarioId('planner-fails');
    mock.script(id, [{ text: 'no json here' }, { text: 'still none' }, envelopeTurn([{ narrate: 'Fine.', tool: 'narrate', args: { text: 'f' } }], { final: true })]);
    const { page } = scriptedPage();
    const events: AgentEvent[] = [];
    const agent = createWebAgent(agentConfig(mock, id, { page, planner: true, onEvent: collect(events) }));
    assert.equal((await agent.run('Do it').done).reason, 'done');
    assert.match(ofType(events, 'plan-failed')[0]!.error.message, /no JSON object/);
    assert.equal(mock.requests(id)[1]!.body.messages.at(-1).content, ofType(events, 'plan-failed')[0]!.error.message, 'the second planning call is told what was wrong');

    const id2 = scenarioId('planner-function');
    mock.script(id2, [envelopeTurn([{ narrate: 'Ok.', tool: 'narrate', args: { text: 'o' } }], { final: true })]);
    let input: { task: string; url: string; pageText: string } | undefined;
    const agent2 = createWebAgent(
      agentConfig(mock, id2, {
        page,
        planner: async (given) => {
          input = given;
          return { task_summary: 'Plan.', todos: ['Only step'] };
        },
      }),
    );
    await agent2.run('Plan it').done;
    assert.equal(input?.task, 'Plan it');
    assert.equal(input?.url, '/start');
    assert.match(requestMessages(mock, id2, 0).at(-1).content, /t1: Only step/);
  });
});
