import { expect, html } from '@open-wc/testing';
import { createPaletteContextModel } from '../../../core/palette/context/index.js';
import { describeElement, pinnableElement, readSelectionText, watchDisconnect } from '../../../core/page/context-capture/index.js';
import { mount, tick, unmountAll, until } from './support.js';


afterEach(() => {
  unmountAll();
  getSelection()?.removeAllRanges();
  (document.activeElement as HTMLElement | null)?.blur?.();
});

describe('readSelectionText', () => {
  it('reads the page selection, trimmed and bounded', async () => {
    const box = mount(html`<div><p id="a">  The Grove plan costs $12 a month.  </p><p>Other text</p></div>`);
    const range = document.createRange();
    range.selectNodeContents(box.querySelector('#a')!);
    getSelection()!.addRange(range);
    expect(readSelectionText()).to.equal('The Grove plan costs $12 a month.');
    expect(readSelectionText({ maxLength: 9 })).to.equal('The Grove');
  });

  it('reads the selection inside a focused text field, and never a password', async () => {
    const box = mount(html`<div><textarea>Hello wide world</textarea><input type="password" value="hunter2" /></div>`);
    const textarea = box.querySelector('textarea')!;
    textarea.focus();
    textarea.setSelectionRange(6, 10);
    expect(readSelectionText()).to.equal('wide');
    const password = box.querySelector('input')!;
    password.focus();
    password.select();
    expect(readSelectionText()).to.equal('');
  });

  it('gives an empty string when nothing is selected', () => {
    expect(readSelectionText()).to.equal('');
  });
});

describe('describeElement', () => {
  it('tells tag, role, accessible name and a text excerpt', async () => {
    const box = mount(html`<div>
      <button id="buy">Buy now <span>for $12</span></button>
      <section aria-labelledby="h">
        <h2 id="h">Plans</h2>
        <p>${'Grove Estate Manor '.repeat(20)}</p>
      </section>
      <label>Email <input id="email" type="email" value="me@example.com" /></label>
      <img id="logo" alt="Acme logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
      <div id="plain" role="note switch">Just a note</div>
    </div>`);
    expect(describeElement(box.querySelector('#buy')!)).to.deep.equal({ tag: 'button', role: 'button', name: 'Buy now for $12' });
    const section = describeElement(box.querySelector('section')!);
    expect(section.tag).to.equal('section');
    expect(section.role).to.equal('region');
    expect(section.name).to.equal('Plans');
    expect(section.excerpt!.startsWith('Plans Grove Estate Manor')).to.equal(true);
    expect(section.excerpt!.length).to.be.at.most(160);
    expect(section.excerpt!.endsWith('…')).to.equal(true);
    const email = describeElement(box.querySelector('#email')!);
    expect(email).to.deep.equal({ tag: 'input', role: 'textbox', name: 'Email' });
    expect(JSON.stringify(email)).not.to.contain('me@example.com');
    expect(describeElement(box.querySelector('#logo')!)).to.deep.equal({ tag: 'img', role: 'img', name: 'Acme logo' });
    expect(describeElement(box.querySelector('#plain')!)).to.deep.equal({ tag: 'div', role: 'note', excerpt: 'Just a note' });
  });
});

describe('watchDisconnect', () => {
  it('tells once when the element leaves the document, not before', async () => {
    const box = mount(html`<div><p><b id="x">Pinned</b></p><p id="other">x</p></div>`);
    const target = box.querySelector('#x')!;
    let calls = 0;
    watchDisconnect(target, () => (calls += 1));
    box.querySelector('#other')!.remove();
    await tick();
    expect(calls).to.equal(0, 'a sibling leaving is not the element leaving');
    target.parentElement!.remove();
    await until(() => calls === 1);
    box.remove();
    await tick();
    expect(calls).to.equal(1);
  });

  it('sees an element removed inside a shadow root', async () => {
    const host = mount(html`<div></div>`);
    const root = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('span');
    root.append(inner);
    let gone = false;
    watchDisconnect(inner, () => (gone = true));
    inner.remove();
    await until(() => gone);
  });

  it('stops when asked, and tells at once for an element already gone', async () => {
    const box = mount(html`<div><i>x</i></div>`);
    const target = box.querySelector('i')!;
    let calls = 0;
    const stop = watchDisconnect(target, () => (calls += 1));
    stop();
    target.remove();
    await tick();
    expect(calls).to.equal(0);
    watchDisconnect(target, () => (calls += 1));
    expect(calls).to.equal(1);
  });
});

describe('a pinned element in the context model', () => {
  it('is sent while on the page, then shows as gone and is not sent', async () => {
    const box = mount(html`<div><button>Delete row</button></div>`);
    const model = createPaletteContextModel();
    const button = box.querySelector('button')!;
    const chip = model.pinElement(pinnableElement(button));
    expect(model.pinElement(pinnableElement(button))).to.equal(chip, 'the same element is pinned once');
    expect(model.toContext().elements).to.deep.equal(['button "Delete row"']);
    button.remove();
    await until(() => model.chips[0]!.kind === 'element' && (model.chips[0] as { gone: boolean }).gone);
    expect(model.toContext()).to.deep.equal({});
  });
});
