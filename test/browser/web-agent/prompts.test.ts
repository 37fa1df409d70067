import { expect } from '@open-wc/testing';
import { $, answerPrompts, cleanUp, controllerFor, eventually, finalTurn, idOf, mock, mount, scenario, toolResult, turn } from './support.js';

describe('the agent asks the user through the subtitle bar', () => {
  const startUrl = location.href;
  afterEach(() => cleanUp(startUrl));

  it('ask_user: the answer given through answerPrompt reaches the model', async () => {
    const client = await mock();
    mount('<p>Newsletter</p>');
    const id = scenario('ask');
    await client.script(id, [turn([{ narrate: 'I need your email.', tool: 'ask_user', args: { question: 'What is your email?' } }]), finalTurn('Subscribed.')]);
    const dddk = controllerFor(client, id, { onLoopEnd: { kind: 'silent' } });
    const shown = answerPrompts(dddk, [{ kind: 'text', value: 'ada@example.org' }]);
    expect((await dddk.startAgent('Subscribe me').done).reason).to.equal('done');
    expect(shown).to.deep.equal(['text:What is your email?']);
    expect(await toolResult(client, id, 1)).to.contain('The user answered: "ada@example.org"');
  });

  it('a destructive click waits for consent, and runs once the user confirms', async () => {
    const client = await mock();
    mount('<button id="delete" type="button">Delete account</button>');
    let clicks = 0;
    $('#delete').addEventListener('click', () => (clicks += 1));
    const id = scenario('confirm-yes');
    await client.script(id, [turn([{ narrate: 'Deleting your account.', tool: 'click', args: { target: idOf('#delete') } }]), finalTurn('Deleted.')]);
    const dddk = controllerFor(client, id, { agent: {}, onLoopEnd: { kind: 'silent' } });
    let clicksWhileAsked = -1;
    const shown = answerPrompts(dddk, [
      () => {
        clicksWhileAsked = clicks;
        // The question stays a moment: nothing may happen behind it.
        setTimeout(() => dddk.subtitle.answerPrompt({ kind: 'confirm', accepted: true }), 150);
      },
    ]);
    const intents: string[] = [];
    dddk.on('intent', (intent) => intent.kind === 'confirm_action' && intents.push(`${intent.actionName}:${intent.approved}`));
    expect((await dddk.startAgent('Delete my account').done).reason).to.equal('done');
    expect(shown).to.have.length(1);
    expect(shown[0]).to.equal('confirm:Click the button "Delete account"?');
    expect(clicksWhileAsked, 'nothing was clicked while the question was open').to.equal(0);
    expect(clicks, 'one consent, one click: the action did not ask a second time').to.equal(1);
    expect(intents).to.deep.equal(['click:true']);
  });

  it('a refused confirmation leaves the page alone and tells the model', async () => {
    const client = await mock();
    mount('<button id="pay" type="button">Pay now</button>');
    let clicks = 0;
    $('#pay').addEventListener('click', () => (clicks += 1));
    const id = scenario('confirm-no');
    await client.script(id, [turn([{ tool: 'click', args: { target: idOf('#pay') } }]), finalTurn('I did not pay.')]);
    const dddk = controllerFor(client, id, { onLoopEnd: { kind: 'silent' } });
    answerPrompts(dddk, [{ kind: 'confirm', accepted: false }]);
    expect((await dddk.startAgent('Pay').done).reason).to.equal('done');
    expect(clicks).to.equal(0);
    expect(await toolResult(client, id, 1)).to.contain('failed (user_declined)');
  });

  it('a visitor-paced run says what comes next and waits before each action', async () => {
    const client = await mock();
    mount('<button id="first" type="button">First</button><button id="second" type="button">Second</button>');
    const clicked: string[] = [];
    for (const name of ['first', 'second']) $(`#${name}`).addEventListener('click', () => clicked.push(name));
    const id = scenario('pause');
    await client.script(id, [
      turn([
        { narrate: 'This is the first one.', tool: 'click', args: { target: idOf('#first') } },
        { narrate: '', tool: 'click', args: { target: idOf('#second') } },
      ]),
      finalTurn('Both done.'),
    ]);
    const dddk = controllerFor(client, id, { agent: { pace: 'visitor' }, onLoopEnd: { kind: 'silent' } });
    const decisions: string[] = [];
    dddk.on('intent', (intent) => intent.kind === 'agent_pause_decision' && decisions.push(intent.decision));
    const run = dddk.startAgent('Click both');
    await eventually(() => expect(dddk.subtitle.getState().prompt?.message).to.equal('Next: This is the first one.'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(clicked, 'nothing runs before the visitor lets it').to.deep.equal([]);
    dddk.subtitle.answerPrompt({ kind: 'pause', decision: 'continue' });
    await eventually(() => expect(dddk.subtitle.getState().prompt?.message).to.equal('Next: click the button "Second"'));
    expect(clicked).to.deep.equal(['first']);
    dddk.subtitle.answerPrompt({ kind: 'pause', decision: 'continue' });
    await eventually(() => expect(dddk.subtitle.getState().prompt?.kind).to.equal('pause'));
    expect(clicked).to.deep.equal(['first', 'second']);
    dddk.subtitle.answerPrompt({ kind: 'pause', decision: 'continue' });
    expect((await run.done).reason).to.equal('done');
    expect(decisions).to.deep.equal(['continue', 'continue', 'continue']);
  });

  it('a run goes on by itself, with no bare "Next step" in between', async () => {
    const client = await mock();
    mount('<button id="one" type="button">One</button><button id="two" type="button">Two</button>');
    const clicked: string[] = [];
    for (const name of ['one', 'two']) $(`#${name}`).addEventListener('click', () => clicked.push(name));
    const id = scenario('no-pause');
    await client.script(id, [
      turn([
        { narrate: 'One.', tool: 'click', args: { target: idOf('#one') } },
        { narrate: 'Two.', tool: 'click', args: { target: idOf('#two') } },
      ]),
      finalTurn('Both.'),
    ]);
    const dddk = controllerFor(client, id, { onLoopEnd: { kind: 'silent' } });
    const prompts: string[] = [];
    dddk.subtitle.subscribe((state, previous) => state.prompt && state.prompt !== previous.prompt && prompts.push(state.prompt.kind));
    expect((await dddk.startAgent('Click both').done).reason).to.equal('done');
    expect(clicked).to.deep.equal(['one', 'two']);
    expect(prompts).to.deep.equal([]);
  });

  it('stopping at a visitor-paced step ends the run before that step', async () => {
    const client = await mock();
    mount('<button id="one" type="button">One</button><button id="two" type="button">Two</button>');
    const clicked: string[] = [];
    for (const name of ['one', 'two']) $(`#${name}`).addEventListener('click', () => clicked.push(name));
    const id = scenario('pause-stop');
    await client.script(id, [
      turn([
        { narrate: 'One.', tool: 'click', args: { target: idOf('#one') } },
        { narrate: 'Two.', tool: 'click', args: { target: idOf('#two') } },
      ]),
    ]);
    const dddk = controllerFor(client, id, { agent: { pace: 'visitor' } });
    answerPrompts(dddk, [{ kind: 'pause', decision: 'continue' }, { kind: 'pause', decision: 'stop' }]);
    const outcome = await dddk.startAgent('Click both').done;
    expect([outcome.reason, outcome.stoppedBy]).to.deep.equal(['stopped', 'pause']);
    expect(clicked).to.deep.equal(['one']);
    expect(dddk.subtitle.getState().text).to.equal('Stopped.');
  });
});
