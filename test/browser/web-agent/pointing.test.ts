import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { clearOverlays, listOverlays } from '../../../core/page/overlays/overlays.js';
import { pointingAnnouncer } from '../../../core/page/overlays/pointing-announcer.js';
import { cleanUp, controllerFor, eventually, idOf, mock, mount, scenario, turn } from './support.js';

/** What the agent points at, after its run: it stays a while, and a screen reader hears what it is. */
describe('what the agent points at', () => {
  const startUrl = location.href;
  afterEach(() => {
    cleanUp(startUrl);
    clearOverlays();
  });

  const answerTurn = (narrate: string, tool: string, target: string) => turn([{ narrate, tool, args: { target, label: 'The cheapest paid plan' } }], { final: true });

  it('stays visible after the run has ended, is announced politely, and goes when the visitor presses Esc', async () => {
    const client = await mock();
    mount('<h1>Pricing</h1><a id="grove" href="#grove">Grove: $8 per member</a>');
    const id = scenario('pointing-linger');
    await client.script(id, [answerTurn('Grove costs $8 per member.', 'highlight', idOf('#grove'))]);
    const dddk = controllerFor(client, id, { agent: { overlayLingerMs: 60_000 }, onLoopEnd: { kind: 'silent' } });
    const outcome = await dddk.startAgent('How much is Grove?').done;
    expect(outcome.reason).to.equal('done');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listOverlays().map((item) => item.type), 'still shown once the run is over').to.deep.equal(['highlight']);

    const announcer = pointingAnnouncer();
    expect([announcer.getAttribute('role'), announcer.getAttribute('aria-live')]).to.deep.equal(['status', 'polite']);
    await eventually(() => expect(announcer.textContent).to.equal('Pointing at Grove: $8 per member: The cheapest paid plan'));
    await expect(document.body).to.be.accessible({ ignoredRules: ['region', 'page-has-heading-one', 'landmark-one-main'] });

    await sendKeys({ press: 'Escape' });
    await eventually(() => expect(listOverlays()).to.have.length(0));
  });

  it('goes by itself after the configured time', async () => {
    const client = await mock();
    mount('<p><button id="estate" type="button">Estate</button></p>');
    const id = scenario('pointing-timeout');
    await client.script(id, [answerTurn('This is Estate.', 'border', idOf('#estate'))]);
    const dddk = controllerFor(client, id, { agent: { overlayLingerMs: 200 }, onLoopEnd: { kind: 'silent' } });
    await dddk.startAgent('Show me Estate').done;
    expect(listOverlays().map((item) => item.type)).to.deep.equal(['border']);
    await eventually(() => expect(listOverlays()).to.have.length(0), 3_000);
  });

  it('a new run takes away what the previous one left; a stopped run takes its own away at once', async () => {
    const client = await mock();
    mount('<p><button id="a" type="button">A</button> <button id="b" type="button">B</button></p>');
    const id = scenario('pointing-next-run');
    await client.script(id, [
      answerTurn('Here is A.', 'spotlight', idOf('#a')),
      turn([{ narrate: 'Here is B.', tool: 'highlight', args: { target: idOf('#b') } }, { narrate: 'One moment.', tool: 'wait', args: { ms: 5_000 } }]),
    ]);
    const dddk = controllerFor(client, id, { agent: { overlayLingerMs: 60_000 }, onLoopEnd: { kind: 'silent' } });
    await dddk.startAgent('Show me A').done;
    expect(listOverlays().map((item) => item.type)).to.deep.equal(['spotlight']);

    const second = dddk.startAgent('Now B');
    await eventually(() => expect(listOverlays().map((item) => item.target.id)).to.deep.equal(['b']), 5_000);
    dddk.stopAgent();
    expect((await second.done).reason).to.equal('stopped');
    expect(listOverlays()).to.have.length(0);
  });
});
