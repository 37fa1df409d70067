import { expect } from '@open-wc/testing';
import type { ReactFormHandle } from '../actions/fixtures/react-form.js';
import type { VueFormHandle } from '../actions/fixtures/vue-form.js';
import { $, cleanUp, controllerFor, finalTurn, idOf, mock, mount, requestMessages, scenario, toolResult, turn } from './support.js';

const quiet = { agent: {}, onLoopEnd: { kind: 'silent' as const } };

describe('the agent operates the page', () => {
  const startUrl = location.href;
  afterEach(() => cleanUp(startUrl));

  it('clicks a button it names by its id in the page reading', async () => {
    const client = await mock();
    mount('<h1>Cart</h1><button id="add" type="button">Add to cart</button><output id="count">0</output>');
    $('#add').addEventListener('click', () => ($('#count').textContent = String(Number($('#count').textContent) + 1)));
    const id = scenario('click');
    await client.script(id, [turn([{ narrate: 'Adding it.', tool: 'click', args: { target: idOf('#add') } }]), finalTurn('Added.')]);
    const dddk = controllerFor(client, id, quiet);
    const outcome = await dddk.startAgent('Add one to the cart').done;
    expect(outcome.reason).to.equal('done');
    expect($('#count').textContent).to.equal('1');
    const first = await requestMessages(client, id, 0);
    expect(first.at(-1).content).to.contain(`[${idOf('#add')}]`);
    const second = await requestMessages(client, id, 1);
    expect(second.at(-1).content, 'the next turn reads the page the click changed').to.match(/\b1\b/);
  });

  it('fills a plain input and picks an option of a select', async () => {
    const client = await mock();
    mount(`<form><label for="name">Name</label><input id="name">
      <label for="plan">Plan</label><select id="plan"><option value="seedling">Seedling</option><option value="grove">Grove</option><option value="estate">Estate</option></select></form>`);
    const seen: string[] = [];
    $('#name').addEventListener('input', () => seen.push('input'));
    $('#plan').addEventListener('change', () => seen.push('change'));
    const id = scenario('fill-select');
    await client.script(id, [
      turn([
        { narrate: 'Your name.', tool: 'fill_input', args: { target: idOf('#name'), value: 'Ada Lovelace' } },
        { narrate: 'The Grove plan.', tool: 'select_option', args: { target: idOf('#plan'), option: 'Grove' } },
      ]),
      finalTurn('Filled in.'),
    ]);
    const dddk = controllerFor(client, id, quiet);
    expect((await dddk.startAgent('Sign me up for Grove as Ada Lovelace').done).reason).to.equal('done');
    expect($<HTMLInputElement>('#name').value).to.equal('Ada Lovelace');
    expect($<HTMLSelectElement>('#plan').value).to.equal('grove');
    expect(seen).to.include.members(['input', 'change']);
  });

  it('fills a React controlled input so that React’s state follows', async () => {
    const client = await mock();
    const stage = mount('<div id="react-root"></div>');
    const { mountReactForm } = (await import('/__bundle/test/browser/actions/fixtures/react-form.ts.js' as string)) as { mountReactForm(container: HTMLElement): ReactFormHandle };
    const form = mountReactForm(stage.querySelector('#react-root')!);
    try {
      const id = scenario('react');
      await client.script(id, [turn([{ tool: 'fill_input', args: { target: idOf('#react-name'), value: 'Grace' } }]), finalTurn()]);
      const dddk = controllerFor(client, id, quiet);
      await dddk.startAgent('Type Grace').done;
      expect($('#react-echo').textContent).to.match(/^Grace\|/);
    } finally {
      form.unmount();
    }
  });

  it('fills a Vue 3 v-model input so that Vue’s state follows', async () => {
    const client = await mock();
    const stage = mount('<div id="vue-root"></div>');
    const { mountVueForm } = (await import('/__bundle/test/browser/actions/fixtures/vue-form.ts.js' as string)) as { mountVueForm(container: HTMLElement): VueFormHandle };
    const form = mountVueForm(stage.querySelector('#vue-root')!);
    try {
      const id = scenario('vue');
      await client.script(id, [turn([{ narrate: 'Your name.', tool: 'fill_input', args: { target: idOf('#vue-name'), value: 'Grace Hopper' } }]), finalTurn()]);
      const dddk = controllerFor(client, id, quiet);
      expect((await dddk.startAgent('Type Grace Hopper').done).reason).to.equal('done');
      await form.flush();
      expect(form.state().name, 'the v-model ref').to.equal('Grace Hopper');
      expect($('#vue-echo').textContent).to.match(/^Grace Hopper\|/);
      expect(await toolResult(client, id, 1)).to.contain('succeeded');
    } finally {
      form.unmount();
    }
  });

  it('moves a single-page app through the host router bridge and reads the new page once it settled', async () => {
    const client = await mock();
    mount('<nav><a href="/spa/pricing">Pricing</a></nav><section id="view"><h1>Home</h1></section>');
    const routed: string[] = [];
    const navigate = async (path: string) => {
      routed.push(path);
      history.pushState(null, '', path);
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The route renders its content a little later, as a data-fetching router would.
      $('#view').innerHTML = '<h1>Pricing</h1>';
      setTimeout(() => $('#view').insertAdjacentHTML('beforeend', '<p>Grove is $8 per member.</p>'), 150);
    };
    const id = scenario('spa');
    await client.script(id, [turn([{ narrate: 'To the prices.', tool: 'navigate', args: { path: '/spa/pricing' } }]), finalTurn('Grove is $8.')]);
    const dddk = controllerFor(client, id, { ...quiet, navigate });
    const seen: string[] = [];
    dddk.on('agent_navigating', ({ to }) => seen.push(`navigating ${new URL(to).pathname}`));
    dddk.on('agent_navigated', ({ to }) => seen.push(`navigated ${new URL(to).pathname} ${$('#view').textContent}`));
    const prompts: string[] = [];
    dddk.subtitle.subscribe((state, previous) => state.prompt && state.prompt !== previous.prompt && prompts.push(state.prompt.kind));
    expect((await dddk.startAgent('What does Grove cost?').done).reason).to.equal('done');
    expect(prompts, 'the navigation and the answer after it run without a pause').to.deep.equal([]);
    expect(routed).to.deep.equal(['/spa/pricing']);
    expect(seen).to.deep.equal(['navigating /spa/pricing', 'navigated /spa/pricing PricingGrove is $8 per member.']);
    const next = (await requestMessages(client, id, 1)).at(-1).content as string;
    expect(next).to.contain('Grove is $8 per member.');
    expect(next).to.contain('/spa/pricing');
    expect(await toolResult(client, id, 1)).to.contain('succeeded');
  });
});
