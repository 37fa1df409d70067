import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { createDddk } from '../../../core/controller/create-dddk.js';
import type { LLMProvider } from '../../../core/llm/types.js';
import { createHttpDocumentStore } from '../../../core/targets/stores/http-document-store.js';
import { createMemoryDocumentStore } from '../../../core/targets/stores/memory-document-store.js';
import type { DddkRegionChangeEvent } from '../../../elements/events/region-change.js';
import type { DddkRegionConflictEvent } from '../../../elements/events/region-conflict.js';
import { DddkRegionEditor, defineRegionEditor } from '../../../elements/region-editor/region-editor.js';
import { eventually } from '../../support/eventually.js';
import { ARTICLE, click, eventsThrough, mock, part, provider, region, replacePart, scenario, text, type, withRegion } from './support.js';

defineRegionEditor();

/** Mounts the article inside the editor before it loads, as a page would render it. */
async function mountArticle(llm?: LLMProvider): Promise<{ element: DddkRegionEditor; article: HTMLElement; original: string }> {
  const holder = document.createElement('div');
  holder.innerHTML = `<dddk-region-editor>${ARTICLE}</dddk-region-editor>`;
  const element = holder.firstElementChild as DddkRegionEditor;
  if (llm) element.llm = llm;
  const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
  wrapper.append(element);
  await element.ready();
  await element.updateComplete;
  const article = element.querySelector<HTMLElement>('#page')!;
  return { element, article, original: element.innerHTML };
}

/** Presses `key` while holding `modifiers`, as real key events. */
async function chord(...keys: string[]): Promise<void> {
  const key = keys.pop()!;
  for (const modifier of keys) await sendKeys({ down: modifier });
  try {
    await sendKeys({ press: key });
  } finally {
    for (const modifier of keys.reverse()) await sendKeys({ up: modifier });
  }
}

function pick(element: DddkRegionEditor, id: string): void {
  const option = element.shadowRoot!.querySelector<HTMLElement>(`[part~="region-option"][data-region="${id}"]`);
  if (!option) throw new Error(`no option for ${id}`);
  option.click();
}

describe('<dddk-region-editor> with a model', () => {
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('streams the proposal, shows the diff, writes only the region on accept, and undoes and redoes to exact bytes', async () => {
    const client = await mock();
    const id = scenario('accept');
    const next = '<p>Fresh words arrive here, greener than before.</p>';
    const turn = replacePart('lede', next, { deltaSize: 4 });
    turn.fault = { type: 'stall', ms: 1_200, afterEvents: eventsThrough(turn, 'Fresh words') };
    await client.script(id, [turn]);
    const { element, article, original } = await mountArticle(provider(client, id));
    const changes: DddkRegionChangeEvent[] = [];
    element.addEventListener('dddk-region-change', (event) => changes.push(event));

    // Labels are page text: the hostile one shows as text and creates no element.
    expect(text(element, 'regions')).to.contain('Intro <img src=x onerror=alert(1)>');
    expect(element.shadowRoot!.querySelector('img')).to.equal(null);

    pick(element, 'lede');
    await element.updateComplete;
    expect(text(element, 'heading')).to.contain('Intro <img');
    await expect(element).to.be.accessible();
    type(element, 'instruction', 'Make it fresher.');
    click(element, 'propose-button');

    await eventually(() => expect(text(element, 'stream')).to.contain('Fresh words'), 2_000);
    expect(text(element, 'stream'), 'the end has not arrived yet').to.not.contain('greener');
    const [pending] = await client.requests(id);
    expect(pending!.outcome).to.equal('pending');
    expect(part(element, 'stream')!.getAttribute('aria-busy')).to.equal('true');
    await expect(element).to.be.accessible();

    await eventually(() => expect(part(element, 'diff')).to.not.equal(null), 4_000);
    const diff = part(element, 'diff')!;
    expect([...diff.querySelectorAll('del')].map((node) => node.textContent)).to.deep.equal(['Removed: Old', 'Removed: stay']);
    expect([...diff.querySelectorAll('ins')].map((node) => node.textContent).join('|')).to.contain('Fresh');
    expect(region(article, 'lede').innerHTML, 'nothing changes before accept').to.equal('<p>Old words stay here.</p>');
    await expect(element).to.be.accessible();

    click(element, 'accept-button');
    await eventually(() => expect(region(article, 'lede').innerHTML).to.equal(next));
    expect(element.innerHTML, 'nothing outside the region changed').to.equal(withRegion(original, 'lede', next));
    expect(await element.readDocument()).to.equal(withRegion(original, 'lede', next));
    await eventually(() => expect(text(element, 'status')).to.contain('Saved the change to Intro'));
    expect(changes.map((event) => [event.detail.ids, event.detail.cause])).to.deep.equal([[['lede'], 'accept']]);

    click(element, 'undo-button');
    await eventually(() => expect(region(article, 'lede').innerHTML).to.equal('<p>Old words stay here.</p>'));
    expect(await element.readDocument(), 'undo restores the original bytes').to.equal(original);
    await element.updateComplete;
    click(element, 'redo-button');
    await eventually(() => expect(region(article, 'lede').innerHTML).to.equal(next));
    expect(await element.readDocument()).to.equal(withRegion(original, 'lede', next));
  });

  it('sends the target’s refusal back to the model and shows the corrected proposal', async () => {
    const client = await mock();
    const id = scenario('refusal');
    const fixed = '<p>Old words, now <strong>bold</strong>.</p>';
    // A region handle survives the sanitizer (data attributes are the site's own), and the target refuses it.
    await client.script(id, [replacePart('lede', '<p data-agent-element="promo">Old words, now bold.</p>'), replacePart('lede', fixed)]);
    const { element, article, original } = await mountArticle(provider(client, id));

    await element.editRegion('lede', 'Make it bold.');
    await element.updateComplete;
    expect(part(element, 'diff')).to.not.equal(null);
    // The visitor reads a plain sentence; the model got the reason naming the region and the handle.
    expect(text(element, 'alert')).to.equal('A proposal was refused and sent back to the model: the HTML would change the page outside this region.');
    await expect(element).to.be.accessible();

    const requests = await client.requests(id);
    expect(requests).to.have.length(2);
    const second = JSON.stringify(requests[1]!.body.messages);
    expect(second).to.contain('The proposal was refused');
    expect(second).to.contain('do not write, remove or copy data-agent-element attributes');
    expect(JSON.stringify(requests[0]!.body.messages)).to.not.contain('The proposal was refused');

    click(element, 'accept-button');
    await eventually(() => expect(region(article, 'lede').innerHTML).to.equal(fixed));
    expect(element.innerHTML).to.equal(withRegion(original, 'lede', fixed));
  });

  it('shows, diffs and stores a proposal as the page keeps it: the model’s handler and script never reach the document', async () => {
    const client = await mock();
    const id = scenario('sanitized');
    await client.script(id, [replacePart('lede', '<p onclick="alert(1)">Fresh <b>words</b></p><script>window.__regionProposalRan = true</script>')]);
    const { element, article, original } = await mountArticle(provider(client, id));
    await element.editRegion('lede', 'Fresher.');
    await element.updateComplete;
    expect(part(element, 'diff')).to.not.equal(null);
    const kept = '<p>Fresh <b>words</b></p>';
    expect(text(element, 'diff')).to.not.contain('onclick');
    expect(text(element, 'diff')).to.not.contain('script');
    click(element, 'accept-button');
    await eventually(() => expect(region(article, 'lede').innerHTML).to.equal(kept));
    expect(await element.readDocument(), 'the document stores exactly what was shown').to.equal(withRegion(original, 'lede', kept));
    expect((window as { __regionProposalRan?: boolean }).__regionProposalRan).to.equal(undefined);
  });

  it('refines a proposal with a follow-up, and a rejected proposal writes nothing', async () => {
    const client = await mock();
    const id = scenario('refine');
    await client.script(id, [replacePart('title', 'Spring is here'), replacePart('title', 'Spring is finally here')]);
    const { element, article, original } = await mountArticle(provider(client, id));
    await element.editRegion('title', 'A warmer title.');
    await element.updateComplete;
    type(element, 'refine-input', 'Add “finally”.');
    part<HTMLFormElement>(element, 'refine-form')!.requestSubmit();
    await eventually(() => expect(text(element, 'diff')).to.contain('finally'), 4_000);
    const second = JSON.stringify((await client.requests(id))[1]!.body.messages);
    expect(second).to.contain('Spring is here');
    expect(second).to.contain('Add “finally”.');
    click(element, 'reject-button');
    await element.updateComplete;
    expect(part(element, 'diff')).to.equal(null);
    expect(text(element, 'status')).to.contain('rejected');
    expect(region(article, 'title').textContent).to.equal('Spring launch');
    expect(await element.readDocument()).to.equal(original);
  });

  it('Ctrl+Z undoes inside the editor but not while typing in its fields', async () => {
    const client = await mock();
    const id = scenario('keys');
    await client.script(id, [replacePart('footnote', '<p>Ships in June.</p>')]);
    const { element, article, original } = await mountArticle(provider(client, id));
    await element.editRegion('footnote', 'June.');
    click(element, 'accept-button');
    await eventually(() => expect(region(article, 'footnote').innerHTML).to.equal('<p>Ships in June.</p>'));
    await element.updateComplete;

    part(element, 'instruction')!.focus();
    await chord('Control', 'KeyZ');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(region(article, 'footnote').innerHTML, 'the field keeps its own undo').to.equal('<p>Ships in June.</p>');

    part(element, 'regions')!.focus();
    await chord('Control', 'KeyZ');
    await eventually(() => expect(region(article, 'footnote').innerHTML).to.equal('<p>Ships in May.</p>'));
    expect(await element.readDocument()).to.equal(original);
    await element.updateComplete;
    part(element, 'regions')!.focus();
    await chord('Control', 'Shift', 'KeyZ');
    await eventually(() => expect(region(article, 'footnote').innerHTML).to.equal('<p>Ships in June.</p>'));
  });
});

describe('<dddk-region-editor> without a model', () => {
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('outlines a hovered region with its label and lists every region for the keyboard', async () => {
    const { element, article } = await mountArticle();
    region(article, 'footnote').querySelector('p')!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    await element.updateComplete;
    expect(text(element, 'outline-label')).to.equal('Edit Footnote');
    const box = part(element, 'outline')!.getBoundingClientRect();
    const target = region(article, 'footnote').getBoundingClientRect();
    expect(Math.round(box.top)).to.equal(Math.round(target.top));
    expect(Math.round(box.width)).to.equal(Math.round(target.width));
    await expect(element).to.be.accessible();

    const options = [...element.shadowRoot!.querySelectorAll('[part~="region-option"]')].map((option) => option.textContent!.trim());
    expect(options).to.deep.equal(['Page title', 'Intro <img src=x onerror=alert(1)>', 'Footnote']);
    part(element, 'outline-label')!.click();
    await element.updateComplete;
    expect(text(element, 'heading')).to.equal('Editing: Footnote');
  });

  it('edits a region’s HTML by keyboard: a refusal keeps what was typed, a valid save renders sanitized and undoes', async () => {
    const { element, article, original } = await mountArticle();
    part(element, 'regions')!.focus();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await element.updateComplete;
    expect(text(element, 'heading')).to.contain('Intro');
    expect(text(element, 'offline-note')).to.contain('No model is configured');
    const source = part<HTMLTextAreaElement>(element, 'source')!;
    expect(source.value).to.equal('<p>Old words stay here.</p>');
    await expect(element).to.be.accessible();

    type(element, 'source', '<p>Half a <div>thought');
    click(element, 'save-button');
    await eventually(() => expect(text(element, 'alert')).to.contain('Not saved'));
    expect(text(element, 'alert')).to.equal('Not saved: the HTML would change the page outside this region. Close every tag you open, and close no tag you did not open.');
    expect(element.editorModel!.getState().notice?.detail, 'the reason written for the model stays for the host').to.contain('"lede"');
    expect(part<HTMLTextAreaElement>(element, 'source')!.value, 'nothing typed is lost').to.equal('<p>Half a <div>thought');
    expect(await element.readDocument()).to.equal(original);
    await expect(element).to.be.accessible();

    const styled = '<p style="position:fixed;inset:0">Covering words</p>';
    type(element, 'source', styled);
    click(element, 'save-button');
    await eventually(() => expect(text(element, 'alert')).to.match(/^Not saved: the HTML holds something a region may not contain \(a script, a style, /));
    expect(element.editorModel!.getState().notice?.detail).to.contain('the style attribute');
    expect(part<HTMLTextAreaElement>(element, 'source')!.value, 'nothing typed is lost').to.equal(styled);
    expect(await element.readDocument()).to.equal(original);

    // Saved as the page keeps it: the document holds the sanitized markup, byte for byte what the page shows.
    type(element, 'source', '<P class=lead>Covering <B>words</B>');
    click(element, 'save-button');
    await eventually(() => expect(region(article, 'lede').textContent).to.equal('Covering words'));
    const kept = '<p class="lead">Covering <b>words</b></p>';
    expect(region(article, 'lede').innerHTML).to.equal(kept);
    expect(await element.readDocument(), 'the document holds what the page shows').to.equal(withRegion(original, 'lede', kept));
    expect(part(element, 'source')).to.equal(null);

    await element.updateComplete;
    click(element, 'undo-button');
    await eventually(() => expect(region(article, 'lede').innerHTML).to.equal('<p>Old words stay here.</p>'));
    expect(await element.readDocument()).to.equal(original);
  });

  it('refuses script in a manual edit with the target’s reason and leaves the page alone', async () => {
    const { element, article, original } = await mountArticle();
    await element.editRegion('title');
    await element.updateComplete;
    type(element, 'source', 'Launch<script>window.__regionEditorPwned = true</script>');
    click(element, 'save-button');
    await eventually(() => expect(text(element, 'alert')).to.match(/^Not saved: the HTML holds something a region may not contain \(a script, /));
    expect(element.editorModel!.getState().notice?.detail).to.contain('scripts are not allowed');
    expect((window as { __regionEditorPwned?: boolean }).__regionEditorPwned).to.equal(undefined);
    expect(element.innerHTML).to.equal(original);
    expect(region(article, 'title').textContent).to.equal('Spring launch');
  });

  it('renders a store’s regions into the page on load, replacing only region content', async () => {
    const stored = ARTICLE.replace('Old words stay here.', 'Words from the store.');
    const element = await fixture<DddkRegionEditor>(html`<dddk-region-editor .store=${createMemoryDocumentStore(stored)}>${unsafeArticle()}</dddk-region-editor>`);
    await element.ready();
    await eventually(() => expect(region(element, 'lede').innerHTML).to.equal('<p>Words from the store.</p>'));
    expect(element.querySelector('#outside')!.textContent).to.equal('Not a region: pricing.');
  });
});

function unsafeArticle(): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = ARTICLE;
  return template.content.firstElementChild!.cloneNode(true) as HTMLElement;
}

describe('<dddk-region-editor> over an HTTP page store', () => {
  /** A page endpoint with ETags, like the demo server's /api/pages/:id. */
  function pageServer(initial: string) {
    let page = initial;
    let version = 1;
    const fetchPage: typeof fetch = async (_input, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') return new Response(page, { status: 200, headers: { etag: `"v${version}"`, 'content-type': 'text/html' } });
      const ifMatch = new Headers(init?.headers).get('if-match');
      if (ifMatch !== `"v${version}"`) return new Response(JSON.stringify({ error: { message: 'changed' } }), { status: 409 });
      page = String(init?.body);
      version += 1;
      return new Response('{"ok":true}', { status: 200, headers: { etag: `"v${version}"` } });
    };
    return {
      fetch: fetchPage,
      get page() {
        return page;
      },
      editElsewhere(next: string) {
        page = next;
        version += 1;
      },
    };
  }

  it('shows a conflict when the page changed elsewhere, writes nothing, and saves after a reload', async () => {
    const server = pageServer(ARTICLE);
    const store = createHttpDocumentStore({ url: '/api/pages/test', fetch: server.fetch });
    const element = await fixture<DddkRegionEditor>(html`<dddk-region-editor .store=${store}>${unsafeArticle()}</dddk-region-editor>`);
    await element.ready();
    const conflicts: DddkRegionConflictEvent[] = [];
    element.addEventListener('dddk-region-conflict', (event) => conflicts.push(event));

    const elsewhere = ARTICLE.replace('Ships in May.', 'Ships in July.');
    server.editElsewhere(elsewhere);
    await element.editRegion('title');
    await element.updateComplete;
    type(element, 'source', 'Autumn launch');
    click(element, 'save-button');
    await eventually(() => expect(text(element, 'alert')).to.contain('The page changed elsewhere; reload it'));
    expect(server.page, 'the other change is kept').to.equal(elsewhere);
    expect(conflicts).to.have.length(1);
    expect(part<HTMLTextAreaElement>(element, 'source')!.value).to.equal('Autumn launch');
    await expect(element).to.be.accessible();

    click(element, 'reload-button');
    await eventually(() => expect(region(element, 'footnote').innerHTML).to.equal('<p>Ships in July.</p>'));
    await element.updateComplete;
    expect(part(element, 'reload-button')).to.equal(null);
    await element.editRegion('title');
    await element.updateComplete;
    type(element, 'source', 'Autumn launch');
    click(element, 'save-button');
    await eventually(() => expect(server.page).to.equal(elsewhere.replace('>Spring launch<', '>Autumn launch<')));
    await eventually(() => expect(region(element, 'title').textContent).to.equal('Autumn launch'));
  });
});


describe('<dddk-region-editor src>', () => {
  it('says plainly when the document cannot be loaded, and offers to try again', async () => {
    const element = await fixture<DddkRegionEditor>(html`<dddk-region-editor src="/no/such/page-for-region-editor">${unsafeArticle()}</dddk-region-editor>`);
    await element.ready();
    await element.updateComplete;
    expect(element.editorModel!.getState().phase).to.equal('unavailable');
    expect(text(element, 'alert')).to.contain('The page could not be loaded');
    expect(text(element, 'alert')).to.contain('HTTP 404');
    expect(part(element, 'reload-button')).to.not.equal(null);
    expect(region(element, 'lede').innerHTML, 'the page keeps its content').to.equal('<p>Old words stay here.</p>');
    await expect(element).to.be.accessible();
  });
});

describe('<dddk-region-editor> with the kit theme', () => {
  let link: HTMLLinkElement;
  before(async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/theme/dddk.css';
    const loaded = new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = reject;
    });
    document.head.append(link);
    await loaded;
  });
  after(async () => {
    link.remove();
    document.documentElement.removeAttribute('data-dddk-theme');
    document.body.removeAttribute('style');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  for (const theme of ['light', 'dark']) {
    it(`passes axe-core in the ${theme} theme with a diff shown and with a refused manual edit`, async () => {
      document.documentElement.setAttribute('data-dddk-theme', theme);
      // The page around the editor follows the theme too, as a themed site would.
      document.body.style.colorScheme = theme;
      document.body.style.background = 'Canvas';
      document.body.style.color = 'CanvasText';
      const client = await mock();
      const id = scenario(`theme-${theme}`);
      await client.script(id, [replacePart('lede', '<p>New words stay here.</p>')]);
      const { element } = await mountArticle(provider(client, id));
      await element.editRegion('lede', 'New.');
      await element.updateComplete;
      expect(part(element, 'diff')).to.not.equal(null);
      await expect(element).to.be.accessible();

      element.llm = undefined;
      await element.updateComplete;
      await element.editorModel!.startManualEdit('title');
      await element.updateComplete;
      type(element, 'source', '<b>open');
      click(element, 'save-button');
      await eventually(() => expect(text(element, 'alert')).to.contain('Not saved'));
      await expect(element).to.be.accessible();
    });
  }
});

describe('<dddk-region-editor> and its controller', () => {
  it('proposes with the controller’s model, and offers only manual edits while the controller has none', async () => {
    const client = await mock();
    const id = scenario('controller');
    await client.script(id, [replacePart('title', 'Summer launch')]);
    const online = createDddk({ llm: provider(client, id) });
    const offline = createDddk({});
    const element = await fixture<DddkRegionEditor>(html`<dddk-region-editor .controller=${offline}>${unsafeArticle()}</dddk-region-editor>`);
    await element.ready();
    await element.updateComplete;
    expect(element.editorModel!.getState().aiAvailable).to.equal(false);

    element.controller = online;
    await element.updateComplete;
    expect(element.editorModel!.getState().aiAvailable).to.equal(true);
    await element.editRegion('title', 'Make it summer.');
    await element.updateComplete;
    expect(text(element, 'diff')).to.contain('Summer');
    expect((await client.requests(id)).length).to.equal(1);
    online.destroy();
    offline.destroy();
  });
});

describe('<dddk-region-editor target>', () => {
  it('edits regions of the element its `target` selector names, leaving its own children alone', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div><section id="elsewhere"></section></div>`);
    const section = wrapper.querySelector<HTMLElement>('#elsewhere')!;
    section.innerHTML = ARTICLE;
    const element = document.createElement('dddk-region-editor');
    element.target = '#elsewhere';
    element.innerHTML = '<p id="own">Not edited.</p>';
    wrapper.append(element);
    await element.ready();
    await element.updateComplete;
    expect(element.shadowRoot!.querySelectorAll('[part~="region-option"]')).to.have.length(3);
    await element.editRegion('footnote');
    await element.updateComplete;
    type(element, 'source', '<p>Ships in <strong>June</strong>.</p>');
    click(element, 'save-button');
    await eventually(() => expect(region(section, 'footnote').innerHTML).to.equal('<p>Ships in <strong>June</strong>.</p>'));
    expect(await element.readDocument()).to.equal(withRegion(ARTICLE, 'footnote', '<p>Ships in <strong>June</strong>.</p>'));
    expect(element.innerHTML).to.equal('<p id="own">Not edited.</p>');
  });
});
