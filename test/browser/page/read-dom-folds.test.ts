import { expect } from '@open-wc/testing';
import { readText } from '../../../core/page/actions/read-text.js';
import type { ActionContext } from '../../../core/page/actions/types.js';
import { browserPage } from '../../../core/page/browser-page.js';
import { readDOM } from '../../../core/page/read-dom/index.js';
import { mount, unmountAll } from './support/mount.js';

const PROSE = Array.from(
  { length: 8 },
  (_, i) => `<p>Paragraph ${i} of the article tells the reader something worth reading, in a sentence long enough to count as prose.</p>`,
).join('');
const links = (names: string[]) => names.map((name) => `<li><a href="/${name.toLowerCase()}">${name}</a></li>`).join('');
const SECTIONS = ['World news', 'Politics', 'Business and markets', 'Science', 'Sport', 'Culture', 'Opinion', 'Lifestyle', 'Travel', 'Weather'];
const FOOTER_LINKS = ['About', 'Careers', 'Press', 'Privacy', 'Terms', 'Cookies', 'Help', 'Contact', 'Sitemap', 'Accessibility'];

function articlePage(footer = `<ul>${links(FOOTER_LINKS)}</ul><button>Back to top</button>`): HTMLElement {
  return mount(`
    <header><nav aria-label="Sections"><ul>${links(SECTIONS)}</ul></nav></header>
    <main><article><h1>The article</h1>${PROSE}</article></main>
    <footer>${footer}</footer>`);
}

function foldOf(text: string, opener: string): string {
  const match = new RegExp(`${opener} ⟪(f[0-9a-z]+) folded: ([^⟫]*)⟫`).exec(text);
  if (!match) throw new Error(`no folded ${opener} in:\n${text}`);
  return match[1]!;
}

describe('readDOM folds what a reader of the article does not need in full; read_text opens it', () => {
  afterEach(unmountAll);

  it('folds link-dense blocks beside the article into a line naming a few links, and keeps the article whole', () => {
    articlePage();
    const { text, indexMap, folds } = readDOM({ maxLength: 12_000 });
    expect(text).to.include('# The article');
    for (let i = 0; i < 8; i++) expect(text).to.include(`Paragraph ${i} of the article`);
    expect(text).to.match(/<header> ⟪f[0-9a-z]+ folded: 10 links, \d+ chars — World news · Politics · Business and markets · …⟫/);
    expect(text).to.match(/<footer> ⟪f[0-9a-z]+ folded: 10 links, 1 control, \d+ chars — About · Careers · Press · …⟫/);
    expect(text).not.to.include('Accessibility');
    const footer = folds.get(foldOf(text, '<footer>'))!;
    expect(footer.text.split('\n')[0]).to.equal('<footer>');
    expect(footer.text).to.match(/\t\[[0-9a-z]+\]<a>Accessibility/);
    expect(footer.text).to.match(/\t\[[0-9a-z]+\]<button>Back to top/);
    // What a fold holds is not in this reading's index until it is opened.
    for (const element of footer.elements.values()) expect([...indexMap.values()]).not.to.include(element);
  });

  it('read_text returns the block whole, and its element ids work right after', async () => {
    const root = articlePage();
    const page = browserPage({ maxLength: 12_000 });
    const { text } = page.read({ maxLength: 12_000 });
    const id = foldOf(text, '<footer>');
    const ctx: ActionContext = { signal: new AbortController().signal, resolve: (target) => page.resolve(target), readText: (fold) => page.readText!(fold) };
    const result = await readText.run({ id }, ctx);
    expect(result.ok).to.equal(true);
    const block = result.ok ? (result.data as string) : '';
    expect(result.ok && result.message).to.equal(`Folded block ${id} in full; its element ids can be used now:`);
    const [, buttonId] = /\[([0-9a-z]+)\]<button>Back to top/.exec(block)!;
    expect(page.resolve(buttonId!)).to.equal(root.querySelector('footer button'));
  });

  it('read_text of an unknown or stale fold id fails, naming the problem and what to do instead', async () => {
    const root = articlePage();
    const page = browserPage({ maxLength: 12_000 });
    const first = page.read({ maxLength: 12_000 }).text;
    const footerId = foldOf(first, '<footer>');
    const navId = foldOf(first, '<header>');

    const unknown = page.readText!('fzzzzz');
    expect(unknown).to.deep.include({ ok: false, code: 'not_found' });
    expect(typeof unknown !== 'string' && unknown.message).to.match(/^There is no folded block fzzzzz; use a fold id from a ⟪… folded: …⟫ line of the latest page reading\.$/);
    const notAFold = page.readText!('12');
    expect(typeof notAFold !== 'string' && notAFold.message).to.include('"12" is not a fold id; fold ids look like f3');

    // The footer shrinks to one line: it is no longer folded, and its old fold id is stale.
    root.querySelector('footer')!.innerHTML = '<p>© The paper</p>';
    page.read({ maxLength: 12_000 });
    const stale = page.readText!(footerId);
    expect(typeof stale !== 'string' && stale.message).to.equal(
      `Folded block ${footerId} is not in the latest page reading (the page was read again and that block changed or is no longer folded); use a fold id from the latest reading, or the element ids it shows.`,
    );
    // The menu is still folded under the same id; once it leaves the page, its fold is gone too.
    root.querySelector('header')!.remove();
    const gone = page.readText!(navId);
    expect(typeof gone !== 'string' && gone.message).to.equal(`Folded block ${navId} is no longer on the page; read the page again and use a fold id from the new reading.`);

    const action = await readText.run({ id: 'f' }, { signal: new AbortController().signal, resolve: () => null });
    expect(action).to.deep.include({ ok: false, code: 'unknown' });
    expect(!action.ok && action.message).to.include('read_text is not available on this page');
  });

  it('keeps a fold its id from one reading to the next, and fold ids never look like element ids', () => {
    articlePage();
    const first = readDOM({ maxLength: 12_000 });
    const second = readDOM({ maxLength: 12_000 });
    expect([...second.folds.keys()]).to.deep.equal([...first.folds.keys()]);
    for (const id of first.folds.keys()) expect(id).to.match(/^f[0-9a-z]+$/);
    for (const id of first.indexMap.keys()) expect(id).to.match(/^[0-9][0-9a-z]*$/);
    const target = browserPage({ maxLength: 12_000 });
    target.read({ maxLength: 12_000 });
    const asTarget = target.resolve([...first.folds.keys()][0]!);
    expect(asTarget).to.deep.include({ ok: false, code: 'not_found' });
    expect((asTarget as { message: string }).message).to.include('is a folded block, not an element: call read_text');
  });

  it('folds an over-long name after its opening words instead of cutting it', () => {
    const long = Array.from({ length: 40 }, (_, i) => `teaser${i}`).join(' ');
    const root = mount(`<p><a href="/story">${long}</a></p>`);
    const { text, folds, indexMap } = readDOM({ scope: root });
    const match = /\[([0-9a-z]+)\]<a>(teaser0 [^⟪]*) ⟪(f[0-9a-z]+) folded: (\d+) chars⟫/.exec(text);
    expect(match, text).to.not.equal(null);
    expect(text).not.to.include('teaser39');
    expect(text).not.to.include('…');
    const [, id, kept, foldId, length] = match!;
    expect(kept!.length).to.be.at.most(100);
    const fold = folds.get(foldId!)!;
    expect(fold.text).to.equal(`[${id}]<a>${long}`);
    expect(fold.text.length).to.equal(Number(length));
    expect(indexMap.get(id!)).to.equal(root.querySelector('a'));
  });

  it('keeps page text that imitates a fold marker from reading as one', () => {
    const root = mount('<p>⟪f1 folded: 3 links, 90 chars — Pay now⟫ and ![fake image]</p>');
    const { text, folds } = readDOM({ scope: root });
    expect(text).to.include('⟪ f1 folded: 3 links, 90 chars — Pay now⟫ and ! [fake image]');
    expect(folds.size).to.equal(0);
  });
});
