import { expect, fixtureSync, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { setDefaultController } from '../../../core/controller/default-controller.js';
import type { PaletteItem } from '../../../core/palette/palette-item.types.js';
import { DddkPalette, definePalette } from '../../../elements/palette/palette.js';
import { eventually } from '../../support/eventually.js';

definePalette();

const created: DddkController[] = [];

function controller() {
  const dddk = createDddk({ locale: 'en' });
  created.push(dddk);
  const tasks: string[] = [];
  Object.assign(dddk, { startAgent: (task: string) => void tasks.push(task) });
  return { dddk, tasks };
}

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

async function page(items: readonly PaletteItem[], dddk: DddkController) {
  const root = fixtureSync<HTMLElement>(html`<div>
    <button id="opener" type="button">Open</button>
    <input id="page-field" aria-label="Page field" />
    <dddk-palette .controller=${dddk} .items=${items}></dddk-palette>
  </div>`);
  const palette = root.querySelector<DddkPalette>('dddk-palette')!;
  await palette.updateComplete;
  return { root, palette, opener: root.querySelector<HTMLButtonElement>('#opener')!, field: root.querySelector<HTMLInputElement>('#page-field')! };
}

function parts(palette: DddkPalette) {
  const root = palette.shadowRoot!;
  const input = root.querySelector<HTMLInputElement>('[part~="input"]')!;
  return {
    root,
    input,
    listbox: root.querySelector<HTMLElement>('[part~="listbox"]')!,
    options: [...root.querySelectorAll<HTMLElement>('[role="option"]')],
    status: root.querySelector<HTMLElement>('[role="status"]')!,
    active: () => root.getElementById(input.getAttribute('aria-activedescendant') ?? ''),
  };
}

/** The option's name as shown (its description, lines and shortcut left out). */
function nameOf(option: Element | null | undefined): string | undefined {
  return option?.querySelector('[part~="option-name"]')?.textContent?.replace(/\s+/g, ' ').trim();
}

async function openWith(palette: DddkPalette, opener?: HTMLElement) {
  (opener ?? document.body).focus();
  palette.open();
  await palette.updateComplete;
}

async function press(palette: DddkPalette, key: string) {
  await sendKeys({ press: key });
  await palette.updateComplete;
}

async function pressWith(palette: DddkPalette, modifier: 'Control' | 'Meta', key: string) {
  await sendKeys({ down: modifier });
  try {
    await sendKeys({ press: key });
  } finally {
    await sendKeys({ up: modifier });
  }
  await palette.updateComplete;
}

async function type(palette: DddkPalette, text: string) {
  await sendKeys({ type: text });
  await palette.updateComplete;
}

function recorder() {
  const runs: string[] = [];
  const action = (name: string) => ({ kind: 'custom' as const, title: name, run: ({ arg }: { arg: string }) => void runs.push(arg ? `${name}:${arg}` : name) });
  return { runs, action };
}

function catalogue(action: ReturnType<typeof recorder>['action']): PaletteItem[] {
  return [
    { id: 'settings', name: 'Open settings', description: 'Change how the app behaves', section: 'General', icon: '⚙️', shortcut: 'Mod+,', actions: [action('settings'), action('settings-2')] },
    { id: 'theme', name: 'Toggle dark mode', section: 'General', icon: { builtin: 'sparkles' }, keywords: ['theme'], actions: [action('theme')] },
    { id: 'pricing', name: 'Go to Pricing', section: 'Navigation', image: '/covers/p.png', lines: ['Plans from $9', 'Billed yearly'], actions: [action('pricing')] },
    { id: 'faq-refund', name: 'Can I get a refund?', section: 'FAQ', answer: 'Yes, within 30 days.' },
  ];
}

describe('<dddk-palette> items', () => {
  it('registers its items property while connected and renders name, description, lines, icon, thumbnail and shortcut as text', async () => {
    const { dddk } = controller();
    const { action } = recorder();
    const { palette } = await page(catalogue(action), dddk);
    await openWith(palette);
    const { options, root } = parts(palette);
    expect(options.map((option) => nameOf(option))).to.deep.equal(['Open settings', 'Toggle dark mode', 'Go to Pricing', 'Can I get a refund?']);
    expect(options[0]!.querySelector('[part~="option-description"]')!.textContent).to.equal('Change how the app behaves');
    expect(options[0]!.querySelector('[part~="option-icon"]')!.textContent!.trim()).to.equal('⚙️');
    expect(options[0]!.querySelector('[part~="option-shortcut"]')!.textContent).to.match(/^(Ctrl\+,|⌘,)$/);
    expect(options[1]!.querySelector('[part~="option-icon"] svg')).to.not.equal(null);
    expect(options[2]!.querySelector('img')!.getAttribute('src')).to.equal('/covers/p.png');
    expect([...options[2]!.querySelectorAll('[part~="option-line"]')].map((line) => line.textContent)).to.deep.equal(['Plans from $9', 'Billed yearly']);
    const groups = [...root.querySelectorAll('[role="group"]')];
    expect(groups.map((group) => group.getAttribute('aria-label'))).to.deep.equal(['General', 'Navigation', 'FAQ']);

    palette.remove();
    expect(dddk && (await import('../../../core/palette/controller-palette.js')).controllerPalette(dddk).getItems()).to.deep.equal([]);
  });

  it('refused items are reported on the controller\'s error event, naming the field', async () => {
    const { dddk } = controller();
    const errors: Array<{ source: string; message: string }> = [];
    dddk.on('error', ({ error, source }) => void errors.push({ source, message: (error as Error).message }));
    const original = console.error;
    console.error = () => undefined;
    try {
      await page([{ id: 'bad id', name: 'Bad', answer: 'x' }], dddk);
    } finally {
      console.error = original;
    }
    expect(errors).to.have.length(1);
    expect(errors[0]!.source).to.equal('palette-items');
    expect(errors[0]!.message).to.match(/items\[0\]\.id: must be 1 to 128 letters/);
  });

  it('typing filters fuzzily, marks the matched characters and announces the count politely', async () => {
    const { dddk } = controller();
    const { palette } = await page(catalogue(recorder().action), dddk);
    await openWith(palette);
    await type(palette, 'pric');
    const { options, status } = parts(palette);
    expect(nameOf(options[0]!)).to.equal('Go to Pricing');
    expect([...options[0]!.querySelectorAll('mark')].map((mark) => mark.textContent).join('')).to.equal('Pric');
    expect(options.at(-1)!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Ask the agent: pric');
    expect(status.getAttribute('aria-live')).to.equal('polite');
    expect(status.textContent).to.equal(`${options.length} suggestions`);
  });

  it('arrows move aria-activedescendant over rendered options; Enter runs the primary action, Ctrl+Enter the secondary', async () => {
    const { dddk } = controller();
    const { runs, action } = recorder();
    const { palette } = await page(catalogue(action), dddk);
    await openWith(palette);
    expect(nameOf(parts(palette).active())).to.equal('Open settings');
    await press(palette, 'ArrowDown');
    expect(nameOf(parts(palette).active())).to.equal('Toggle dark mode');
    expect(parts(palette).active()?.getAttribute('aria-selected')).to.equal('true');
    await press(palette, 'ArrowUp');
    await press(palette, 'ArrowUp');
    expect(nameOf(parts(palette).active()), 'wraps to the end').to.equal('Can I get a refund?');
    await press(palette, 'ArrowDown');
    await pressWith(palette, 'Control', 'Enter');
    await eventually(() => expect(runs).to.deep.equal(['settings-2']));
    await eventually(() => expect(palette.isOpen).to.equal(false));
    await openWith(palette);
    await press(palette, 'Enter');
    await eventually(() => expect(runs).to.deep.equal(['settings-2', 'settings']));
  });

  it('hovering a row makes it active, but a pointer event at the same spot (rows scrolling under it) does not', async () => {
    const { dddk } = controller();
    const { palette } = await page(catalogue(recorder().action), dddk);
    await openWith(palette);
    const { options, listbox } = parts(palette);
    const rect = options[2]!.getBoundingClientRect();
    options[2]!.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, composed: true, clientX: rect.x + 5, clientY: rect.y + 5 }));
    await palette.updateComplete;
    expect(nameOf(parts(palette).active())).to.equal('Go to Pricing');
    await press(palette, 'ArrowUp');
    options[2]!.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, composed: true, clientX: rect.x + 5, clientY: rect.y + 5 }));
    await palette.updateComplete;
    expect(nameOf(parts(palette).active()), 'the keyboard keeps its place').to.equal('Toggle dark mode');
    expect(listbox.isConnected).to.equal(true);
  });

  it('clicking a row runs it; a QA item shows its answer; Esc returns to the list, then closes and focus goes back', async () => {
    const { dddk } = controller();
    const { palette, opener } = await page(catalogue(recorder().action), dddk);
    await openWith(palette, opener);
    parts(palette).options[3]!.click();
    await eventually(() => expect(palette.shadowRoot!.querySelector('[part~="result"]')).to.not.equal(null));
    const result = palette.shadowRoot!.querySelector<HTMLElement>('[part~="result"]')!;
    expect(result.querySelector('[part~="result-title"]')!.textContent).to.equal('Can I get a refund?');
    expect(result.querySelector('[part~="result-body"]')!.textContent).to.equal('Yes, within 30 days.');
    expect(parts(palette).listbox.hidden, 'the list is hidden in result mode').to.equal(true);
    expect(parts(palette).input.getAttribute('aria-expanded')).to.equal('false');
    await press(palette, 'Escape');
    expect(palette.shadowRoot!.querySelector('[part~="result"]')).to.equal(null);
    expect(palette.isOpen).to.equal(true);
    await press(palette, 'Escape');
    expect(palette.isOpen).to.equal(false);
    expect(document.activeElement).to.equal(opener);
  });

  it('a failing action shows its error in the palette', async () => {
    const { dddk } = controller();
    const { palette } = await page([{ id: 'boom', name: 'Deploy', actions: [{ kind: 'custom', run: () => Promise.reject(new Error('build is red')) }] }], dddk);
    await openWith(palette);
    await press(palette, 'Enter');
    await eventually(() => expect(palette.shadowRoot!.querySelector('[part~="error"]')?.textContent).to.equal('“Deploy” failed: build is red'));
    expect(palette.shadowRoot!.querySelector('[part~="error"]')!.getAttribute('role')).to.equal('alert');
    expect(palette.isOpen).to.equal(true);
  });

  it('an insert action writes into the field the palette was opened from, which gets focus back', async () => {
    const { dddk } = controller();
    const { palette, field } = await page([{ id: 'sig', name: 'Insert signature', actions: [{ kind: 'insert', text: '— Ada' }] }], dddk);
    field.value = 'Thanks ';
    field.focus();
    field.setSelectionRange(7, 7);
    const inputs: string[] = [];
    field.addEventListener('input', () => inputs.push(field.value));
    await pressWith(palette, 'Control', 'k');
    await press(palette, 'Enter');
    await eventually(() => expect(field.value).to.equal('Thanks — Ada'));
    expect(inputs).to.deep.equal(['Thanks — Ada']);
    await eventually(() => expect(document.activeElement).to.equal(field));
  });

  it('sub-menus: Enter opens the child list, Esc steps back, then closes', async () => {
    const { dddk } = controller();
    const { runs, action } = recorder();
    const { palette } = await page([{ id: 'lang', name: 'Change language', children: [{ id: 'en', name: 'English', actions: [action('en')] }, { id: 'zh', name: '中文', actions: [action('zh')] }] }], dddk);
    await openWith(palette);
    await press(palette, 'Enter');
    await eventually(() => expect(parts(palette).options.map((option) => nameOf(option))).to.deep.equal(['English', '中文']));
    expect(palette.shadowRoot!.querySelector('[part~="input-chip"]')!.textContent).to.equal('Change language');
    await press(palette, 'Escape');
    expect(parts(palette).options.map((option) => nameOf(option))).to.deep.equal(['Change language']);
    await press(palette, 'Enter');
    await eventually(() => expect(parts(palette).options.length).to.equal(2));
    await press(palette, 'ArrowDown');
    await press(palette, 'Enter');
    await eventually(() => expect(runs).to.deep.equal(['zh']));
  });

  it('Ctrl+K inside the open palette lists the active item\'s actions; outside it toggles the palette', async () => {
    const { dddk } = controller();
    const { runs, action } = recorder();
    const { palette } = await page(catalogue(action), dddk);
    await pressWith(palette, 'Control', 'k');
    expect(palette.isOpen).to.equal(true);
    await pressWith(palette, 'Control', 'k');
    const menu = palette.shadowRoot!.querySelector<HTMLElement>('[part~="actions-menu"]')!;
    expect(menu.getAttribute('role')).to.equal('listbox');
    expect(menu.getAttribute('aria-label')).to.equal('Actions for Open settings');
    const { input, root } = parts(palette);
    expect(input.getAttribute('aria-controls')).to.equal(menu.id);
    expect(root.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent).to.contain('settings');
    await press(palette, 'ArrowDown');
    expect(root.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent).to.contain('settings-2');
    await press(palette, 'Escape');
    expect(palette.shadowRoot!.querySelector('[part~="actions-menu"]')).to.equal(null);
    expect(palette.isOpen).to.equal(true);
    await pressWith(palette, 'Control', 'k');
    await press(palette, 'ArrowDown');
    await press(palette, 'Enter');
    await eventually(() => expect(runs).to.deep.equal(['settings-2']));
  });

  it('category chips are buttons reached with Tab that narrow the list', async () => {
    const { dddk } = controller();
    const root = fixtureSync<HTMLElement>(html`<div>
      <dddk-palette
        .controller=${dddk}
        .items=${catalogue(recorder().action)}
        .categories=${[
          { id: 'General', label: 'General' },
          { id: 'FAQ', label: 'Questions' },
        ]}
      ></dddk-palette>
    </div>`);
    const palette = root.querySelector<DddkPalette>('dddk-palette')!;
    await palette.updateComplete;
    await openWith(palette);
    const chips = [...palette.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="category"]')];
    expect(chips.map((chip) => chip.textContent!.trim())).to.deep.equal(['All', 'General', 'Questions']);
    for (let i = 0; i < 5 && palette.shadowRoot!.activeElement !== chips[1]; i++) await sendKeys({ press: 'Tab' });
    expect(palette.shadowRoot!.activeElement).to.equal(chips[1]);
    await press(palette, 'Enter');
    expect(chips[1]!.getAttribute('aria-pressed')).to.equal('true');
    expect(parts(palette).options.map((option) => nameOf(option))).to.deep.equal(['Open settings', 'Toggle dark mode']);
    expect(parts(palette).status.textContent).to.equal('2 suggestions');
  });

  it('a browse prefix shows a busy state while its async source works, then its items', async () => {
    const { dddk } = controller();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const items: PaletteItem[] = [
      {
        id: 'orders',
        name: 'Find an order',
        prefix: 'order:',
        browseSection: 'Orders',
        browse: async (arg) => {
          await gate;
          return [{ id: `o-${arg}`, name: `Order ${arg}`, actions: [{ kind: 'copy', text: arg }] }];
        },
      },
    ];
    const { palette } = await page(items, dddk);
    await openWith(palette);
    await type(palette, 'order:42');
    expect(parts(palette).input.getAttribute('aria-busy')).to.equal('true');
    expect(parts(palette).status.textContent).to.equal('Loading…');
    release();
    await eventually(() => expect(parts(palette).options.map((option) => nameOf(option))).to.deep.equal(['Order 42', 'Ask the agent: order: 42']));
    expect(parts(palette).input.getAttribute('aria-busy')).to.equal('false');
    expect(palette.shadowRoot!.querySelector('[role="group"]')?.getAttribute('aria-label')).to.equal('Orders');
  });
});

describe('<dddk-palette> events, bound shortcuts and links', () => {
  it('emits a cancelable dddk-activate before running an item; cancelling keeps the action from running', async () => {
    const { dddk } = controller();
    const { runs, action } = recorder();
    const { palette } = await page(catalogue(action), dddk);
    const seen: Array<{ itemId: string; arg: string; actionIndex: number }> = [];
    let cancel = true;
    palette.addEventListener('dddk-activate', (event) => {
      seen.push(event.detail);
      expect(event.bubbles && event.composed).to.equal(true);
      if (cancel) event.preventDefault();
    });
    await openWith(palette);
    await press(palette, 'Enter');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).to.deep.equal([]);
    cancel = false;
    await pressWith(palette, 'Control', 'Enter');
    await eventually(() => expect(runs).to.deep.equal(['settings-2']));
    expect(seen).to.deep.equal([
      { itemId: 'settings', arg: '', actionIndex: 0 },
      { itemId: 'settings', arg: '', actionIndex: 1 },
    ]);
  });

  it('an item with bindShortcut runs on its keys from the page, but not while the user types without a modifier', async () => {
    const { dddk } = controller();
    const { runs, action } = recorder();
    const { palette, field } = await page(
      [
        { id: 'save', name: 'Save', shortcut: 'Mod+Shift+S', bindShortcut: true, actions: [action('save')] },
        { id: 'help', name: 'Help', shortcut: '?', bindShortcut: true, actions: [action('help')] },
      ],
      dddk,
    );
    const modifier = navigator.platform.includes('Mac') ? { metaKey: true } : { ctrlKey: true };
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'S', shiftKey: true, ...modifier, bubbles: true, cancelable: true }));
    await eventually(() => expect(runs).to.deep.equal(['save']));
    field.dispatchEvent(new KeyboardEvent('keydown', { key: '?', bubbles: true, composed: true, cancelable: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '?', bubbles: true, cancelable: true }));
    await eventually(() => expect(runs).to.deep.equal(['save', 'help']));
    expect(palette.isOpen).to.equal(false);
  });

  it('open-url opens a new tab without an opener; navigate goes through a connected router', async () => {
    const { dddk } = controller();
    const { controllerPalette } = await import('../../../core/palette/controller-palette.js');
    const paths: string[] = [];
    const stop = controllerPalette(dddk).connectPorts({ navigate: (path) => void paths.push(path) });
    const opened: unknown[][] = [];
    const original = window.open;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
    try {
      const { palette } = await page(
        [
          { id: 'web', name: 'Search the web for {q}', searchAction: true, actions: [{ kind: 'open-url', url: 'https://search.example/?q={q}' }] },
          { id: 'docs', name: 'Docs', actions: [{ kind: 'navigate', path: '/docs' }] },
        ],
        dddk,
      );
      await openWith(palette);
      await press(palette, 'Enter');
      await eventually(() => expect(paths).to.deep.equal(['/docs']));
      await openWith(palette);
      await type(palette, 'a&b');
      await press(palette, 'Enter');
      await eventually(() => expect(opened).to.deep.equal([['https://search.example/?q=a%26b', '_blank', 'noopener,noreferrer']]));
    } finally {
      window.open = original;
      stop();
    }
  });
});

describe('<dddk-palette> with 10,000 items', () => {
  const many: PaletteItem[] = Array.from({ length: 10_000 }, (_, i) => ({
    id: `item-${i}`,
    name: `Document ${i}`,
    description: `Section ${i % 50}`,
    section: `Group ${Math.floor(i / 1000)}`,
    actions: [{ kind: 'copy', text: String(i) }],
  }));

  it('renders only a window of options, keeps aria-activedescendant on a rendered option, and reaches the end with End', async () => {
    const { dddk } = controller();
    const { palette } = await page(many, dddk);
    await openWith(palette);
    let { options, active } = parts(palette);
    expect(options.length).to.be.greaterThan(3).and.lessThan(80);
    expect(options[0]!.getAttribute('aria-setsize')).to.equal('10000');
    expect(options[0]!.getAttribute('aria-posinset')).to.equal('1');
    expect(active()).to.equal(options[0]);

    await press(palette, 'End');
    ({ options, active } = parts(palette));
    expect(options.length).to.be.lessThan(80);
    expect(active()?.getAttribute('aria-posinset')).to.equal('10000');
    expect(nameOf(active())).to.equal('Document 9999');
    await eventually(() => {
      const listbox = parts(palette).listbox.getBoundingClientRect();
      const row = parts(palette).active()!.getBoundingClientRect();
      expect(row.bottom).to.be.at.most(listbox.bottom + 1);
      expect(row.top).to.be.at.least(listbox.top - 1);
    });

    await press(palette, 'PageUp');
    const afterPage = Number(parts(palette).active()?.getAttribute('aria-posinset'));
    expect(afterPage).to.be.lessThan(10000).and.greaterThan(9980);
    await press(palette, 'Home');
    expect(parts(palette).active()?.getAttribute('aria-posinset')).to.equal('1');
    for (let i = 0; i < 30; i++) await sendKeys({ press: 'ArrowDown' });
    await palette.updateComplete;
    expect(parts(palette).active()?.getAttribute('aria-posinset')).to.equal('31');
  });

  it('scrolling the list moves the window', async () => {
    const { dddk } = controller();
    const { palette } = await page(many, dddk);
    await openWith(palette);
    const { listbox } = parts(palette);
    listbox.scrollTop = 48 * 5000;
    listbox.dispatchEvent(new Event('scroll'));
    await eventually(() => {
      const labels = parts(palette).options.map((option) => nameOf(option));
      expect(labels.some((label) => /^Document 49\d\d$/.test(label ?? ''))).to.equal(true);
    });
    expect(parts(palette).options.length).to.be.lessThan(80);
  });

  it('filters 10,000 items and lists the best match first', async () => {
    const { dddk } = controller();
    const { palette } = await page(many, dddk);
    await openWith(palette);
    await type(palette, 'document 9876');
    expect(nameOf(parts(palette).options[0]!)).to.equal('Document 9876');
  });
});

describe('<dddk-palette> result mode and detail pane', () => {
  it('streams text into the result with a Stop button and aria-busy; Stop ends it', async () => {
    const { dddk } = controller();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    async function* chunks() {
      yield 'Hello';
      yield ', world';
      await gate;
      yield ' — never shown';
    }
    const { palette } = await page([{ id: 'stream', name: 'Stream', actions: [{ kind: 'custom', run: ({ palette: handle }) => handle.showResult({ stream: chunks(), title: 'Answer' }) }] }], dddk);
    await openWith(palette);
    await press(palette, 'Enter');
    await eventually(() => expect(palette.shadowRoot!.querySelector('[part~="result-body"]')?.textContent).to.equal('Hello, world'));
    const result = palette.shadowRoot!.querySelector<HTMLElement>('[part~="result"]')!;
    expect(result.getAttribute('aria-busy')).to.equal('true');
    palette.shadowRoot!.querySelector<HTMLButtonElement>('[part~="result-cancel"]')!.click();
    await palette.updateComplete;
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await palette.updateComplete;
    expect(palette.shadowRoot!.querySelector('[part~="result"]')!.getAttribute('aria-busy')).to.equal('false');
    expect(palette.shadowRoot!.querySelector('[part~="result-body"]')!.textContent).to.equal('Hello, world');
  });

  it('HTML results are sanitized; host nodes and host mounts are shown, the mount is streamed into once in the page', async () => {
    const { dddk } = controller();
    const { palette } = await page([], dddk);
    await openWith(palette);
    const { controllerPalette } = await import('../../../core/palette/controller-palette.js');
    const model = controllerPalette(dddk);
    model.showResult({ html: '<p>Safe <b>bold</b></p><img src="data:image/png;base64,AAAA" onerror="window.__paletteXss=1"><script>window.__paletteXss=1</script><a href="javascript:alert(1)">x</a>' });
    await eventually(() => expect(palette.shadowRoot!.querySelector('.palette__result-html b')?.textContent).to.equal('bold'));
    const body = palette.shadowRoot!.querySelector('[part~="result-body"]')!;
    expect(body.querySelector('script')).to.equal(null);
    expect(body.querySelector('[onerror]')).to.equal(null);
    expect(body.querySelector('a')?.hasAttribute('href')).to.equal(false);

    const node = document.createElement('p');
    node.textContent = 'from the host';
    model.showResult({ node });
    await palette.updateComplete;
    expect(palette.shadowRoot!.querySelector('[part~="result-body"] p')).to.equal(node);

    const mount = document.createElement('div');
    let sawConnected = false;
    model.showResult({
      mount,
      stream: async (root) => {
        sawConnected = (root as HTMLElement).isConnected;
        (root as HTMLElement).textContent = 'written by the host';
      },
    });
    await eventually(() => expect(mount.textContent).to.equal('written by the host'));
    expect(sawConnected).to.equal(true);
    expect((window as { __paletteXss?: number }).__paletteXss).to.equal(undefined);
  });

  it('renders the active item\'s detail surface with <dddk-surface> beside the list', async () => {
    const { dddk } = controller();
    const surface = { root: { piece: 'text', props: { text: 'Preview' } } };
    const { palette } = await page(
      [
        { id: 'a', name: 'With details', detail: surface, answer: 'x' },
        { id: 'b', name: 'Without', answer: 'y' },
      ],
      dddk,
    );
    await openWith(palette);
    const pane = palette.shadowRoot!.querySelector<HTMLElement>('[part~="detail"]')!;
    expect(pane.getAttribute('aria-label')).to.equal('Details');
    const element = pane.querySelector('dddk-surface') as (HTMLElement & { surface?: unknown }) | null;
    expect(element?.surface).to.equal(surface);
    await press(palette, 'ArrowDown');
    expect(palette.shadowRoot!.querySelector('[part~="detail"]')).to.equal(null);
  });

  it('an input context borrows the field: its chip and placeholder show, Enter goes to its onSubmit', async () => {
    const { dddk } = controller();
    const sent: string[] = [];
    const { palette } = await page(
      [{ id: 'chat', name: 'Chat', actions: [{ kind: 'custom', run: ({ palette: handle }) => handle.setInputContext({ chipLabel: 'Chat', placeholder: 'Message…', onSubmit: (text) => void sent.push(text) }) }] }],
      dddk,
    );
    await openWith(palette);
    await press(palette, 'Enter');
    await eventually(() => expect(parts(palette).input.placeholder).to.equal('Message…'));
    expect(palette.shadowRoot!.querySelector('[part~="input-chip"]')!.textContent).to.equal('Chat');
    expect(parts(palette).listbox.hidden).to.equal(true);
    await type(palette, 'hello');
    await press(palette, 'Enter');
    await eventually(() => expect(sent).to.deep.equal(['hello']));
    expect(parts(palette).input.value).to.equal('');
  });
});

describe('<dddk-palette> host and model strings render as text', () => {
  it('renders every XSS sample as name, description and lines without running script or adding handlers or javascript: URLs', async () => {
    const { xssSamples } = await import('./fixtures/xss-samples.js');
    (window as { __dddkCanary?: number }).__dddkCanary = 0;
    const canary = (sample: string) => sample.replace(/alert\([^)]*\)|prompt\([^)]*\)|alert\(\)/g, 'window.__dddkCanary=1');
    const items: PaletteItem[] = xssSamples.map((sample, i) => ({
      id: `x${i}`,
      name: canary(sample),
      description: canary(sample),
      lines: [canary(sample), sample],
      answer: canary(sample),
      section: canary(sample).slice(0, 100),
    }));
    const { dddk } = controller();
    const { palette } = await page(items, dddk);
    await openWith(palette);
    await type(palette, 'INJECTX');
    await palette.updateComplete;
    await press(palette, 'Backspace');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const root = palette.shadowRoot!;
    const rendered = parts(palette).options;
    expect(rendered.length).to.be.greaterThan(5);
    expect(rendered[0]!.querySelector('[part~="option-name"]')!.textContent!.length).to.be.greaterThan(5);
    const all = [...root.querySelectorAll('*')];
    expect(all.filter((element) => [...element.attributes].some((attribute) => /^on/i.test(attribute.name))).map((element) => element.outerHTML.slice(0, 80))).to.deep.equal([]);
    expect(all.filter((element) => [...element.attributes].some((attribute) => /^\s*javascript:/i.test(attribute.value)))).to.deep.equal([]);
    expect(root.querySelectorAll('script, iframe, svg[onload], img[onerror]').length).to.equal(0);
    expect((window as { __dddkCanary?: number }).__dddkCanary).to.equal(0);
  });
});

describe('<dddk-palette> accessibility with items (axe-core)', () => {
  it('passes open with grouped items, with typed results and with the actions menu', async () => {
    const { dddk } = controller();
    const { palette } = await page(catalogue(recorder().action), dddk);
    await openWith(palette);
    await expect(palette).to.be.accessible();
    await type(palette, 'go');
    await expect(palette).to.be.accessible();
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ press: 'Backspace' });
    await palette.updateComplete;
    await pressWith(palette, 'Control', 'k');
    expect(palette.shadowRoot!.querySelector('[part~="actions-menu"]')).to.not.equal(null);
    await expect(palette).to.be.accessible();
  });

  it('passes in result mode, with an error and with the detail pane and chips', async () => {
    const { dddk } = controller();
    const root = fixtureSync<HTMLElement>(html`<div>
      <dddk-palette
        .controller=${dddk}
        .items=${[
          { id: 'a', name: 'With details', section: 'S', detail: { root: { piece: 'text' } }, answer: 'An answer' },
          { id: 'b', name: 'Broken', section: 'S', actions: [{ kind: 'custom', run: () => Promise.reject(new Error('nope')) }] },
        ]}
        .categories=${[{ id: 'S', label: 'S' }]}
      ></dddk-palette>
    </div>`);
    const palette = root.querySelector<DddkPalette>('dddk-palette')!;
    await palette.updateComplete;
    await openWith(palette);
    expect(palette.shadowRoot!.querySelector('[part~="detail"]')).to.not.equal(null);
    await expect(palette).to.be.accessible();
    await press(palette, 'ArrowDown');
    await press(palette, 'Enter');
    await eventually(() => expect(palette.shadowRoot!.querySelector('[part~="error"]')).to.not.equal(null));
    await expect(palette).to.be.accessible();
    await press(palette, 'ArrowUp');
    await press(palette, 'Enter');
    await eventually(() => expect(palette.shadowRoot!.querySelector('[part~="result"]')).to.not.equal(null));
    await expect(palette).to.be.accessible();
  });

  it('passes with 10,000 items scrolled to the end', async () => {
    const { dddk } = controller();
    const { palette } = await page(
      Array.from({ length: 10_000 }, (_, i) => ({ id: `i${i}`, name: `Row ${i}`, section: `S${Math.floor(i / 100)}`, actions: [{ kind: 'copy' as const, text: 'x' }] })),
      dddk,
    );
    await openWith(palette);
    await press(palette, 'End');
    await expect(palette).to.be.accessible();
  });
});
