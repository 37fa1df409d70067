import { expect, fixtureSync, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { SKILLS } from '../../../core/controller/skills-slot.js';
import { setDefaultController } from '../../../core/controller/default-controller.js';
import { createPreferenceStore, createSkillRegistry, createSkillRunner, type PanelSkill, type Skill, type SkillPorts, type SkillRunner } from '../../../core/skills/index.js';
import { memoryStorage } from '../../../core/storage/index.js';
import { DddkPalette, definePalette } from '../../../elements/palette/palette.js';
import type { DddkSurface } from '../../../elements/surface/surface.js';
import { until } from '../surface/support.js';

definePalette();

const DEBOUNCE_MS = 150;
const created: DddkController[] = [];

afterEach(() => {
  for (const dddk of created.splice(0)) dddk.destroy();
  setDefaultController(undefined);
});

/** Ports that do nothing to the page: a panel skill only needs the clock, the storage and the intents. */
function quietPorts(): SkillPorts {
  return {
    navigate: () => 'route',
    subtitle: { show: () => undefined, hide: () => undefined },
    point: () => undefined,
    inject: () => undefined,
    clearOverlays: () => undefined,
    waitForVisitor: () => new Promise(() => undefined),
    findTarget: () => Promise.resolve(false),
    showSurface: () => Promise.resolve(null),
    storage: memoryStorage(),
    intent: () => undefined,
    selection: () => undefined,
    page: () => ({ title: document.title, url: location.href, path: location.pathname }),
    clock: { now: () => Date.now(), setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as number) },
  };
}

/** Fills the controller's skills slot with a real runner over these skills, as loading the skills does. */
function loadSkills(dddk: DddkController, skills: readonly Skill[]): SkillRunner {
  const registry = createSkillRegistry(skills);
  const preferences = createPreferenceStore({ storage: memoryStorage() });
  const runner = createSkillRunner({ registry, preferences, ports: quietPorts(), panelDebounceMs: DEBOUNCE_MS, onError: (error) => console.error(error) });
  dddk.slots.use(SKILLS, () => ({ registry, runner, preferences, run: (input, args) => runner.run(input, args), resumePending: () => runner.resumePending(), editPreferences: async () => false, dispose: () => runner.cancel() }));
  return runner;
}

/** An open modal palette of a fresh controller; `fixtureSync`, since a background tab may never paint a frame. */
async function openPalette() {
  const dddk = createDddk({ locale: 'en' });
  created.push(dddk);
  Object.assign(dddk, { startAgent: () => undefined });
  const root = fixtureSync<HTMLElement>(html`<div>
    <button id="opener" type="button">Open</button>
    <dddk-palette .controller=${dddk}></dddk-palette>
  </div>`);
  const palette = root.querySelector<DddkPalette>('dddk-palette')!;
  await palette.updateComplete;
  root.querySelector<HTMLButtonElement>('#opener')!.focus();
  palette.open();
  await until(() => palette.shadowRoot!.activeElement?.id === 'palette-input', 'focus in the palette field');
  return { dddk, palette };
}

function parts(palette: DddkPalette) {
  const root = palette.shadowRoot!;
  return {
    input: root.querySelector<HTMLInputElement>('#palette-input')!,
    listbox: root.querySelector<HTMLElement>('[part~="listbox"]')!,
    crumbs: [...root.querySelectorAll<HTMLElement>('[part~="breadcrumb"]')],
    current: root.querySelector<HTMLElement>('[part~="breadcrumbs"] [aria-current="page"]'),
    surface: root.querySelector<DddkSurface>('[part~="panel-surface"] dddk-surface'),
    status: root.querySelector<HTMLElement>('[role="status"]')!,
    spinner: root.querySelector<HTMLElement>('.palette__spinner'),
    options: [...root.querySelectorAll<HTMLElement>('[part~="option"]')],
  };
}

/** The text the frame's surface shows, once its pieces have rendered. */
function surfaceText(palette: DddkPalette): string {
  return parts(palette).surface?.shadowRoot?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

const bodyOf = (text: string) => ({ root: { piece: 'Body', props: { text } } });

function panel(id: string, name: string, extra: Partial<PanelSkill> = {}): PanelSkill {
  return { id, name, kind: 'panel', inputMode: 'takeover', placeholder: `Search ${name.toLowerCase()}`, ...extra };
}

/** Two panels: "Catalog", whose surface button and Enter both enter "Shoes" over it. */
function nestedSkills(heard: string[]) {
  let runner: SkillRunner | undefined;
  const catalog = panel('catalog', 'Catalog', {
    onEnter: () => ({ root: { piece: 'Stack', children: [{ piece: 'Body', props: { text: 'All products' } }, { piece: 'Button', props: { text: 'Shoes', action: { type: 'custom', name: 'open-shoes' } } }] } }),
    onAction: (name, data) => {
      heard.push(`catalog action ${name} ${JSON.stringify(data)}`);
      if (name === 'open-shoes') void runner!.run('shoes');
    },
    onSubmit: (text) => {
      heard.push(`catalog submit ${text}`);
      void runner!.run('shoes');
    },
    onLeave: () => void heard.push('catalog left'),
  });
  const shoes = panel('shoes', 'Shoes', { onEnter: () => bodyOf('Every shoe'), onInput: () => undefined, onLeave: () => void heard.push('shoes left') });
  return { skills: [catalog, shoes], use: (loaded: SkillRunner) => (runner = loaded) };
}

async function enterNested(dddk: DddkController, palette: DddkPalette, heard: string[]) {
  const nested = nestedSkills(heard);
  const runner = nested.use(loadSkills(dddk, nested.skills));
  void runner.run('catalog');
  await until(() => surfaceText(palette).includes('All products'), 'the catalog panel');
  return runner;
}

describe('<dddk-palette> renders the panel stack of the skills', () => {
  it('a takeover panel owns the field: typing is debounced into onInput, whose surface shows; Enter is onSubmit', async () => {
    const { dddk, palette } = await openPalette();
    const inputs: string[] = [];
    const submits: string[] = [];
    let finish: (() => void) | undefined;
    const search = panel('search', 'Search', {
      onInput: (text) =>
        new Promise((resolve) => {
          inputs.push(text);
          finish = () => resolve(bodyOf(`Results for ${text}`));
        }),
      onSubmit: (text) => void submits.push(text),
    });
    // Filled after the palette is in the page: the palette waits for the slot.
    const runner = loadSkills(dddk, [search]);
    void runner.run('search');
    await until(() => parts(palette).current?.textContent?.trim() === 'Search', 'the panel shown');
    await palette.updateComplete;
    expect(parts(palette).input.placeholder).to.equal('Search search');
    expect(parts(palette).listbox.hidden, 'the rows give way to the panel').to.equal(true);
    expect(parts(palette).status.textContent).to.equal('Showing “Search”');
    expect(palette.shadowRoot!.activeElement?.id).to.equal('palette-input');

    await sendKeys({ type: 'ab' });
    await until(() => inputs.length > 0, 'onInput');
    await palette.updateComplete;
    expect(inputs, 'two quick keystrokes make one call, with the final text').to.deep.equal(['ab']);
    expect(parts(palette).input.getAttribute('aria-busy')).to.equal('true');
    expect(parts(palette).spinner).to.not.equal(null);
    finish!();
    await until(() => surfaceText(palette) === 'Results for ab', 'the surface onInput returned');
    await palette.updateComplete;
    expect(parts(palette).input.getAttribute('aria-busy')).to.equal('false');
    expect(parts(palette).spinner).to.equal(null);
    expect(parts(palette).input.value).to.equal('ab');

    await sendKeys({ press: 'Enter' });
    await until(() => submits.length > 0, 'onSubmit');
    expect(submits).to.deep.equal(['ab']);
    expect(palette.isOpen).to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS + 50));
    expect(inputs, 'nothing was typed since').to.deep.equal(['ab']);
  });

  it('a nested panel shows two breadcrumbs after the root; the first one returns to its panel', async () => {
    const { dddk, palette } = await openPalette();
    const heard: string[] = [];
    await enterNested(dddk, palette, heard);
    const button = parts(palette).surface!.shadowRoot!.querySelector<HTMLButtonElement>('[part~="piece-button"]')!;
    button.click();
    await until(() => parts(palette).current?.textContent?.trim() === 'Shoes', 'the nested panel');
    await palette.updateComplete;
    expect(heard).to.deep.equal(['catalog action open-shoes {}']);
    const crumbs = parts(palette).crumbs;
    expect(crumbs.map((crumb) => crumb.textContent!.trim())).to.deep.equal(['Commands', 'Catalog', 'Shoes']);
    expect(crumbs.map((crumb) => crumb.localName)).to.deep.equal(['button', 'button', 'span']);
    expect(palette.shadowRoot!.querySelector('[part~="breadcrumbs"]')!.localName).to.equal('nav');
    expect(surfaceText(palette)).to.equal('Every shoe');
    expect(parts(palette).status.textContent).to.equal('Showing “Shoes”');

    crumbs[1]!.click();
    await until(() => parts(palette).current?.textContent?.trim() === 'Catalog', 'back at the catalog');
    await palette.updateComplete;
    expect(heard.slice(1)).to.deep.equal(['shoes left']);
    expect(parts(palette).crumbs).to.have.length(2);
    expect(surfaceText(palette)).to.include('All products');
    await until(() => palette.shadowRoot!.activeElement?.id === 'palette-input', 'focus back in the field');
  });

  it('Esc pops one frame before the palette steps back; Backspace in the empty field pops one too', async () => {
    const { dddk, palette } = await openPalette();
    const heard: string[] = [];
    palette.items = [{ id: 'docs', name: 'Docs', actions: [{ kind: 'navigate', path: '/docs' }] }];
    await enterNested(dddk, palette, heard);
    await sendKeys({ type: 'red' });
    await sendKeys({ press: 'Enter' });
    await until(() => parts(palette).current?.textContent?.trim() === 'Shoes', 'the panel entered on Enter');
    expect(heard).to.deep.equal(['catalog submit red']);
    await until(() => palette.shadowRoot!.activeElement?.id === 'palette-input', 'focus in the field');
    expect(parts(palette).input.value, "the new panel's own text").to.equal('');

    await sendKeys({ press: 'Escape' });
    await until(() => parts(palette).current?.textContent?.trim() === 'Catalog', 'one frame popped');
    expect(palette.isOpen, 'the palette stays open').to.equal(true);
    expect(heard.slice(1)).to.deep.equal(['shoes left']);
    await palette.updateComplete;
    expect(parts(palette).input.value, "the catalog's text is back").to.equal('red');
    expect(palette.shadowRoot!.activeElement?.id).to.equal('palette-input');

    for (let i = 0; i < 3; i++) await sendKeys({ press: 'Backspace' });
    await palette.updateComplete;
    expect(parts(palette).crumbs, 'erasing text pops nothing').to.have.length(2);
    await sendKeys({ press: 'Backspace' });
    await until(() => parts(palette).crumbs.length === 0, 'the last frame popped');
    expect(heard.slice(2)).to.deep.equal(['catalog left']);
    expect(palette.isOpen).to.equal(true);
    expect(parts(palette).listbox.hidden, 'the rows are back').to.equal(false);
    expect(palette.shadowRoot!.activeElement?.id).to.equal('palette-input');
  });

  it('a palette-mode panel keeps the palette: its rows, the ask row, its surface above the list', async () => {
    const { dddk, palette } = await openPalette();
    const inputs: string[] = [];
    const runner = loadSkills(dddk, [
      panel('browse', 'Browse', { inputMode: 'palette', placeholder: 'Filter or ask…', onEnter: () => bodyOf('Browsing'), onInput: (text) => void inputs.push(text) }),
    ]);
    palette.items = [
      { id: 'docs', name: 'Docs', actions: [{ kind: 'navigate', path: '/docs' }] },
      { id: 'go', name: 'Go to a page…', prefix: { match: ['go'], display: 'go' }, browse: () => [{ id: 'page:home', name: 'Home', actions: [{ kind: 'navigate', path: '/' }] }] },
    ];
    void runner.run('browse');
    await until(() => surfaceText(palette) === 'Browsing', 'the palette-mode panel');
    await palette.updateComplete;
    expect(parts(palette).input.placeholder).to.equal('Filter or ask…');
    await sendKeys({ type: 'hello there' });
    await palette.updateComplete;
    expect(parts(palette).listbox.hidden).to.equal(false);
    expect(parts(palette).options.map((option) => option.textContent!.replace(/\s+/g, ' ').trim())).to.include('Ask the agent: hello there');
    const surfaceSection = palette.shadowRoot!.querySelector('[part~="panel-surface"]')!;
    expect(surfaceSection.compareDocumentPosition(parts(palette).listbox) & Node.DOCUMENT_POSITION_FOLLOWING, 'the surface sits above the list').to.not.equal(0);
    await until(() => inputs.length > 0, 'the panel hears the typing too');
    expect(inputs).to.deep.equal(['hello there']);

    // With text typed, Backspace is the field's; emptied, it pops the panel.
    for (let i = 0; i < 'hello there'.length; i++) await sendKeys({ press: 'Backspace' });
    await palette.updateComplete;
    expect(parts(palette).crumbs).to.have.length(2);
    // A prefix chip is the palette's to take back first.
    await sendKeys({ type: 'go ' });
    await until(() => palette.shadowRoot!.querySelector('button[part~="input-chip"]') !== null, 'the prefix chip');
    await sendKeys({ press: 'Backspace' });
    await until(() => palette.shadowRoot!.querySelector('button[part~="input-chip"]') === null, 'the chip taken back');
    expect(parts(palette).crumbs, 'the panel stays').to.have.length(2);
    await sendKeys({ press: 'Backspace' });
    await until(() => parts(palette).crumbs.length === 0, 'the panel popped');
    expect(palette.isOpen).to.equal(true);
  });

  it('the back button pops a frame and keeps focus in the field', async () => {
    const { dddk, palette } = await openPalette();
    const heard: string[] = [];
    await enterNested(dddk, palette, heard);
    palette.shadowRoot!.querySelector<HTMLButtonElement>('[part~="back-button"]')!.click();
    await until(() => parts(palette).crumbs.length === 0, 'the frame popped');
    expect(heard).to.deep.equal(['catalog left']);
    await until(() => palette.shadowRoot!.activeElement?.id === 'palette-input', 'focus in the field');
  });
});

describe('an inline <dddk-palette> with a skill panel', () => {
  it('shows the panel in place; typing into it opens the palette and goes to the panel', async () => {
    const dddk = createDddk({ locale: 'en' });
    created.push(dddk);
    const inputs: string[] = [];
    const runner = loadSkills(dddk, [panel('notes', 'Notes', { onInput: (text) => void inputs.push(text) })]);
    const root = fixtureSync<HTMLElement>(html`<div><dddk-palette inline .controller=${dddk}></dddk-palette></div>`);
    const palette = root.querySelector<DddkPalette>('dddk-palette')!;
    await palette.updateComplete;
    void runner.run('notes');
    await until(() => parts(palette).current?.textContent?.trim() === 'Notes', 'the panel in the inline palette');
    expect(palette.shadowRoot!.activeElement, 'an inline palette does not take focus by itself').to.equal(null);
    parts(palette).input.focus();
    await sendKeys({ type: 'x' });
    await until(() => inputs.length > 0, 'onInput');
    expect(inputs).to.deep.equal(['x']);
    expect(palette.isOpen).to.equal(true);
  });
});

describe('<dddk-palette> with skill panels is accessible (axe-core)', () => {
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('passes with one frame and with two frames shown', async () => {
    const { dddk, palette } = await openPalette();
    const heard: string[] = [];
    const runner = await enterNested(dddk, palette, heard);
    await palette.updateComplete;
    await expect(palette).to.be.accessible();
    void runner.run('shoes');
    await until(() => surfaceText(palette) === 'Every shoe', 'the second frame');
    await palette.updateComplete;
    expect(parts(palette).crumbs).to.have.length(3);
    await expect(palette).to.be.accessible();
  });
});
