import { expect } from '@open-wc/testing';
import { readDOM } from '../../../core/page/read-dom/index.js';
import { mount, unmountAll } from './support/mount.js';

/** Ways a page hides text from sighted readers while keeping it in the DOM. Each wraps `content`. */
const HIDING: Record<string, (content: string) => string> = {
  'display:none': (c) => `<span style="display:none">${c}</span>`,
  'visibility:hidden': (c) => `<span style="visibility:hidden">${c}</span>`,
  'visibility:collapse': (c) => `<span style="visibility:collapse">${c}</span>`,
  'off-screen, left:-9999px': (c) => `<span style="position:absolute; left:-9999px">${c}</span>`,
  'off-screen, fixed above the viewport': (c) => `<span style="position:fixed; top:-500px; left:0">${c}</span>`,
  'off-canvas, translated away': (c) => `<span style="position:absolute; left:0; transform:translateX(-200vw)">${c}</span>`,
  'opacity:0 on itself': (c) => `<span style="opacity:0">${c}</span>`,
  'opacity:0 on an ancestor': (c) => `<span style="opacity:0"><span><b>${c}</b></span></span>`,
  'same colour as its own background': (c) => `<span style="color:#fff; background:#fff">${c}</span>`,
  'same colour as an ancestor background': (c) =>
    `<span style="background:rgb(20, 60, 120)"><span><span style="color:rgb(21, 61, 121)">${c}</span></span></span>`,
  'transparent text': (c) => `<span style="color:transparent">${c}</span>`,
  'hidden attribute': (c) => `<span hidden>${c}</span>`,
  'aria-hidden': (c) => `<span aria-hidden="true">${c}</span>`,
  'sr-only clip rect': (c) =>
    `<span style="position:absolute; width:1px; height:1px; padding:0; margin:-1px; overflow:hidden; ` +
    `clip:rect(0 0 0 0); white-space:nowrap; border:0">${c}</span>`,
  'sr-only clip-path inset(50%)': (c) =>
    `<span style="position:absolute; width:1px; height:1px; overflow:hidden; clip-path:inset(50%); white-space:nowrap">${c}</span>`,
  'collapsed to zero height': (c) => `<span style="display:block; height:0; overflow:hidden">${c}</span>`,
  'font-size:0': (c) => `<span style="font-size:0">${c}</span>`,
  'text-indent:-9999px': (c) => `<span style="display:block; text-indent:-9999px">${c}</span>`,
  'closed details': (c) => `<details><summary>Toggle</summary><p>${c}</p></details>`,
  'font-size:1px': (c) => `<span style="font-size:1px">${c}</span>`,
  'font-size:4px, below legible': (c) => `<span style="font-size:4px">${c}</span>`,
  'transform:scale(0)': (c) => `<span style="display:inline-block; transform:scale(0)">${c}</span>`,
  'scale:0': (c) => `<span style="display:inline-block; scale:0">${c}</span>`,
  'scaled too small to read, on an ancestor': (c) => `<span style="display:inline-block; transform:scale(0.2)"><span>${c}</span></span>`,
  'zoomed too small to read': (c) => `<span style="zoom:0.2"><span>${c}</span></span>`,
  'clip-path:inset(50%) on a box in the flow': (c) => `<span style="display:inline-block; clip-path:inset(50%)">${c}</span>`,
  'clip-path:circle(0)': (c) => `<span style="display:inline-block; clip-path:circle(0)">${c}</span>`,
  'clip-path:polygon with no area': (c) => `<span style="display:inline-block; clip-path:polygon(0 0, 0 0, 0 0)">${c}</span>`,
  'filter:opacity(0)': (c) => `<span style="filter:opacity(0)">${c}</span>`,
  'filter:opacity(0.05)': (c) => `<span style="filter:opacity(0.05)">${c}</span>`,
  'opacity:0.05': (c) => `<span style="opacity:0.05">${c}</span>`,
  'opacities that multiply down to nothing': (c) => `<span style="opacity:0.3"><span style="opacity:0.2">${c}</span></span>`,
  'covered by an opaque box': (c) =>
    `<span style="position:relative; display:inline-block"><span>${c}</span>` +
    `<span style="position:absolute; inset:0; background:#fff"></span></span>`,
  'colour of a gradient background': (c) => `<span style="background:linear-gradient(#fff, #fff); color:#fff">${c}</span>`,
  'text-fill-color transparent': (c) => `<span style="-webkit-text-fill-color:transparent">${c}</span>`,
  'text-indent out of a clipping box': (c) =>
    `<span style="display:inline-block; width:80px; overflow:hidden; white-space:nowrap; text-indent:300px">${c}</span>`,
  'letter-spacing huge negative': (c) => `<span style="letter-spacing:-20px">${c}</span>`,
  'line-height:0 with overflow hidden': (c) => `<span style="display:block; line-height:0; overflow:hidden">${c}</span>`,
  'max-height:0 with overflow hidden': (c) => `<span style="display:block; max-height:0; overflow:hidden">${c}</span>`,
  'content-visibility:hidden': (c) => `<span style="display:block; content-visibility:hidden">${c}</span>`,
};

describe('readDOM hides what a reader of the page cannot see', () => {
  afterEach(unmountAll);

  for (const [how, hide] of Object.entries(HIDING)) {
    it(`${how}: absent in prose, in a button and in a link; the visible text beside it stays`, () => {
      const root = mount(`
        <p>Visible-before ${hide('SECRET-PROSE')} visible-after</p>
        <button>Save ${hide('SECRET-BUTTON')} now</button>
        <a href="/go">Go ${hide('SECRET-LINK')} there</a>`);
      const { text, indexMap } = readDOM({ scope: root });
      expect(text).not.to.include('SECRET');
      expect(text).to.include('Visible-before');
      expect(text).to.include('visible-after');
      // A closed details element keeps its summary visible, and the reader shows it.
      const summary = '(\\[[0-9a-z]+\\]<summary collapsed>Toggle</summary> )?';
      expect(text).to.match(new RegExp(`\\[[0-9a-z]+\\]<button>Save ${summary}now`));
      expect(text).to.match(new RegExp(`\\[[0-9a-z]+\\]<a>Go ${summary}there`));
      expect(indexMap.size).to.be.at.least(2);
    });
  }

  it('does not treat readable colours as hidden, nor text over a background image', () => {
    const root = mount(`
      <p style="color:#777; background:#888">Grey on grey is still readable</p>
      <div style="background:#000 url('data:image/gif;base64,R0lGODlhAQABAAAAACw=')"><p style="color:#000">Black over a picture</p></div>
      <p style="color:rgba(0, 0, 0, 0.5)">Half-transparent ink</p>`);
    const { text } = readDOM({ scope: root });
    expect(text).to.include('Grey on grey is still readable');
    expect(text).to.include('Black over a picture');
    expect(text).to.include('Half-transparent ink');
  });

  it('reads text far below the fold: it is on the page, just not on screen yet', () => {
    const root = mount('<div style="height:4000px"></div><p>Below the fold</p><button>Far button</button>');
    const { text, indexMap } = readDOM({ scope: root });
    expect(text).to.include('Below the fold');
    expect([...indexMap.values()]).to.include(root.querySelector('button'));
  });

  it('gives a visible control whose only text is hidden an id, named by its label or flagged unnamed', () => {
    const root = mount(`
      <button aria-label="Close dialog"><span style="color:#efefef; background:#efefef">SECRET-X</span></button>
      <a href="/account" title="Your account"
        ><span style="display:none">SECRET-Y</span><span style="display:inline-block; width:24px; height:24px"></span
      ></a>
      <button style="width:32px; height:32px"><span style="visibility:hidden">SECRET-Z</span></button>`);
    const { text, indexMap } = readDOM({ scope: root });
    expect(text).not.to.include('SECRET');
    expect(text).to.match(/\[[0-9a-z]+\]<button aria-label="Close dialog">/);
    expect(text).to.match(/\[[0-9a-z]+\]<a href=\/account title="Your account">/);
    expect(text).to.match(/\[[0-9a-z]+\]<button unnamed>/);
    expect(indexMap.size).to.equal(3);
  });

  it('gives no id to a control that cannot be seen, wherever the hiding comes from', () => {
    // Text-only tricks (colour, font size, spacing, indent) do not reach a button, which sets its own;
    // a box laid over a button hides its text, and a box shrunk to a speck is still there, but unnamed.
    const textOnly = [
      'same colour as its own background',
      'same colour as an ancestor background',
      'transparent text',
      'font-size:0',
      'text-indent:-9999px',
      'font-size:1px',
      'font-size:4px, below legible',
      'scaled too small to read, on an ancestor',
      'zoomed too small to read',
      'covered by an opaque box',
      'colour of a gradient background',
      'text-fill-color transparent',
      'text-indent out of a clipping box',
      'letter-spacing huge negative',
      'line-height:0 with overflow hidden',
    ];
    const hiding = Object.entries(HIDING).filter(([how]) => !textOnly.includes(how));
    const root = mount(hiding.map(([, hide]) => hide('<button>Hidden button</button>')).join(''));
    const { text, indexMap } = readDOM({ scope: root });
    expect(text).not.to.include('Hidden button');
    // The summary of the closed details is the one visible control.
    expect([...indexMap.values()].map((element) => element.localName)).to.deep.equal(['summary']);
  });

  it('descends into display:contents wrappers, which have no box of their own', () => {
    const root = mount(`
      <div style="display:contents"><p>Inside contents</p><button>Contents button</button></div>
      <a href="/c" style="display:contents"><span>Link through contents</span></a>`);
    const { text, indexMap } = readDOM({ scope: root });
    expect(text).to.include('Inside contents');
    expect(text).to.match(/\[[0-9a-z]+\]<button>Contents button/);
    expect(text).to.match(/\[[0-9a-z]+\]<a>Link through contents/);
    expect(indexMap.size).to.equal(2);
  });

  it('keeps small but legible text, gentle fades, partial clips and boxes that cover nothing', () => {
    const root = mount(`
      <p><small style="font-size:9px">Fine print at 9px</small></p>
      <p style="opacity:0.6">Faded but legible</p>
      <p><span style="display:inline-block; clip-path:inset(10%)">Clipped at the edges</span></p>
      <p><span style="display:inline-block; transform:scale(0.8)">Slightly smaller</span></p>
      <div style="position:relative; height:60px"><span>Beside the box</span>
        <span style="position:absolute; left:400px; top:0; width:50px; height:50px; background:#000"></span></div>
      <div style="position:relative"><span style="position:absolute; inset:0; background:#eee"></span>
        <span style="position:relative; z-index:1">Above a backdrop</span></div>`);
    const { text } = readDOM({ scope: root });
    for (const visible of ['Fine print at 9px', 'Faded but legible', 'Clipped at the edges', 'Slightly smaller', 'Beside the box', 'Above a backdrop']) {
      expect(text).to.include(visible);
    }
  });

  it('leaves out text under an opaque box below the fold, where elementFromPoint cannot look', () => {
    const root = mount(`
      <div style="height:3000px"></div>
      <div style="position:relative"><p style="margin:0; height:30px">Visible far down</p><p style="margin:0; height:30px">SECRET-UNDER-THE-BOX</p>
        <div style="position:absolute; left:0; right:0; top:30px; height:40px; background:rgb(255, 255, 255)"></div></div>`);
    const { text } = readDOM({ scope: root });
    expect(text).to.include('Visible far down');
    expect(text).not.to.include('SECRET');
  });

  it('marks an aria-label on plain text as a name, never passing it off as visible text', () => {
    const root = mount('<p>Rating: <span aria-label="Four of five stars">★★★★☆</span> overall</p><p><span aria-label="Same">Same</span></p>');
    const { text } = readDOM({ scope: root });
    expect(text).to.include('Rating: <span aria-label="Four of five stars">★★★★☆</span> overall');
    expect(text).not.to.match(/(^|\s)Four of five stars/);
    // A label that only repeats the text says nothing more.
    expect(text).to.match(/\nSame$/);
  });

  it('shows what a visibility:visible child reveals inside a visibility:hidden parent', () => {
    const root = mount('<div style="visibility:hidden">SECRET-PARENT <span style="visibility:visible">Shown child</span></div>');
    const { text } = readDOM({ scope: root });
    expect(text).not.to.include('SECRET');
    expect(text).to.include('Shown child');
  });
});
