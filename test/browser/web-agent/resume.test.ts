import { expect } from '@open-wc/testing';
import type { DddkController } from '../../../core/controller/create-dddk.js';
import { $, cleanUp, controllerFor, eventually, finalTurn, idOf, mock, mount, requestMessages, scenario, SESSION_KEY, turn } from './support.js';

describe('a run interrupted by a reload', () => {
  const startUrl = location.href;
  afterEach(() => cleanUp(startUrl));

  it('continues at the next step in a new controller over the same sessionStorage, running no step twice', async () => {
    const client = await mock();
    mount('<button id="a" type="button">Step A</button><button id="b" type="button">Step B</button>');
    const clicked: string[] = [];
    for (const name of ['a', 'b']) $(`#${name}`).addEventListener('click', () => clicked.push(name));
    const id = scenario('reload');
    await client.script(id, [
      turn([
        { narrate: 'First, A.', tool: 'click', args: { target: idOf('#a') } },
        { narrate: 'Then a short wait.', tool: 'wait', args: { ms: 150 } },
        { narrate: 'Now B.', tool: 'click', args: { target: idOf('#b') } },
      ]),
      finalTurn('A and B are done.'),
    ]);

    // Visitor-paced, so the "reload" can come at a known point: while the run waits before B.
    const before = controllerFor(client, id, { agent: { pace: 'visitor' }, onLoopEnd: { kind: 'silent' } });
    const pauses: string[] = [];
    before.subtitle.subscribe((state, previous) => {
      if (state.prompt?.kind !== 'pause' || state.prompt === previous.prompt) return;
      pauses.push(state.prompt.message);
      if (pauses.length < 3) setTimeout(() => before.subtitle.answerPrompt({ kind: 'pause', decision: 'continue' }), 0);
      else setTimeout(() => before.destroy(), 0);
    });
    const first = before.startAgent('Do A, then B');
    const stopped = await first.done;
    expect([stopped.reason, stopped.stoppedBy]).to.deep.equal(['stopped', 'dispose']);
    expect(pauses).to.deep.equal(['Next: First, A.', 'Next: Then a short wait.', 'Next: Now B.']);
    expect(clicked).to.deep.equal(['a']);
    const stored = JSON.parse(sessionStorage.getItem(SESSION_KEY)!);
    expect(['thinking', 'executing', 'navigating', 'waiting']).to.include(stored.body.status);

    // The new page: a controller created over the same storage resumes on its own.
    let after!: DddkController;
    const resumed: Array<{ runId: string; resumed: boolean }> = [];
    const createAfter = () => {
      after = controllerFor(client, id, { agent: { pace: 'visitor' }, onLoopEnd: { kind: 'silent' } });
      after.on('agent_start', (event) => resumed.push(event));
      after.subtitle.subscribe((state, previous) => {
        if (state.prompt?.kind === 'pause' && state.prompt !== previous.prompt) setTimeout(() => after.subtitle.answerPrompt({ kind: 'pause', decision: 'continue' }), 0);
      });
    };
    createAfter();
    await eventually(() => expect(resumed).to.have.length(1));
    expect(resumed[0]!.resumed).to.equal(true);
    const outcome = await after.agent.currentRun!.done;
    expect(outcome.reason).to.equal('done');
    expect(clicked, 'A once, B once').to.deep.equal(['a', 'b']);
    const requests = await client.requests(id);
    expect(requests, 'the interrupted turn was not asked for again').to.have.length(2);
    const last = await requestMessages(client, id, 1);
    expect(last.at(-1).content).to.contain('reloaded');
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!).body.status).to.equal('done');
  });

  it('a link that loads a new page mid-run: the next page resumes the run from the stored session', async () => {
    const client = await mock();
    const id = scenario('real-reload');
    await client.script(id, [
      turn([{ narrate: 'On to step two.', tool: 'click', args: { target: '#next' } }]),
      turn([{ narrate: 'Finishing.', tool: 'click', args: { target: '#finish' } }], { final: true }),
    ]);
    const frame = document.createElement('iframe');
    const query = new URLSearchParams({ mock: client.url, id });
    frame.src = `/test/browser/web-agent/fixtures/reload-page.html?${query}&page=1`;
    document.body.append(frame);
    try {
      type Fixture = { controller: DddkController; page: string };
      const fixtureOf = () => (frame.contentWindow as (Window & { dddkFixture?: Fixture }) | null)?.dddkFixture;
      await eventually(() => expect(fixtureOf()?.page).to.equal('1'), 5_000);
      fixtureOf()!.controller.startAgent('Go to step two and finish');
      await eventually(() => expect(fixtureOf()?.page).to.equal('2'), 5_000);
      const log = () => JSON.parse(sessionStorage.getItem('reload-fixture.log') ?? '[]') as string[];
      await eventually(() => expect(log()).to.include('final 2 done'), 6_000);
      expect(log().filter((entry) => entry.startsWith('click'))).to.deep.equal(['click next on 1', 'click finish on 2']);
      expect(log()).to.include('start 1 fresh');
      expect(log()).to.include('start 2 resumed');
      const requests = await client.requests(id);
      expect(requests, 'no model call was lost to the unload').to.have.length(2);
      expect(requests[1]!.body.messages.at(-1).content).to.contain('Step two');
    } finally {
      frame.remove();
      sessionStorage.removeItem('reload-fixture.log');
    }
  });
});
