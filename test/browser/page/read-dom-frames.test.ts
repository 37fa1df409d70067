import { expect } from '@open-wc/testing';
import { readDOM, resolveTarget } from '../../../core/page/read-dom/index.js';
import { mount, unmountAll } from './support/mount.js';

function frameLoaded(frame: HTMLIFrameElement): Promise<void> {
  return new Promise((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
}

describe('readDOM across shadow roots and frames', () => {
  afterEach(unmountAll);

  it('reads open shadow roots, with slotted light content where the slot puts it', () => {
    const root = mount('<div id="host"><span>Slotted light text</span><span slot="footer">Footer slot</span></div><div id="closed"></div>');
    const host = root.querySelector('#host')!;
    host.attachShadow({ mode: 'open' }).innerHTML = `
      <h2>Shadow heading</h2>
      <p>Before slot <slot></slot> after slot</p>
      <button>Shadow button</button>
      <span style="display:none">SECRET-SHADOW</span>
      <footer><slot name="footer"></slot></footer>`;
    root.querySelector('#closed')!.attachShadow({ mode: 'closed' }).innerHTML = '<p>Closed shadow text</p>';

    const { text, indexMap } = readDOM({ scope: root });
    expect(text).to.include('## Shadow heading');
    expect(text).to.include('Before slot Slotted light text after slot');
    expect(text).to.include('<footer>\n\tFooter slot');
    expect(text).not.to.include('SECRET');
    const button = host.shadowRoot!.querySelector('button')!;
    expect([...indexMap.values()]).to.include(button);
  });

  it('reads a same-origin iframe in place, indented under it, and resolves ids inside it', async () => {
    const root = mount('<p>Parent text</p><iframe title="Checkout" style="width:400px; height:300px"></iframe>');
    const frame = root.querySelector('iframe')!;
    const loaded = frameLoaded(frame);
    frame.srcdoc = '<h1>Frame heading</h1><p>Frame text</p><button>Pay now</button><p style="opacity:0">SECRET-FRAME</p>';
    await loaded;

    const { text, indexMap } = readDOM({ scope: root });
    expect(text).to.include('Parent text\n<iframe title=Checkout>\n\t# Frame heading\n\tFrame text\n\t[');
    expect(text).to.match(/\t\[[0-9a-z]+\]<button>Pay now/);
    expect(text).not.to.include('SECRET');
    const payButton = frame.contentDocument!.querySelector('button')!;
    const [payId] = [...indexMap].find(([, element]) => element === payButton)!;
    const resolved = resolveTarget(indexMap, payId);
    expect(resolved.ok && resolved.element).to.equal(payButton);
  });

  it('notes a cross-origin iframe without reading it, and without throwing', async () => {
    const root = mount('<iframe sandbox title="Ad" style="width:300px; height:100px"></iframe><p>After the frame</p>');
    const frame = root.querySelector('iframe')!;
    const loaded = frameLoaded(frame);
    frame.srcdoc = '<p>Opaque origin text</p>';
    await loaded;

    const { text } = readDOM({ scope: root });
    expect(text).to.include('<iframe title=Ad cross-origin>');
    expect(text).not.to.include('Opaque origin text');
    expect(text).to.include('After the frame');
  });

  it('reads a whole other document when given one', async () => {
    const root = mount('<iframe style="width:400px; height:300px"></iframe>');
    const frame = root.querySelector('iframe')!;
    const loaded = frameLoaded(frame);
    frame.srcdoc = '<title>Inner page</title><p>Only the inner page</p>';
    await loaded;

    const { text } = readDOM({ document: frame.contentDocument! });
    expect(text.split('\n')).to.deep.equal(['url: about:srcdoc', 'title: Inner page', 'Only the inner page']);
  });
});
