import { expect } from '@open-wc/testing';
import { html, render } from 'lit';
import { loadMarkdownRenderer } from '../../../elements/internal/markdown/lazy-markdown.js';
import { markdown } from '../../../elements/internal/markdown/markdown.directive.js';
import { findUnsafeMarkup, installCanary, loadXssCorpus, settle } from './xss-harness.js';

describe('markdown rendering (marked + DOMPurify)', () => {
  it('renders markdown structure and keeps safe links, opened without an opener', async () => {
    const renderer = await loadMarkdownRenderer();
    const host = document.createElement('div');
    host.append(renderer.toFragment('**bold** and [docs](https://example.com/docs) and `code`\n\n- one\n- two'));
    expect(host.querySelector('strong')?.textContent).to.equal('bold');
    expect(host.querySelectorAll('li')).to.have.length(2);
    const link = host.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://example.com/docs');
    expect(link.getAttribute('rel')).to.include('noopener');
  });

  it('drops script-capable URLs and interactive tags', async () => {
    const renderer = await loadMarkdownRenderer();
    const host = document.createElement('div');
    host.append(
      renderer.toFragment('[a](javascript:alert(1)) [b](data:text/html,<script>alert(1)</script>) ![c](vbscript:x) <form><input></form> <iframe src="x"></iframe>'),
    );
    expect(host.querySelector('form, input, iframe')).to.equal(null);
    for (const element of host.querySelectorAll('[href], [src]')) {
      expect(element.getAttribute('href') ?? element.getAttribute('src')).not.to.match(/^(javascript|data|vbscript):/i);
    }
  });

  it('shows the source as text until the renderer has loaded, then the rendered markdown', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    render(html`<div>${markdown('plain *then* rich')}</div>`, host);
    await loadMarkdownRenderer();
    await settle();
    expect(host.querySelector('em')?.textContent).to.equal('then');
    host.remove();
  });

  it('runs no payload of the XSS corpus and leaves no handler or script URL in a shadow root', async function () {
    this.timeout(60_000);
    const payloads = await loadXssCorpus();
    expect(payloads.length).to.be.greaterThan(1000);
    const renderer = await loadMarkdownRenderer();
    const canary = installCanary();
    const host = document.createElement('div');
    const shadow = host.attachShadow({ mode: 'open' });
    document.body.append(host);
    const unsafe: string[] = [];
    try {
      // In batches, so broken images and autofocus get their chance to fire within each batch.
      for (let start = 0; start < payloads.length; start += 200) {
        shadow.replaceChildren();
        for (const payload of payloads.slice(start, start + 200)) {
          const block = document.createElement('div');
          block.append(renderer.toFragment(payload));
          shadow.append(block);
        }
        await settle();
        unsafe.push(...findUnsafeMarkup(shadow));
      }
    } finally {
      canary.restore();
      host.remove();
    }
    expect(canary.calls, 'script ran').to.deep.equal([]);
    expect(unsafe.slice(0, 10), 'unsafe markup').to.deep.equal([]);
  });
});

describe('markdown images', () => {
  it('loads images from the page origin only; others show their alt text', async () => {
    const { createMarkdownRenderer } = await import('../../../elements/internal/markdown/sanitize-markdown.js');
    const host = document.createElement('div');
    host.append(createMarkdownRenderer(window).toFragment('![logo](/favicon.ico) ![secret](https://evil.example/x?q=token)'));
    expect(host.querySelectorAll('img')).to.have.length(1);
    expect(host.textContent).to.include('secret');
    const allowed = document.createElement('div');
    allowed.append(createMarkdownRenderer(window, { imageOrigins: ['https://cdn.example'] }).toFragment('![a](https://cdn.example/a.png)'));
    expect(allowed.querySelector('img')?.getAttribute('src')).to.equal('https://cdn.example/a.png');
  });
});

describe('the XSS harness itself', () => {
  it('notices a payload that runs, and a handler or script URL left in a shadow root', async () => {
    const canary = installCanary();
    const host = document.createElement('div');
    const shadow = host.attachShadow({ mode: 'open' });
    document.body.append(host);
    try {
      shadow.innerHTML = '<img src="x:broken" onerror="alert(1)"><a href=" java\tscript:alert(1)">x</a>';
      await settle(150);
      expect(canary.calls).to.deep.equal(['alert(1)']);
      expect(findUnsafeMarkup(host)).to.have.length(2);
    } finally {
      canary.restore();
      host.remove();
    }
  });
});
