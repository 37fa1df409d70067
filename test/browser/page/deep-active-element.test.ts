import { expect } from '@open-wc/testing';
import { deepActiveElement } from '../../../core/page/deep-active-element.js';
import { mount, unmountAll } from './support/mount.js';

afterEach(() => unmountAll());

describe('deepActiveElement', () => {
  it('finds the focused field inside nested open shadow roots', () => {
    const outer = mount('<span></span>').firstElementChild!;
    const inner = document.createElement('span');
    outer.attachShadow({ mode: 'open' }).append(inner);
    inner.attachShadow({ mode: 'open' }).innerHTML = '<input>';
    const field = inner.shadowRoot!.querySelector('input')!;
    field.focus();
    expect(document.activeElement).to.equal(outer);
    expect(deepActiveElement()).to.equal(field);
  });

  it('stops at the host of a closed shadow root', () => {
    const host = mount('<span></span>').firstElementChild!;
    const root = host.attachShadow({ mode: 'closed' });
    root.innerHTML = '<input>';
    root.querySelector('input')!.focus();
    expect(deepActiveElement()).to.equal(host);
  });

  it('reads the document it is given', async () => {
    const box = mount('<iframe srcdoc="<input autofocus>"></iframe>');
    const frame = box.querySelector('iframe')!;
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    const field = frame.contentDocument!.querySelector('input')!;
    field.focus();
    expect(deepActiveElement(frame.contentDocument!)).to.equal(field);
    expect(deepActiveElement()).to.equal(frame);
  });
});
