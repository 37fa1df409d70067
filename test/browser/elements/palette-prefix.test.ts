import { expect, fixtureSync, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { setDefaultController } from '../../../core/controller/default-controller.js';
import type { PaletteItem } from '../../../core/palette/palette-item.types.js';
import { DddkPalette, definePalette } from '../../../elements/palette/palette.js';

definePalette();

const created: DddkController[] = [];

afterEach(() => {
  for (const dddk of created.splice(0)) dddk.destroy();
  setDefaultController(undefined);
  localStorage.removeItem('dddk.palette.heat');
});

before(async () => {
  // axe would otherwise measure colours halfway through the fade-in.
  await emulateMedia({ reducedMotion: 'reduce' });
});

after(async () => {
  await emulateMedia({ reducedMotion: 'no-preference' });
});

/** The demo's palette: a page jump under "go" (also "g") and a tour; every action is recorded instead of run. */
async function demo() {
  const dddk = createDddk({ locale: 'en' });
  created.push(dddk);
  const done: string[] = [];
  Object.assign(dddk, { startAgent: (task: string) => void done.push(`agent: ${task}`) });
  const record = (what: string) => ({ kind: 'custom' as const, run: () => void done.push(what) });
  const items: PaletteItem[] = [
    {
      id: 'go',
      name: 'Go to a page…',
      section: 'Navigation',
      prefix: { match: ['go', 'g'], display: 'go' },
      browseSection: 'Pages',
      browse: () => ['Home', 'Pricing', 'Docs'].map((page) => ({ id: `page:${page.toLowerCase()}`, name: page, actions: [record(`page ${page}`)] })),
    },
    { id: 'tour', name: 'Give me a tour', section: 'Actions', actions: [record('tour')] },
  ];
  const root = fixtureSync<HTMLElement>(html`<div><dddk-palette .controller=${dddk} .items=${items}></dddk-palette></div>`);
  const palette = root.querySelector<DddkPalette>('dddk-palette')!;
  await palette.updateComplete;
  document.body.focus();
  palette.open();
  await palette.updateComplete;
  return { palette, done };
}

function parts(palette: DddkPalette) {
  const root = palette.shadowRoot!;
  return {
    root,
    input: root.querySelector<HTMLInputElement>('[part~="input"]')!,
    chip: root.querySelector<HTMLButtonElement>('button[part~="input-chip"]'),
    names: [...root.querySelectorAll('[role="option"] [part~="option-name"]')].map((name) => name.textContent!.replace(/\s+/g, ' ').trim()),
  };
}

async function type(palette: DddkPalette, text: string) {
  await sendKeys({ type: text });
  await palette.updateComplete;
}

async function press(palette: DddkPalette, key: string) {
  await sendKeys({ press: key });
  await palette.updateComplete;
}

describe('<dddk-palette> prefixes and the ask row', () => {
  it('"give me a tour" is text: no chip, the tour first, the agent after it; Enter takes the tour', async () => {
    const { palette, done } = await demo();
    await type(palette, 'give me a tour');
    const { chip, input, names } = parts(palette);
    expect(chip).to.equal(null);
    expect(input.value).to.equal('give me a tour');
    expect(names).to.deep.equal(['Give me a tour', 'Ask the agent: give me a tour']);
    await press(palette, 'Enter');
    expect(done).to.deep.equal(['tour']);
  });

  it('"g docs" puts "go" in a chip, lists the page and the agent, and Enter goes there', async () => {
    const { palette, done } = await demo();
    await type(palette, 'g docs');
    const { chip, input, names } = parts(palette);
    expect(chip?.textContent?.replace(/\s+/g, '')).to.equal('go×');
    expect(chip?.getAttribute('aria-label')).to.equal('Remove the prefix “go”');
    expect(input.value).to.equal('docs');
    expect(input.getAttribute('aria-describedby')).to.contain('palette-prefix-label');
    expect(names).to.deep.equal(['Docs', 'Ask the agent: go docs']);
    await press(palette, 'Enter');
    expect(done).to.deep.equal(['page Docs']);
  });

  it('"go to the docs" keeps the words after the chip, finds the page by its last word, and keeps the sentence for the agent', async () => {
    const { palette, done } = await demo();
    await type(palette, 'go to the docs');
    const { chip, input, names } = parts(palette);
    expect(chip).to.not.equal(null);
    expect(input.value).to.equal('to the docs');
    expect(names).to.deep.equal(['Docs', 'Ask the agent: go to the docs']);
    await press(palette, 'Enter');
    expect(done).to.deep.equal(['page Docs']);
    expect(palette.isOpen).to.equal(false);
  });

  it('Backspace in the empty field removes the chip; the field keeps focus and lists everything again', async () => {
    const { palette } = await demo();
    await type(palette, 'g ');
    expect(parts(palette).chip).to.not.equal(null);
    expect(parts(palette).names).to.deep.equal(['Home', 'Pricing', 'Docs']);
    await press(palette, 'Backspace');
    const { chip, input, root, names } = parts(palette);
    expect(chip).to.equal(null);
    expect(root.activeElement).to.equal(input);
    expect(names).to.deep.equal(['Go to a page…', 'Give me a tour']);
  });

  it('the chip is a button the keyboard reaches (Shift+Tab), and Enter on it removes it', async () => {
    const { palette } = await demo();
    await type(palette, 'g pri');
    await sendKeys({ down: 'Shift' });
    try {
      await sendKeys({ press: 'Tab' });
    } finally {
      await sendKeys({ up: 'Shift' });
    }
    expect(palette.shadowRoot!.activeElement).to.equal(parts(palette).chip);
    await press(palette, 'Enter');
    const { chip, input, root } = parts(palette);
    expect(chip).to.equal(null);
    expect(root.activeElement).to.equal(input);
    expect(input.value).to.equal('pri');
  });

  it('Enter on any query does something: text nothing matches, a chip with no page, a lone "go"', async () => {
    for (const query of ['zzqx nothing here', 'g zzqx']) {
      const { palette, done } = await demo();
      await type(palette, query);
      await press(palette, 'Enter');
      expect(done, `after ${JSON.stringify(query)}`).to.deep.equal([`agent: ${query.replace(/^g /, 'go ')}`]);
      expect(palette.isOpen).to.equal(false);
    }
    // "go" alone is text, and the page jump it names comes first: Enter makes it the chip.
    const { palette } = await demo();
    await type(palette, 'go');
    expect(parts(palette).chip).to.equal(null);
    await press(palette, 'Enter');
    expect(parts(palette).chip).to.not.equal(null);
    expect(parts(palette).names).to.deep.equal(['Home', 'Pricing', 'Docs']);
  });

  it('passes axe-core with a chip shown', async () => {
    const { palette } = await demo();
    await type(palette, 'g pri');
    expect(parts(palette).chip).to.not.equal(null);
    await expect(palette).to.be.accessible();
  });
});
