import { expect, fixtureSync, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { getDefaultController, setDefaultController } from '../../../core/controller/default-controller.js';
import type { DddkSubmitEvent } from '../../../elements/events/submit.js';
import { DddkPalette, definePalette } from '../../../elements/palette/palette.js';

definePalette();

const created: DddkController[] = [];

/** A controller whose agent only records the tasks it is given. */
function controller(config: Parameters<typeof createDddk>[0] = {}) {
  const dddk = createDddk({ locale: 'en', ...config });
  created.push(dddk);
  const tasks: string[] = [];
  Object.assign(dddk, { startAgent: (task: string) => void tasks.push(task) });
  return { dddk, tasks };
}

afterEach(() => {
  for (const dddk of created.splice(0)) dddk.destroy();
  setDefaultController(undefined);
});

/**
 * A page with a button and a text field of its own, plus the palette. `fixtureSync`, because
 * `fixture` on a plain element waits for an animation frame, which a background tab may never paint.
 */
async function page(template: ReturnType<typeof html>) {
  const root = fixtureSync<HTMLElement>(html`<div>
    <button id="opener" type="button">Open</button>
    <input id="page-field" aria-label="Page field" />
    ${template}
  </div>`);
  const palette = root.querySelector<DddkPalette>('dddk-palette')!;
  await palette.updateComplete;
  return {
    palette,
    opener: root.querySelector<HTMLButtonElement>('#opener')!,
    field: root.querySelector<HTMLInputElement>('#page-field')!,
  };
}

function parts(palette: DddkPalette) {
  const root = palette.shadowRoot!;
  return {
    root,
    dialog: root.querySelector<HTMLDialogElement>('dialog'),
    input: root.querySelector<HTMLInputElement>('[part~="input"]')!,
    listbox: root.querySelector<HTMLElement>('[part~="listbox"]')!,
    options: [...root.querySelectorAll<HTMLElement>('[part~="option"]')],
    status: root.querySelector<HTMLElement>('[role="status"]')!,
  };
}

function recordEvents(element: HTMLElement, names: string[]) {
  const seen: Array<{ type: string; event: Event }> = [];
  for (const name of names) element.addEventListener(name, (event) => seen.push({ type: name, event }));
  return seen;
}

/** Presses `key` with `modifier` held (puppeteer's `press` does not take combinations). */
async function pressWith(modifier: 'Control' | 'Meta', key: string) {
  await sendKeys({ down: modifier });
  try {
    await sendKeys({ press: key });
  } finally {
    await sendKeys({ up: modifier });
  }
}

async function typeInto(palette: DddkPalette, text: string) {
  await sendKeys({ type: text });
  await palette.updateComplete;
}

describe('<dddk-palette> opening and closing', () => {
  it('Ctrl+K opens a modal dialog with focus in the field; Esc closes it and focus returns to the opener', async () => {
    const { dddk } = controller();
    const { palette, opener } = await page(html`<dddk-palette .controller=${dddk}></dddk-palette>`);
    const seen = recordEvents(palette, ['dddk-open', 'dddk-close']);
    opener.focus();
    await pressWith('Control', 'k');
    await palette.updateComplete;
    const { dialog, input, root } = parts(palette);
    expect(dialog?.open).to.equal(true);
    expect(dialog?.matches(':modal')).to.equal(true);
    expect(root.activeElement).to.equal(input);
    expect(palette.isOpen).to.equal(true);
    expect(palette.matches(':state(open)')).to.equal(true);

    await sendKeys({ press: 'Escape' });
    await palette.updateComplete;
    expect(parts(palette).dialog?.open).to.equal(false);
    expect(document.activeElement).to.equal(opener);
    expect(seen.map(({ type }) => type)).to.deep.equal(['dddk-open', 'dddk-close']);
    expect(seen.every(({ event }) => event.bubbles && event.composed)).to.equal(true);
  });

  it('opens with ⌘K too, and from inside a page field; the shortcut toggles', async () => {
    const { dddk } = controller();
    const { palette, field } = await page(html`<dddk-palette .controller=${dddk}></dddk-palette>`);
    field.focus();
    await pressWith('Meta', 'k');
    await palette.updateComplete;
    expect(palette.isOpen).to.equal(true);
    expect(field.value, 'the k did not reach the page field').to.equal('');
    await pressWith('Control', 'k');
    await palette.updateComplete;
    expect(palette.isOpen).to.equal(false);
    expect(document.activeElement).to.equal(field);
  });

  it('the shortcut is preventDefault-ed, ignored while an IME composes, and off with no-shortcut', async () => {
    const { dddk } = controller();
    const { palette } = await page(html`<dddk-palette .controller=${dddk}></dddk-palette>`);
    const composing = new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: true, isComposing: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(composing);
    await palette.updateComplete;
    expect(palette.isOpen).to.equal(false);

    const plain = new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(plain);
    await palette.updateComplete;
    expect(plain.defaultPrevented).to.equal(true);
    expect(palette.isOpen).to.equal(true);
    palette.close();
    await palette.updateComplete;

    palette.noShortcut = true;
    await palette.updateComplete;
    const ignored = new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(ignored);
    await palette.updateComplete;
    expect(ignored.defaultPrevented).to.equal(false);
    expect(palette.isOpen).to.equal(false);
  });

  it('open() and close() work from a button, and the close button and the backdrop close it', async () => {
    const { dddk } = controller();
    const { palette, opener } = await page(html`<dddk-palette .controller=${dddk}></dddk-palette>`);
    opener.addEventListener('click', () => palette.open());
    opener.click();
    await palette.updateComplete;
    expect(palette.isOpen).to.equal(true);
    parts(palette).root.querySelector<HTMLButtonElement>('[part~="close-button"]')!.click();
    await palette.updateComplete;
    expect(palette.isOpen).to.equal(false);

    palette.open();
    await palette.updateComplete;
    parts(palette).dialog!.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    await palette.updateComplete;
    expect(palette.isOpen).to.equal(false);
  });
});

describe('<dddk-palette> combobox and submitting', () => {
  it('has combobox semantics over a listbox in the same shadow root', async () => {
    const { dddk } = controller();
    const { palette } = await page(html`<dddk-palette .controller=${dddk}></dddk-palette>`);
    palette.open();
    await palette.updateComplete;
    let { input, listbox, root } = parts(palette);
    expect(input.getAttribute('role')).to.equal('combobox');
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    expect(root.getElementById(input.getAttribute('aria-controls')!)).to.equal(listbox);
    expect(listbox.getAttribute('role')).to.equal('listbox');
    expect(input.hasAttribute('aria-activedescendant')).to.equal(false);
    expect(root.querySelector(`label[for="${input.id}"]`)?.textContent).to.equal('Ask the agent');

    await typeInto(palette, 'pricing');
    ({ input, listbox, root } = parts(palette));
    const [option] = parts(palette).options;
    expect(input.getAttribute('aria-expanded')).to.equal('true');
    expect(option?.getAttribute('role')).to.equal('option');
    expect(option?.getAttribute('aria-selected')).to.equal('true');
    expect(option?.textContent?.replace(/\s+/g, ' ').trim()).to.equal('Ask the agent: pricing');
    expect(root.getElementById(input.getAttribute('aria-activedescendant')!)).to.equal(option);
    expect(parts(palette).status.textContent).to.equal('1 suggestion');
  });

  it('Enter starts the agent with the text, emits dddk-submit, closes and remembers the text', async () => {
    const { dddk, tasks } = controller();
    const { palette } = await page(html`<dddk-palette .controller=${dddk}></dddk-palette>`);
    const seen = recordEvents(palette, ['dddk-submit', 'dddk-close']);
    palette.open();
    await palette.updateComplete;
    await typeInto(palette, 'show me pricing');
    await sendKeys({ press: 'Enter' });
    await palette.updateComplete;
    expect(tasks).to.deep.equal(['show me pricing']);
    expect(palette.isOpen).to.equal(false);
    expect(seen.map(({ type }) => type)).to.deep.equal(['dddk-submit', 'dddk-close']);
    const submit = seen[0]!.event as DddkSubmitEvent;
    expect(submit.detail.text).to.equal('show me pricing');
    expect(submit.cancelable).to.equal(true);

    palette.open();
    await palette.updateComplete;
    expect(parts(palette).input.value, 'the field starts empty next time').to.equal('');
  });

  it('a cancelled dddk-submit keeps the text from the agent; a blank Enter does nothing', async () => {
    const { dddk, tasks } = controller();
    const { palette } = await page(html`<dddk-palette .controller=${dddk}></dddk-palette>`);
    palette.addEventListener('dddk-submit', (event) => event.preventDefault());
    palette.open();
    await palette.updateComplete;
    await sendKeys({ press: 'Enter' });
    await palette.updateComplete;
    expect(palette.isOpen, 'blank Enter keeps it open').to.equal(true);
    await typeInto(palette, 'handled by the host');
    await sendKeys({ press: 'Enter' });
    await palette.updateComplete;
    expect(tasks).to.deep.equal([]);
    expect(palette.isOpen).to.equal(false);
  });

  it('clicking the option submits', async () => {
    const { dddk, tasks } = controller();
    const { palette } = await page(html`<dddk-palette .controller=${dddk}></dddk-palette>`);
    palette.open();
    await palette.updateComplete;
    await typeInto(palette, 'docs');
    parts(palette).options[0]!.click();
    await palette.updateComplete;
    expect(tasks).to.deep.equal(['docs']);
  });

  it('Enter and Escape that end an IME composition neither submit nor close', async () => {
    const { dddk, tasks } = controller();
    const { palette } = await page(html`<dddk-palette .controller=${dddk}></dddk-palette>`);
    palette.open();
    await palette.updateComplete;
    await typeInto(palette, 'jiage');
    const { input } = parts(palette);
    for (const key of ['Enter', 'Escape']) {
      input.dispatchEvent(new KeyboardEvent('keydown', { key, isComposing: true, bubbles: true, composed: true, cancelable: true }));
    }
    await palette.updateComplete;
    expect(tasks).to.deep.equal([]);
    expect(palette.isOpen).to.equal(true);
    expect(parts(palette).dialog?.open).to.equal(true);
  });
});

describe('<dddk-palette> controller, inline mode and locale', () => {
  it('finds its controller through for="id" and the page default', async () => {
    const named = controller({ id: 'shop' });
    const { palette } = await page(html`<dddk-palette for="shop"></dddk-palette>`);
    palette.open();
    await palette.updateComplete;
    await typeInto(palette, 'named');
    await sendKeys({ press: 'Enter' });
    expect(named.tasks).to.deep.equal(['named']);

    palette.for = undefined;
    const fallback: string[] = [];
    Object.assign(getDefaultController(), { startAgent: (task: string) => void fallback.push(task) });
    await palette.updateComplete;
    palette.open();
    await palette.updateComplete;
    await typeInto(palette, 'default');
    await sendKeys({ press: 'Enter' });
    expect(fallback).to.deep.equal(['default']);
  });

  it('inline: no dialog, the field is in the page, Ctrl+K focuses it and Esc gives focus back', async () => {
    const { dddk, tasks } = controller();
    const { palette, opener } = await page(html`<dddk-palette inline .controller=${dddk}></dddk-palette>`);
    const { dialog, input, root } = parts(palette);
    expect(dialog).to.equal(null);
    expect(input.getBoundingClientRect().height).to.be.greaterThan(0);
    opener.focus();
    await pressWith('Control', 'k');
    await palette.updateComplete;
    expect(root.activeElement).to.equal(input);
    await sendKeys({ press: 'Escape' });
    await palette.updateComplete;
    expect(document.activeElement).to.equal(opener);

    input.focus();
    await typeInto(palette, 'pricing');
    await sendKeys({ press: 'Enter' });
    expect(tasks).to.deep.equal(['pricing']);
  });

  it('renders zh-TW labels and follows setLocale', async () => {
    const { dddk } = controller({ locale: 'zh-TW' });
    const { palette } = await page(html`<dddk-palette .controller=${dddk}></dddk-palette>`);
    palette.open();
    await palette.updateComplete;
    expect(parts(palette).dialog?.getAttribute('aria-label')).to.equal('指令面板');
    expect(parts(palette).input.placeholder).to.equal('詢問關於本站的任何問題…');
    dddk.setLocale('en');
    await palette.updateComplete;
    expect(parts(palette).dialog?.getAttribute('aria-label')).to.equal('Command palette');
  });
});

describe('<dddk-palette> accessibility (axe-core)', () => {
  it('passes when closed', async () => {
    const { dddk } = controller();
    const { palette } = await page(html`<dddk-palette .controller=${dddk}></dddk-palette>`);
    await expect(palette).to.be.accessible();
  });

  it('passes when open with a suggestion (and does not animate under reduced motion)', async () => {
    // axe would otherwise measure colours halfway through the fade-in.
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      const { dddk } = controller();
      const { palette } = await page(html`<dddk-palette .controller=${dddk}></dddk-palette>`);
      palette.open();
      await palette.updateComplete;
      expect(getComputedStyle(parts(palette).dialog!).animationName).to.equal('none');
      await typeInto(palette, 'pricing');
      await expect(palette).to.be.accessible();
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('passes inline', async () => {
    const { dddk } = controller();
    const { palette } = await page(html`<dddk-palette inline .controller=${dddk}></dddk-palette>`);
    parts(palette).input.focus();
    await typeInto(palette, 'pricing');
    await expect(palette).to.be.accessible();
  });
});
