import { expect, fixtureSync, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import type { DddkController } from '../../../core/controller/create-dddk.js';
import type { Skill } from '../../../core/skills/skill.types.js';
import type { DddkPalette } from '../../../elements/palette/palette.js';
import { alerts, button, cleanUp, controller, fields, modal, modalSurface, typeInto, until } from './support.js';

afterEach(cleanUp);
before(() => emulateMedia({ reducedMotion: 'reduce' }));
after(() => emulateMedia({ reducedMotion: 'no-preference' }));

function subtitleBar(dddk: DddkController): HTMLElement {
  const element = document.createElement('dddk-subtitle') as HTMLElement & { controller: DddkController };
  element.controller = dddk;
  document.body.append(element);
  return element;
}

const pausePrompt = (dddk: DddkController) => {
  const prompt = dddk.subtitle.getState().prompt;
  return prompt?.kind === 'pause' ? prompt : undefined;
};

describe('a script skill on one page', () => {
  it('goes on with Space, and Esc at a wait ends it as cancelled with its marks removed', async () => {
    const marked = fixtureSync<HTMLElement>(html`<p id="target" data-skills-fixture>Look here</p>`);
    const tour: Skill = {
      id: 'intro',
      name: 'Intro',
      kind: 'script',
      steps: [
        { step: 'subtitle', text: 'Hello.' },
        { step: 'wait' },
        { step: 'point', selector: '#target', style: 'border', label: 'This paragraph' },
        { step: 'wait' },
        { step: 'subtitle', text: 'Never said.' },
      ],
    };
    const dddk = controller({ skills: [tour] });
    const bar = subtitleBar(dddk);
    const outcome = dddk.runSkill('intro');
    // The bar's view arrives in a chunk of its own; its keys are bound once it shows the prompt.
    const shownHint = () => bar.shadowRoot?.querySelector('[part~="prompt-hint"]') != null;
    await until(() => pausePrompt(dddk) !== undefined && shownHint(), 'the first wait');
    expect(pausePrompt(dddk)!.message).to.equal('Hello.');
    (document.activeElement as HTMLElement | null)?.blur();
    const first = pausePrompt(dddk)!.id;
    await sendKeys({ press: 'Space' });
    await until(() => pausePrompt(dddk) !== undefined && pausePrompt(dddk)!.id !== first, 'the second wait');
    expect(pausePrompt(dddk)!.message).to.equal('This paragraph');
    const layer = () => document.querySelector('dddk-overlay-layer')?.shadowRoot?.textContent ?? '';
    expect(layer()).to.contain('This paragraph');
    await sendKeys({ press: 'Escape' });
    expect((await outcome).status).to.equal('cancelled');
    expect(dddk.subtitle.getState().text).to.not.equal('Never said.');
    expect(layer()).to.not.contain('This paragraph');
    expect(marked.isConnected).to.equal(true);
  });
});

describe('a prompt skill with a variable nothing fills', () => {
  it('asks for it in a form and hands the filled task to the agent, never "{{topic}}"', async () => {
    const dddk = controller({ skills: [{ id: 'summarise', name: 'Summarise', kind: 'prompt', prompt: 'Summarise {{topic}} in one line.' }] });
    const tasks: string[] = [];
    dddk.on('agent_start', (event) => void tasks.push(event.task));
    const outcome = dddk.runSkill('summarise');
    const form = await modal();
    const [field] = fields(form);
    expect(field, 'one field for the missing word').to.not.equal(undefined);
    await expect(form).to.be.accessible();
    await typeInto(field!, 'our pricing');
    button(form, 'Continue').click();
    await until(() => tasks.length > 0, 'the agent to start');
    expect(tasks).to.deep.equal(['Summarise our pricing in one line.']);
    dddk.stopAgent();
    expect((await outcome).status).to.not.equal('failed');
  });
});

describe("a skill's settings", () => {
  it('are asked for before the first run; a refused value keeps what was typed, and the password never reaches localStorage', async () => {
    const seen: unknown[] = [];
    const dddk = controller({
      skills: [
        {
          id: 'search-orders',
          name: 'Search orders',
          kind: 'action',
          preferences: [
            { name: 'max', title: 'Results', kind: 'number', required: true, min: 1, max: 10 },
            { name: 'token', title: 'API token', kind: 'password', required: true },
          ],
          handler: (context) => void seen.push({ ...context.preferences.get() }),
        },
      ],
    });
    const outcome = dddk.runSkill('search-orders');
    let form = await modal();
    await expect(form).to.be.accessible();
    const [max, token] = fields(form);
    await typeInto(max!, '50');
    await typeInto(token!, 'secret-1');
    button(form, 'Save').click();
    await until(() => { const shown = modalSurface(); return shown !== undefined && alerts(shown).length > 0; }, 'the refusal');
    form = await modal();
    expect(alerts(form).join(' ')).to.contain('from 1 to 10');
    expect(fields(form)[0]!.value, 'what was typed is still there').to.equal('50');
    expect(seen, 'the skill did not run').to.deep.equal([]);
    await typeInto(fields(form)[0]!, '5');
    button(form, 'Save').click();
    expect((await outcome).status).to.equal('done');
    expect(seen).to.have.length(1);
    expect(seen[0]).to.include({ max: 5, token: 'secret-1' });
    const stored = Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? '').join('\n');
    expect(stored).to.contain('5');
    expect(stored).to.not.contain('secret-1');
  });

  it('dddk.submitPreferences answers the form that waits', async () => {
    const seen: unknown[] = [];
    const dddk = controller({
      skills: [{ id: 'greet', name: 'Greet', kind: 'action', preferences: [{ name: 'who', title: 'Name', kind: 'text', required: true }], handler: (context) => void seen.push(context.preferences.get()['who']) }],
    });
    const outcome = dddk.runSkill('greet');
    await modal();
    expect(dddk.submitPreferences({ who: 'Ada' })).to.equal(true);
    expect((await outcome).status).to.equal('done');
    expect(seen).to.deep.equal(['Ada']);
    expect(dddk.submitPreferences({ who: 'again' }), 'nothing waits any more').to.equal(false);
  });
});

describe('showSurfaceAndAwait', () => {
  const form = { root: { piece: 'Stack', children: [{ piece: 'Heading', props: { text: 'Your email' } }, { piece: 'TextField', props: { label: 'Email', value: { $bind: '/email' } } }] }, data: { email: '' } };

  it('resolves with submitSurface(data) and with null on cancelSurface(), taking the surface away', async () => {
    const dddk = controller();
    const shown = dddk.showSurfaceAndAwait(form);
    await modal();
    expect(dddk.submitSurface({ email: 'ada@example.com' })).to.equal(true);
    expect(await shown).to.deep.equal({ email: 'ada@example.com' });
    await until(() => document.querySelector('dddk-placements')?.shadowRoot?.querySelector('[part~="slot-modal"] dddk-surface') == null, 'the form to go');
    const cancelled = dddk.showSurfaceAndAwait(form);
    await modal();
    expect(dddk.cancelSurface()).to.equal(true);
    expect(await cancelled).to.equal(null);
    expect(dddk.cancelSurface(), 'nothing waits').to.equal(false);
  });

  it('refuses a placement that does not exist', async () => {
    const dddk = controller();
    let error: unknown;
    await dddk.showSurfaceAndAwait(form, 'sidebar' as never).catch((caught: unknown) => (error = caught));
    expect(String(error)).to.contain('placement must be one of');
  });
});

describe('skills in the palette', () => {
  const ran: string[] = [];
  const skills: Skill[] = [
    { id: 'translate', name: 'Translate the page', kind: 'action', description: 'Into another language', arguments: [{ name: 'language', placeholder: 'language', required: true }], handler: (context) => void ran.push(`translate:${context.args['language']}`) },
    { id: 'secret', name: 'Secret tool', kind: 'action', hidden: true, handler: () => void ran.push('secret') },
    { id: 'admin', name: 'Admin tool', kind: 'action', visible: () => false, handler: () => void ran.push('admin') },
  ];

  async function openPalette(dddk: DddkController): Promise<DddkPalette> {
    const palette = fixtureSync<DddkPalette>(html`<dddk-palette data-skills-fixture .controller=${dddk}></dddk-palette>`);
    await dddk.loadSkills();
    document.body.focus();
    palette.open();
    await until(() => palette.shadowRoot?.querySelector('[part~="input"]') != null, 'the open palette');
    palette.shadowRoot!.querySelector<HTMLInputElement>('[part~="input"]')!.focus();
    return palette;
  }
  const optionNames = (palette: DddkPalette) =>
    [...palette.shadowRoot!.querySelectorAll('[role="option"] [part~="option-name"]')].map((name) => name.textContent!.replace(/\s+/g, ' ').trim());

  beforeEach(() => ran.splice(0));

  it('lists the offered skills, hides hidden and invisible ones, and completes "/tr" with the argument to type', async () => {
    const dddk = controller({ skills });
    const palette = await openPalette(dddk);
    await until(() => optionNames(palette).includes('Translate the page'), 'the skill row');
    expect(optionNames(palette)).to.not.include('Secret tool');
    expect(optionNames(palette)).to.not.include('Admin tool');
    await sendKeys({ type: '/tr' });
    await until(() => optionNames(palette).includes('/translate ‹language›'), 'the command with its hint');
    await expect(palette).to.be.accessible();
    await sendKeys({ press: 'Enter' });
    await until(() => palette.shadowRoot!.querySelector<HTMLInputElement>('[part~="input"]')!.value === 'translate ', 'the command in the field');
    await sendKeys({ type: 'French' });
    await until(() => optionNames(palette).includes('Run /translate French'), 'the full command');
    await sendKeys({ press: 'Enter' });
    await until(() => ran.length > 0, 'the skill to run');
    expect(ran).to.deep.equal(['translate:French']);
    expect(dddk.palette.getState().open, 'an action closes the palette').to.equal(false);
  });

  it('runs a hidden skill by its command', async () => {
    const dddk = controller({ skills });
    const palette = await openPalette(dddk);
    await sendKeys({ type: '/secret' });
    await until(() => optionNames(palette).includes('/secret'), 'the hidden command');
    await sendKeys({ press: 'Enter' });
    await until(() => ran.length > 0, 'the skill to run');
    expect(ran).to.deep.equal(['secret']);
  });
});

describe('settings edited from the palette', () => {
  it('"settings of" finds the skill\'s settings row; its form, a dialog of its own, refuses a bad value and saves a good one', async () => {
    const dddk = controller({
      skills: [{ id: 'digest', name: 'Weekly digest', kind: 'action', preferences: [{ name: 'day', title: 'Day of the week', kind: 'number', min: 1, max: 7 }], handler: () => undefined }],
    });
    const palette = fixtureSync<DddkPalette>(html`<dddk-palette data-skills-fixture .controller=${dddk}></dddk-palette>`);
    await dddk.loadSkills();
    palette.open();
    await until(() => palette.shadowRoot?.querySelector('[part~="input"]') != null, 'the open palette');
    palette.shadowRoot!.querySelector<HTMLInputElement>('[part~="input"]')!.focus();
    await sendKeys({ type: 'settings of' });
    await until(() => palette.shadowRoot!.querySelector('[role="option"][aria-selected="true"]')?.textContent?.includes('Settings of “Weekly digest”') === true, 'the settings row');
    await sendKeys({ press: 'Enter' });
    let form = await modal();
    expect(dddk.palette.getState().open, 'the palette gave way to the form').to.equal(false);
    await expect(form).to.be.accessible();
    await typeInto(fields(form)[0]!, '9');
    button(form, 'Save').click();
    await until(() => { const shown = modalSurface(); return shown !== undefined && alerts(shown).join(' ').includes('from 1 to 7'); }, 'the refusal');
    form = await modal();
    await typeInto(fields(form)[0]!, '3');
    button(form, 'Save').click();
    await until(() => dddk.subtitle.getState().text === 'The settings of “Weekly digest” are saved.', 'the saved line');
    expect(JSON.stringify(Object.fromEntries(Object.entries(localStorage)))).to.contain('3');
  });
});

describe('skills offered to the agent', () => {
  it('become tools of dddk.tools, and a name a host tool holds is refused and said', async () => {
    const errors: string[] = [];
    const dddk = controller({
      skills: [
        { id: 'lookup', name: 'Look up', kind: 'action', agentTool: { description: 'Looks things up' }, handler: () => undefined },
        { id: 'taken', name: 'Taken', kind: 'action', agentTool: { description: 'Clashes' }, handler: () => undefined },
      ],
    });
    dddk.on('error', ({ error }) => void errors.push(String(error)));
    dddk.tools.register({ name: 'skill_taken', description: 'A host tool', parameters: { type: 'object' }, handler: () => 'host' });
    await dddk.loadSkills();
    const names = dddk.tools.list().map((tool) => tool.name);
    expect(names).to.include('skill_lookup');
    expect(dddk.tools.list().find((tool) => tool.name === 'skill_taken')!.description).to.equal('A host tool');
    expect(errors.join('\n')).to.contain('skill_taken');
    const tool = dddk.tools.list().find((candidate) => candidate.name === 'skill_lookup')!;
    expect(await tool.handler({}, { signal: new AbortController().signal, locale: 'en' })).to.deep.equal({ status: 'done' });
    dddk.skills.unregister('lookup');
    expect(dddk.tools.list().map((candidate) => candidate.name)).to.not.include('skill_lookup');
  });
});

describe('skills declared in a page config', () => {
  it('are checked as JSON when they load, and a problem names the skill and its field on the script', async () => {
    const { applyPageConfigs } = await import('../../../elements/config/apply-page-config.js');
    const script = document.createElement('script');
    script.type = 'application/json';
    script.dataset['dddkConfig'] = '';
    script.dataset['skillsFixture'] = '';
    script.textContent = JSON.stringify({ id: 'declared', default: false, skills: [{ id: 'ok', name: 'Fine', kind: 'prompt', prompt: 'Hi' }, { id: 'bad', name: 'Bad', kind: 'prompt', promt: 'typo' }] });
    document.body.append(script);
    const problems: Array<{ field: string; message: string }> = [];
    script.addEventListener('dddk-config-error', (event) => problems.push(...(event as CustomEvent<{ problems: typeof problems }>).detail.problems));
    const [applied] = applyPageConfigs(document.body);
    const dddk = applied!.controller!;
    try {
      await until(() => problems.length > 0, 'the problem of the second skill');
      expect(problems[0]!.field).to.match(/^skills\[1\]/);
      expect(problems[0]!.message).to.contain('prompt');
      const registry = await dddk.loadSkills();
      expect(registry.listAll().map((skill) => skill.id)).to.deep.equal(['ok']);
    } finally {
      dddk.destroy();
    }
  });
});
