import { expect } from '@open-wc/testing';
import { $, cleanUp, controllerFor, finalTurn, idOf, mock, mount, requestMessages, scenario, turn } from './support.js';

/** The turn's context (the last message) of the n-th request. */
async function contextOf(id: string, index = 0): Promise<string> {
  const client = await mock();
  return (await requestMessages(client, id, index)).at(-1).content;
}

describe('context providers through the controller', () => {
  const startUrl = location.href;
  afterEach(() => cleanUp(startUrl));

  it('a provider registered before the agent’s code loaded reaches the first prompt, fenced as host context', async () => {
    const client = await mock();
    mount('<h1>Plans</h1><p>Grove and Estate.</p>');
    const id = scenario('context-early');
    await client.script(id, [finalTurn('Estate.')]);
    const dddk = controllerFor(client, id, { onLoopEnd: { kind: 'silent' } });
    const asked: string[] = [];
    dddk.registerContextProvider('page_summary', async (request) => {
      asked.push(request.task ?? '');
      return 'Cart: one Estate plan, not yet paid.';
    });
    expect(() => dddk.agent, 'the agent has not loaded when the provider is registered').to.throw(/has not loaded yet/);
    expect((await dddk.startAgent('What is in my cart?').done).reason).to.equal('done');
    expect(asked).to.deep.equal(['What is in my cart?']);
    const context = await contextOf(id);
    expect(context).to.match(/# Page summary\n<untrusted-text fence="[A-Za-z0-9_-]+" source="host-context">\nCart: one Estate plan, not yet paid\.\n<\/untrusted-text fence="[A-Za-z0-9_-]+">/);
    expect(context, 'the page is still read by the agent').to.contain('Grove and Estate.');
  });

  it('a host dom is the page text, and the model’s click still lands through the agent’s own reading', async () => {
    const client = await mock();
    mount('<button id="buy" type="button">Buy the Estate plan</button>');
    let clicks = 0;
    $('#buy').addEventListener('click', () => (clicks += 1));
    const target = idOf('#buy');
    const id = scenario('context-dom');
    await client.script(id, [turn([{ narrate: 'Buying it.', tool: 'click', args: { target } }]), finalTurn('Bought.')]);
    const dddk = controllerFor(client, id, { agent: { effects: { classes: { destructive: 'allow' } } }, onLoopEnd: { kind: 'silent' } });
    const handle = dddk.registerContextProvider('dom', () => `[${target}] <button>Buy (the host's view)</button>`);
    expect((await dddk.startAgent('Buy it').done).reason).to.equal('done');
    expect(clicks).to.equal(1);
    const context = await contextOf(id);
    expect(context).to.contain(`source="host-context">\nURL: ${location.pathname}`);
    expect(context).to.contain("Buy (the host's view)");
    expect(context).not.to.contain('Buy the Estate plan');
    handle.restore();
  });
});
