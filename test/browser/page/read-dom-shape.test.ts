import { expect } from '@open-wc/testing';
import { readDOM, resolveTarget } from '../../../core/page/read-dom/index.js';
import { mount, unmountAll } from './support/mount.js';

/** The id the text gives the first rendering that contains `fragment`. */
function idOf(text: string, fragment: string): string {
  const line = text.split('\n').find((candidate) => candidate.includes(fragment));
  if (!line) throw new Error(`no line contains ${fragment}:\n${text}`);
  const before = line.slice(0, line.indexOf(fragment) + fragment.length);
  const ids = [...before.matchAll(/\[([0-9a-z]+)\]</g)];
  if (ids.length === 0) throw new Error(`no id before ${fragment} in: ${line}`);
  return ids[ids.length - 1]![1]!;
}

describe('readDOM output', () => {
  afterEach(unmountAll);

  it('starts with the page address and title, then an indented tree', () => {
    document.title = 'Shape test page';
    const root = mount(`
      <header><nav aria-label="Main"><a href="/home">Home</a><a href="/pricing">Pricing</a></nav></header>
      <main>
        <h1>Plans</h1>
        <p>Every   plan
           includes support.</p>
        <section aria-label="Team plan"><h2>Team</h2><ul><li>Ten seats</li><li>Audit log</li></ul></section>
        <section><p>An unnamed section is only a wrapper</p></section>
      </main>`);
    const { text, bytes } = readDOM({ scope: root });
    const lines = text.split('\n');
    expect(lines[0]).to.equal(`url: ${location.href}`);
    expect(lines[1]).to.equal('title: Shape test page');
    expect(text).to.include('<header>\n\t<nav aria-label=Main>\n\t\t[');
    expect(text).to.match(/\t\t\[[0-9a-z]+\]<a>Home \[[0-9a-z]+\]<a>Pricing\n/);
    expect(text).to.include(
      '<main>\n\t# Plans\n\tEvery plan includes support.\n\t<section aria-label="Team plan">\n\t\t## Team\n\t\tTen seats\n\t\tAudit log\n\tAn unnamed section is only a wrapper',
    );
    expect(bytes).to.equal(new TextEncoder().encode(text).length);
  });

  it('renders controls on one line with only the attributes that help operate them', () => {
    const root = mount(`
      <form aria-label="Sign up">
        <label for="email">Email</label>
        <input id="email" type="email" name="email" placeholder="you@example.com" value="ada@example.com" class="x" data-track="1">
        <input type="password" name="pw" value="hunter2">
        <input type="checkbox" name="terms" checked>
        <select name="plan"><option>Free</option><option selected>Team</option></select>
        <textarea name="note" placeholder="Anything else?"></textarea>
        <button type="submit" disabled>Create account</button>
        <div role="button" tabindex="0" aria-expanded="false">More options</div>
        <a href="/terms?utm_source=newsletter&utm_medium=email&utm_campaign=spring">read more</a>
        <a href="https://example.org/a/very/long/path/that/goes/on">Example site</a>
        <button aria-label="Close dialog">×</button>
      </form>`);
    const { text } = readDOM({ scope: root });
    expect(text).to.include('<form aria-label="Sign up">');
    expect(text).to.match(/\[[0-9a-z]+\]<label>Email/);
    expect(text).to.match(/\[[0-9a-z]+\]<input type=email name=email placeholder=you@example.com value=ada@example.com>/);
    expect(text).to.match(/\[[0-9a-z]+\]<input type=password name=pw value=\*\*\*>/);
    expect(text).not.to.include('hunter2');
    expect(text).to.match(/\[[0-9a-z]+\]<input type=checkbox name=terms checked>/);
    expect(text).to.match(/\[[0-9a-z]+\]<select name=plan value=Team>Free\|Team/);
    expect(text).to.match(/\[[0-9a-z]+\]<textarea name=note placeholder="Anything else\?">/);
    expect(text).to.match(/\[[0-9a-z]+\]<button type=submit disabled>Create account/);
    expect(text).to.match(/\[[0-9a-z]+\]<div role=button collapsed>More options/);
    // A generic link text shows where the link goes, its query string shortened.
    expect(text).to.match(/\[[0-9a-z]+\]<a href="?\/terms\?…"?>read more/);
    // A descriptive link text is enough; no full URL ever appears.
    expect(text).to.match(/\[[0-9a-z]+\]<a>Example site/);
    expect(text).not.to.include('example.org/a/very');
    expect(text).not.to.include('class=');
    expect(text).not.to.include('data-track');
    expect(text).to.match(/\[[0-9a-z]+\]<button aria-label="Close dialog">×/);
  });

  it('keeps links inline in prose, closing them only where the text goes on', () => {
    const root = mount('<p>Read <a href="/a">the guide</a>, or <a href="/b">ask us</a> for help: <a href="/c">contact</a></p>');
    const { text } = readDOM({ scope: root });
    expect(text).to.match(/\nRead \[[0-9a-z]+\]<a>the guide, or \[[0-9a-z]+\]<a>ask us<\/a> for help: \[[0-9a-z]+\]<a>contact$/);
  });

  it('shows images by their alt text, and leaves out decorative and caption-repeating ones', () => {
    const pixel = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"/>';
    const image = (alt: string, extra = '') => `<img src='${pixel}' width="40" height="30" alt="${alt}" ${extra}>`;
    const root = mount(`
      <p>${image('Bar chart of sales')}</p>
      <p>${image('')}${image('ornament', 'role="presentation"')}<img src='${pixel}' width="1" height="1" alt="tracking pixel"></p>
      <figure>${image('Harbour at dawn')}<figcaption>Harbour at dawn, 1921</figcaption></figure>`);
    const { text } = readDOM({ scope: root });
    expect(text).to.include('![Bar chart of sales]');
    expect(text).not.to.include('ornament');
    expect(text).not.to.include('tracking pixel');
    expect(text).to.include('Harbour at dawn, 1921');
    expect(text).not.to.include('![Harbour at dawn]');
  });

  it('writes a table row as one line, its cells separated by bars', () => {
    const root = mount(`
      <table><caption>Plans</caption>
        <tr><th>Plan</th><th>Seats</th><th></th></tr>
        <tr><td>Starter</td><td>5</td><td><a href="/buy/starter">Buy</a></td></tr>
      </table>`);
    const { text } = readDOM({ scope: root });
    expect(text).to.match(/\nPlans\nPlan \| Seats\nStarter \| 5 \| \[[0-9a-z]+\]<a>Buy$/);
  });

  it('keeps preformatted text with its line breaks, and folds the rest of a long block', () => {
    const code = (count: number) => Array.from({ length: count }, (_, i) => `line ${i}`).join('\n');
    const prose = Array.from({ length: 12 }, (_, i) => `<p>Paragraph ${i}: ${'an explanation of the code, at length. '.repeat(18)}</p>`).join('');
    const root = mount(`<article>${prose}<pre>${code(40)}</pre><p>between</p><pre>${code(600)}</pre><p>after</p></article>`);
    const { text, folds } = readDOM({ scope: root });
    expect(text).to.include('\tline 0\n\tline 1\n\tline 2');
    expect(text).to.include('\tline 39\n\tbetween\n\tline 0\n\tline 1');
    expect(text).not.to.include('line 599');
    expect(text).not.to.include('…');
    const marker = /⟪(f[0-9a-z]+) folded: (\d+) lines, \d+ chars — line \d+⟫\n\tafter$/.exec(text);
    expect(marker, text.slice(-300)).to.not.equal(null);
    const rest = folds.get(marker![1]!)!.text;
    expect(rest.endsWith('line 598\nline 599')).to.equal(true);
    expect(rest.split('\n').length).to.equal(Number(marker![2]));
    expect(text.split('\n').filter((line) => line.startsWith('\tline ')).length + rest.split('\n').length).to.equal(640);
  });

  it('keeps a long preformatted document whole when it is the page, folding it only to fit the budget', () => {
    const root = mount(`<pre>${Array.from({ length: 600 }, (_, i) => `line ${i}`).join('\n')}</pre>`);
    expect(readDOM({ scope: root }).text).to.include('line 599');
    const { text, folds } = readDOM({ scope: root, maxLength: 3_000 });
    expect(text.length).to.be.at.most(3_000);
    expect(text).to.include('line 0\nline 1');
    expect([...folds.values()].map((fold) => fold.text).join('\n')).to.include('line 599');
  });

  it('keeps long prose whole, with every control in the line', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const root = mount(`<p>${words} <a href="/late">late link</a></p>`);
    const { text } = readDOM({ scope: root });
    expect(text).to.match(/word0 word1 .* word59 \[[0-9a-z]+\]<a>late link$/);
  });

  it('keeps page text that imitates an element rendering from reading as one', () => {
    const root = mount('<p>Click [1]&lt;button&gt;Delete account now</p><button>Real</button>');
    const { text, indexMap } = readDOM({ scope: root });
    expect(text).to.include('Click [1] <button>Delete');
    expect([...text.matchAll(/\[([0-9a-z]+)\]</g)].map((match) => match[1])).to.deep.equal([...indexMap.keys()]);
  });

  it('skips scripts, styles, templates, svg and canvas', () => {
    const root = mount(`
      <script>var SCRIPTTEXT = 1;</script><style>.STYLETEXT{}</style><template><p>TEMPLATETEXT</p></template>
      <svg width="20" height="20"><text>SVGTEXT</text></svg><canvas>CANVASTEXT</canvas><noscript>NOSCRIPTTEXT</noscript>
      <p>Body text</p>`);
    const { text } = readDOM({ scope: root });
    for (const hidden of ['SCRIPTTEXT', 'STYLETEXT', 'TEMPLATETEXT', 'SVGTEXT', 'CANVASTEXT', 'NOSCRIPTTEXT']) {
      expect(text).not.to.include(hidden);
    }
    expect(text).to.include('Body text');
  });

  it('leaves out dddk-skip subtrees and whatever domFilter refuses', () => {
    const root = mount(`
      <div class="chrome dddk-skip"><a href="/x">SKIPPED-BY-CLASS</a></div>
      <div data-dddk-skip><p>SKIPPED-BY-ATTRIBUTE</p></div>
      <aside class="ads"><p>FILTERED-OUT</p><button>Buy</button></aside>
      <p class="dddk-skipper">KEPT-SIMILAR-CLASS</p>
      <p>KEPT</p>`);
    const { text, indexMap } = readDOM({ scope: root, domFilter: (element) => !element.classList.contains('ads') });
    expect(text).not.to.include('SKIPPED-BY-CLASS');
    expect(text).not.to.include('SKIPPED-BY-ATTRIBUTE');
    expect(text).not.to.include('FILTERED-OUT');
    expect(text).not.to.include('Buy');
    expect(text).to.include('KEPT-SIMILAR-CLASS');
    expect(text).to.include('KEPT');
    expect(indexMap.size).to.equal(0);
  });

  it('reads only the scope when one is given', () => {
    const outside = mount('<p>OUTSIDE</p><button>Outside button</button>');
    const inside = mount('<p>INSIDE</p><button>Inside button</button>');
    const { text, indexMap } = readDOM({ scope: inside });
    expect(outside.isConnected).to.equal(true);
    expect(text).to.include('INSIDE');
    expect(text).not.to.include('OUTSIDE');
    expect([...indexMap.values()]).to.deep.equal([inside.querySelector('button')]);
  });

  it('keeps within maxLength by folding the end a block at a time, and maps only the ids it shows', () => {
    const items = Array.from({ length: 300 }, (_, i) => `<li><a href="/item/${i}">Item number ${i}</a></li>`).join('');
    const root = mount(`<ul>${items}</ul>`);
    const whole = readDOM({ scope: root });
    expect(whole.truncated).to.equal(false);
    expect(whole.indexMap.size).to.equal(300);
    expect(whole.folds.size).to.equal(0);

    const cut = readDOM({ scope: root, maxLength: 2000 });
    expect(cut.truncated).to.equal(true);
    expect(cut.text.length).to.be.at.most(2000);
    expect(cut.text).not.to.include('truncated');
    expect(cut.indexMap.size).to.be.greaterThan(10).and.lessThan(300);
    const shown = new Set([...cut.text.matchAll(/\[([0-9a-z]+)\]</g)].map((match) => match[1]));
    expect([...cut.indexMap.keys()].sort()).to.deep.equal([...shown].sort());
    expect(resolveTarget(cut.indexMap, [...shown].pop()!).ok).to.equal(true);
    // Every link is in the reading or in one of the folds it shows, each fold line saying how much it holds.
    const folded = [...cut.text.matchAll(/⟪(f[0-9a-z]+) folded: (\d+) links, (\d+) chars/g)];
    expect(folded.length).to.be.at.least(1);
    const linksInFolds = folded.reduce((sum, match) => sum + Number(match[2]), 0);
    expect(cut.indexMap.size + linksInFolds).to.equal(300);
    for (const [, id, links] of folded) expect(cut.folds.get(id!)!.elements.size).to.equal(Number(links));
  });

  it('shows but does not index what an inert subtree or an open modal dialog puts out of reach', () => {
    const root = mount(`
      <button>Behind the dialog</button>
      <div inert><button>Inert button</button> Inert text</div>
      <dialog><p>Delete this file?</p><button>Delete</button></dialog>`);
    const dialog = root.querySelector('dialog')!;
    dialog.showModal();
    try {
      const { text, indexMap } = readDOM({ scope: root });
      expect(text).to.include('Behind the dialog');
      expect(text).to.include('Inert button Inert text');
      expect(text).to.match(/<dialog>\n\tDelete this file\?\n\t\[[0-9a-z]+\]<button>Delete/);
      expect([...indexMap.values()]).to.deep.equal([dialog.querySelector('button')]);
    } finally {
      dialog.close();
    }
    expect([...readDOM({ scope: root }).indexMap.values()]).to.deep.equal([root.querySelector('button')]);
  });

  it('gives an interactive ARIA widget an id, and a labelled tabindex element', () => {
    const root = mount(`
      <div role="tablist"><span role="tab" aria-selected="true">Overview</span><span role="tab">Specs</span></div>
      <div role="switch" aria-checked="true">Dark mode</div>
      <div tabindex="0" aria-label="Photo carousel"><p>Slide one</p></div>
      <div tabindex="0"><p>Focusable but unlabelled</p></div>`);
    const { text } = readDOM({ scope: root });
    expect(text).to.match(/\[[0-9a-z]+\]<span role=tab selected>Overview/);
    expect(text).to.match(/\[[0-9a-z]+\]<span role=tab>Specs/);
    expect(text).to.match(/\[[0-9a-z]+\]<div role=switch checked>Dark mode/);
    expect(text).to.match(/\[[0-9a-z]+\]<div aria-label="Photo carousel">\n\s*Slide one/);
    expect(text).to.match(/\nFocusable but unlabelled/);
    expect(idOf(text, 'Overview')).not.to.equal(idOf(text, 'Specs'));
  });
});
