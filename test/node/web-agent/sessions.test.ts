import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createWebAgent, type AgentEvent, type WebAgent } from '../../../core/agent/web-agent/index.js';
import type { ActionRecord } from '../../../core/loop/types.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import {
  agentConfig,
  BOUND,
  checkpointOf,
  collect,
  envelopeTurn,
  inspectableStorage,
  ofType,
  recordingAction,
  requestMessages,
  scenarioId,
  scriptedPage,
} from './support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('the session is written after every step', () => {
  it('stores the checkpoint after each loop step, with the running action recorded before it runs', BOUND, async () => {
    const id = scenarioId('written');
    mock.script(id, [
      envelopeTurn([
        { narrate: 'First.', tool: 'press', args: { target: 'e1' } },
        { narrate: 'Second.', tool: 'press', args: { target: 'e1' } },
      ]),
      envelopeTurn([{ narrate: 'Finished.', tool: 'narrate', args: { text: 'f' } }], { final: true }),
    ]);
    const storage = inspectableStorage();
    const seenWhileRunning: Array<ActionRecord['status'] | undefined> = [];
    const press = recordingAction('press', {
      run: () => {
        // What a reload at this instant would find.
        const pending = checkpointOf(storage.session()).pendingTurn;
        seenWhileRunning.push(pending?.actions[press.calls.length - 1]?.status);
      },
    });
    const { page } = scriptedPage();
    const events: AgentEvent[] = [];
    const agent = createWebAgent(agentConfig(mock, id, { page, customActions: [press], sessionStorage: storage.adapter, onEvent: collect(events) }));
    const outcome = await agent.run('Press twice').done;

    assert.equal(outcome.reason, 'done');
    assert.deepEqual(seenWhileRunning, ['running', 'running']);
    const saved = ofType(events, 'saved');
    // Per action: running, done; per turn: its close. 2 + 1 actions and 2 turns.
    assert.equal(saved.length, 3 * 2 + 2);
    assert.ok(saved.every((event) => event.status === 'saved'), 'every step changed the session and was written');
    const stored = storage.session()!;
    assert.equal(stored.status, 'done');
    assert.deepEqual(stored.completedSteps, ['task1.step1.action0', 'task1.step1.action1', 'task1.step1', 'task1.step2.action0', 'task1.step2']);
    assert.deepEqual(
      stored.turns.map((turn) => (turn.kind === 'agent_step' ? `${turn.tool}:${turn.ok}:${turn.narration}` : turn.kind)),
      ['user', 'press:true:First.', 'press:true:Second.', 'narrate:true:Finished.', 'agent_final'],
    );
    assert.equal(checkpointOf(stored).pendingTurn, undefined);
    assert.ok(storage.writes.length >= saved.length + 2, 'the begin and the end are written too');
  });

  it('stop() ends the run, leaves the session idle and not resumable', BOUND, async () => {
    const id = scenarioId('stop');
    mock.script(id, [envelopeTurn([{ narrate: 'Slow.', tool: 'press', args: { target: 'e1' } }])]);
    const storage = inspectableStorage();
    let agent!: WebAgent;
    const press = recordingAction('press', { run: () => agent.stop() });
    const { page, log } = scriptedPage();
    agent = createWebAgent(agentConfig(mock, id, { page, customActions: [press], sessionStorage: storage.adapter }));
    const outcome = await agent.run('Press').done;
    assert.deepEqual([outcome.reason, outcome.stoppedBy], ['stopped', 'user']);
    assert.equal(storage.session()?.status, 'idle');
    assert.equal(agent.resumeIfPending(), undefined);
    assert.equal(agent.running, false);
    assert.ok(log.clears >= 1);
  });
});

describe('resuming after a reload', () => {
  it('continues at the next step: a done action is not repeated, the pending one runs, the model goes on', BOUND, async () => {
    const id = scenarioId('resume-next');
    mock.script(id, [
      envelopeTurn([
        { narrate: 'Step A.', tool: 'press', args: { target: 'e1', name: 'A' } },
        { narrate: 'Step B.', tool: 'press', args: { target: 'e1', name: 'B' } },
      ]),
      envelopeTurn([{ narrate: 'All done.', tool: 'narrate', args: { text: 'd' } }], { final: true }),
    ]);
    const storage = inspectableStorage();
    let reloadedStorage: Map<string, string> | undefined;
    let first!: WebAgent;
    const firstPress = recordingAction('press', { run: () => pause(60) });
    const { page } = scriptedPage();
    first = createWebAgent(
      agentConfig(mock, id, {
        page,
        customActions: [firstPress],
        sessionStorage: storage.adapter,
        onEvent: (event) => {
          // The page unloads right after action A was recorded done.
          if (event.type === 'saved' && event.record.kind === 'action' && event.record.status === 'done' && !reloadedStorage) {
            reloadedStorage = storage.snapshot();
            first.dispose();
          }
        },
      }),
    );
    const stopped = await first.run('Press A then B').done;
    assert.deepEqual([stopped.reason, stopped.stoppedBy], ['stopped', 'dispose']);
    assert.deepEqual(firstPress.calls.map((call) => call.args.name), ['A']);

    const after = inspectableStorage(reloadedStorage);
    assert.equal(after.session()?.status, 'executing', 'the stored session still says the run is in progress');
    const secondPress = recordingAction('press');
    const events: AgentEvent[] = [];
    const second = createWebAgent(agentConfig(mock, id, { page, customActions: [secondPress], sessionStorage: after.adapter, onEvent: collect(events) }));
    const run = second.resumeIfPending();
    assert.ok(run, 'a run in progress is resumed');
    assert.equal(run.resumed, true);
    assert.equal(run.task, 'Press A then B');
    const outcome = await run.done;

    assert.equal(outcome.reason, 'done');
    assert.deepEqual(secondPress.calls.map((call) => call.args.name), ['B'], 'A ran once in all, B once');
    assert.equal(mock.requests(id).length, 2, 'the interrupted turn was not asked for again');
    const last = requestMessages(mock, id, 1);
    assert.match(last.find((message: { role: string }) => message.role === 'tool').content, /actions\[0\] \(press\) succeeded[\s\S]*actions\[1\] \(press\) succeeded/);
    assert.match(last.at(-1).content, /reloaded/, 'the model is told the page was reloaded');
    assert.equal(ofType(events, 'start')[0]?.resumed, true);
    const stored = after.session()!;
    assert.equal(stored.status, 'done');
    assert.equal(stored.turns.filter((turn) => turn.kind === 'agent_step' && turn.tool === 'press').length, 2);
    assert.equal(second.resumeIfPending(), undefined, 'a finished run is not resumed again');
  });

  it('an action cut by the reload is reported to the model, never run a second time', BOUND, async () => {
    const id = scenarioId('resume-running');
    mock.script(id, [
      envelopeTurn([{ narrate: 'Submitting.', tool: 'press', args: { target: 'e1' } }]),
      envelopeTurn([{ narrate: 'It went through.', tool: 'narrate', args: { text: 'ok' } }], { final: true }),
    ]);
    const storage = inspectableStorage();
    let reloaded: Map<string, string> | undefined;
    let first!: WebAgent;
    const firstPress = recordingAction('press', {
      run: () => {
        // The page unloads while the action runs (a link that loads a new page).
        reloaded = storage.snapshot();
        first.dispose();
      },
    });
    const { page } = scriptedPage();
    first = createWebAgent(agentConfig(mock, id, { page, customActions: [firstPress], sessionStorage: storage.adapter }));
    await first.run('Submit').done;

    const secondPress = recordingAction('press');
    const second = createWebAgent(agentConfig(mock, id, { page, customActions: [secondPress], sessionStorage: inspectableStorage(reloaded).adapter }));
    const outcome = await second.resumeIfPending()!.done;
    assert.equal(outcome.reason, 'done');
    assert.equal(firstPress.calls.length + secondPress.calls.length, 1);
    const result = requestMessages(mock, id, 1).find((message: { role: string }) => message.role === 'tool').content;
    assert.match(result, /failed \(navigation\)[\s\S]*reloaded while this action ran/);
  });

  it('a reload before the first step restarts the task; another agent on the page does not resume it twice', BOUND, async () => {
    const id = scenarioId('resume-early');
    mock.script(id, [{ ...envelopeTurn([{ narrate: 'Late.', tool: 'narrate', args: { text: 'l' } }], { final: true }), fault: { type: 'headers-delay', ms: 300 } }]);
    const storage = inspectableStorage();
    const { page } = scriptedPage();
    const first = createWebAgent(agentConfig(mock, id, { page, sessionStorage: storage.adapter }));
    first.run('Answer me');
    await pause(50);
    const reloaded = storage.snapshot();
    first.dispose();

    mock.script(id, [envelopeTurn([{ narrate: 'Here it is.', tool: 'narrate', args: { text: 'h' } }], { final: true })]);
    const shared = inspectableStorage(reloaded);
    const second = createWebAgent(agentConfig(mock, id, { page, sessionStorage: shared.adapter }));
    const third = createWebAgent(agentConfig(mock, id, { page, sessionStorage: shared.adapter }));
    const run = second.resumeIfPending();
    assert.ok(run);
    assert.equal(third.resumeIfPending(), undefined, 'the session is claimed by the agent that resumed it');
    const outcome = await run.done;
    assert.deepEqual([outcome.reason, outcome.summary], ['done', 'Here it is.']);
  });

  it('does not resume a session written in the other mode, and marks it failed', BOUND, () => {
    const storage = inspectableStorage();
    const { page } = scriptedPage();
    const id = scenarioId('mode');
    const envelope = createWebAgent(agentConfig(mock, id, { page, sessionStorage: storage.adapter }));
    envelope.run('Do it');
    envelope.dispose();
    const session = storage.session()!;
    session.transcript = { version: 1, mode: 'envelope', step: 1, transcript: { messages: [], records: [] } };
    const reloaded = inspectableStorage(storage.snapshot());
    // Write the edited transcript through a store-compatible record.
    const text = reloaded.values.get('dddk.webagent.session')!;
    const record = JSON.parse(text);
    record.body.transcript = session.transcript;
    reloaded.values.set('dddk.webagent.session', JSON.stringify(record));
    const classic = createWebAgent(agentConfig(mock, id, { page, mode: 'classic', sessionStorage: reloaded.adapter }));
    assert.equal(classic.resumeIfPending(), undefined);
    assert.equal(reloaded.session()?.status, 'failed');
  });
});

describe('follow-ups and continuity', () => {
  it('a follow-up within the continuity window continues the session, with the earlier exchange in the prompt', BOUND, async () => {
    const id = scenarioId('continuity');
    mock.script(id, [
      envelopeTurn([{ narrate: 'Grove costs $8.', tool: 'narrate', args: { text: 'g' } }], { final: true }),
      envelopeTurn([{ narrate: 'Estate costs $16.', tool: 'narrate', args: { text: 'e' } }], { final: true }),
      envelopeTurn([{ narrate: 'Hello again.', tool: 'narrate', args: { text: 'h' } }], { final: true }),
    ]);
    const { page } = scriptedPage();
    const events: AgentEvent[] = [];
    const agent = createWebAgent(agentConfig(mock, id, { page, sessionContinuityMs: 60_000, onEvent: collect(events) }));
    await agent.run('How much is Grove?').done;
    const firstSession = agent.session()!.id;
    await agent.run('And Estate?').done;
    assert.equal(agent.session()!.id, firstSession);
    assert.equal(ofType(events, 'start')[1]?.continued, true);
    const followUp = requestMessages(mock, id, 1);
    assert.equal(followUp[1].content, 'And Estate?');
    assert.match(followUp.at(-1).content, /The user asked: How much is Grove\?[\s\S]*You answered: Grove costs \$8\./);
    assert.equal(followUp.filter((message: { role: string }) => message.role === 'assistant').length, 0, 'the earlier run’s transcript is summed up, not replayed');

    await agent.run('Start over', { fresh: true }).done;
    assert.notEqual(agent.session()!.id, firstSession);
    assert.doesNotMatch(requestMessages(mock, id, 2).at(-1).content, /Grove/);
  });

  it('interruptForFollowup() stops the run and the next task continues its session even with continuity off', BOUND, async () => {
    const id = scenarioId('interrupt');
    mock.script(id, [
      envelopeTurn([{ narrate: 'Working.', tool: 'press', args: { target: 'e1' } }]),
      envelopeTurn([{ narrate: 'Switched to yearly.', tool: 'narrate', args: { text: 'y' } }], { final: true }),
    ]);
    const storage = inspectableStorage();
    let agent!: WebAgent;
    const press = recordingAction('press', { run: () => agent.interruptForFollowup() });
    const { page } = scriptedPage();
    agent = createWebAgent(agentConfig(mock, id, { page, customActions: [press], sessionStorage: storage.adapter }));
    const first = agent.run('Show monthly prices');
    const outcome = await first.done;
    assert.deepEqual([outcome.reason, outcome.stoppedBy], ['stopped', 'interrupt']);
    assert.equal(storage.session()?.status, 'interrupted');
    assert.equal(agent.resumeIfPending(), undefined, 'an interrupted run waits for the follow-up instead of resuming');
    const events: AgentEvent[] = [];
    const second = agent.run('Actually, yearly');
    for await (const event of second.events) events.push(event);
    assert.equal(ofType(events, 'start')[0]?.continued, true);
    assert.equal(storage.session()?.id, outcome.sessionId);
    assert.match(requestMessages(mock, id, 1).at(-1).content, /The user asked: Show monthly prices/);
  });

  it('a new task while a run is under way replaces it and continues its session', BOUND, async () => {
    const id = scenarioId('replace');
    mock.script(id, [
      { ...envelopeTurn([{ narrate: 'Never.', tool: 'narrate', args: { text: 'n' } }], { final: true }), fault: { type: 'headers-delay', ms: 400 } },
      envelopeTurn([{ narrate: 'Second task done.', tool: 'narrate', args: { text: 's' } }], { final: true }),
    ]);
    const { page } = scriptedPage();
    const agent = createWebAgent(agentConfig(mock, id, { page }));
    const first = agent.run('First task');
    await pause(30);
    const second = agent.run('Second task');
    const [firstOutcome, secondOutcome] = await Promise.all([first.done, second.done]);
    assert.deepEqual([firstOutcome.reason, firstOutcome.stoppedBy], ['stopped', 'replaced']);
    assert.equal(secondOutcome.reason, 'done');
    assert.equal(secondOutcome.sessionId, firstOutcome.sessionId);
    assert.equal(agent.session()?.turns.filter((turn) => turn.kind === 'user').length, 2);
  });
});

describe('export', () => {
  it('exportRun() gives the session and the last outcome as plain JSON', BOUND, async () => {
    const id = scenarioId('export');
    mock.script(id, [envelopeTurn([{ narrate: 'Exported.', tool: 'narrate', args: { text: 'x' } }], { final: true })]);
    const { page } = scriptedPage();
    const agent = createWebAgent(agentConfig(mock, id, { page }));
    assert.equal(agent.exportRun(), null);
    const run = agent.run('Export me');
    await run.done;
    const exported = agent.exportRun()!;
    assert.equal(exported.format, 'dddk.agent-run');
    assert.equal(exported.runId, run.id);
    assert.deepEqual(exported.outcome, { reason: 'done', steps: 1, summary: 'Exported.' });
    assert.equal(exported.session.task, 'Export me');
    assert.deepEqual(JSON.parse(JSON.stringify(exported)), exported);
  });
});
