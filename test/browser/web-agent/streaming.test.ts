import { expect, fixture, html } from '@open-wc/testing';
import { DddkSubtitle, defineSubtitle } from '../../../elements/subtitle/subtitle.js';
import { $, cleanUp, controllerFor, eventsThrough, eventually, finalTurn, idOf, mock, mount, scenario, toolResult, turn } from './support.js';

defineSubtitle();

describe('the agent while the model streams', () => {
  const startUrl = location.href;
  afterEach(() => cleanUp(startUrl));

  it('narration reaches the subtitle model and <dddk-subtitle> before the envelope has finished streaming', async () => {
    const client = await mock();
    mount('<table id="prices"><tr><td>Grove</td><td>$8</td></tr></table>');
    const id = scenario('narration-first');
    const narration = 'Here is the pricing table, row by row, with every plan.';
    const scripted = turn([{ narrate: narration, tool: 'narrate', args: { text: 'prices' } }], { final: true, deltaSize: 4 });
    // The stream stops for a while once the first words of the narration are out. (It stops after a
    // word no engine note begins with: such a word waits for the next one, in case a model is
    // repeating a note.)
    scripted.fault = { type: 'stall', ms: 1_500, afterEvents: eventsThrough(scripted, 'Here is the pricing', 4) };
    await client.script(id, [scripted]);
    const dddk = controllerFor(client, id, { onLoopEnd: { kind: 'silent' } });
    const element = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
    // Loaded first, so the time measured below is the stream's alone, not the agent code's first load.
    await dddk.loadAgent();
    const run = dddk.startAgent('Show me the prices');

    const shownText = () => element.shadowRoot!.querySelector('[part~="text"]')?.textContent ?? '';
    await eventually(() => expect(shownText()).to.contain('Here is the pricing'), 1_200);
    const [request] = await client.requests(id);
    expect(request!.outcome, 'the model is still streaming').to.equal('pending');
    expect(dddk.subtitle.getState().streaming).to.equal(true);
    expect(dddk.subtitle.getState().text).to.not.contain('every plan');

    const outcome = await run.done;
    expect(outcome.reason).to.equal('done');
    expect(outcome.summary).to.equal(narration);
  });

  it('a stream cut inside an action runs the actions that closed before the cut, and not that one', async () => {
    const client = await mock();
    mount('<button id="first" type="button">First</button><button id="second" type="button">Second</button>');
    const clicked: string[] = [];
    for (const name of ['first', 'second']) $(`#${name}`).addEventListener('click', () => clicked.push(name));
    const id = scenario('cut');
    const scripted = turn(
      [
        { narrate: 'The first button.', tool: 'click', args: { target: idOf('#first') } },
        { narrate: 'Now the second button.', tool: 'click', args: { target: idOf('#second') } },
      ],
      { deltaSize: 5 },
    );
    // The response ends, without its proper end, right after the second action's narration.
    scripted.fault = { type: 'cut', afterEvents: eventsThrough(scripted, 'Now the second button."', 5) };
    await client.script(id, [scripted, finalTurn('I clicked the first one.')]);
    const dddk = controllerFor(client, id, { agent: {}, onLoopEnd: { kind: 'silent' } });
    const errors: boolean[] = [];
    dddk.on('agent_error', ({ retrying }) => errors.push(retrying));
    const outcome = await dddk.startAgent('Click both').done;
    expect(outcome.reason).to.equal('done');
    expect(clicked).to.deep.equal(['first']);
    expect(errors).to.deep.equal([true]);
    const result = await toolResult(client, id, 1);
    expect(result).to.contain('actions[0] (click) succeeded');
    expect(result).to.contain('broke off inside actions[1], which did not run');
  });
});
