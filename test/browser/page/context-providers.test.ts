import { expect } from '@open-wc/testing';
import {
  ContextProviderRegistry,
  domContextProvider,
  getDefaultContextProvider,
  recordNavigation,
  navigationTrail,
  screenshotContextProvider,
} from '../../../core/page/context/index.js';
import { mount, unmountAll } from './support/mount.js';

describe('context providers in the page', () => {
  afterEach(() => {
    unmountAll();
    getSelection()?.removeAllRanges();
    navigationTrail.clear();
  });

  it('url gives the address; page_summary the title, description and headings', async () => {
    const registry = new ContextProviderRegistry();
    expect(await registry.read('url')).to.equal(location.href);

    document.title = 'Orchard — plans';
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'Plans and prices for the Orchard app.';
    document.head.append(meta);
    mount('<h1>Pick a plan</h1><h2>Team</h2><h2 style="display:none">Hidden heading</h2>');
    try {
      const summary = await registry.read('page_summary');
      expect(summary).to.include('title: Orchard — plans');
      expect(summary).to.include('description: Plans and prices for the Orchard app.');
      expect(summary).to.include('headings: Pick a plan · Team');
      expect(summary).not.to.include('Hidden heading');
    } finally {
      meta.remove();
    }
  });

  it('dom gives the readDOM text, with the options it was made with', async () => {
    const root = mount('<p>Reading for the model</p><button>Press</button>');
    const whole = await new ContextProviderRegistry().read('dom');
    expect(whole).to.include('Reading for the model');
    const scoped = await domContextProvider({ scope: root, maxLength: 200 })({});
    expect(scoped).to.match(/Reading for the model\n\[[0-9a-z]+\]<button>Press/);
  });

  it('selection gives the selected text, and nothing when nothing is selected', async () => {
    const registry = new ContextProviderRegistry();
    expect(await registry.read('selection')).to.equal(undefined);
    const root = mount('<p id="quote">The quick   brown fox</p>');
    const range = document.createRange();
    range.selectNodeContents(root.querySelector('#quote')!);
    getSelection()!.addRange(range);
    expect(await registry.read('selection')).to.equal('The quick brown fox');
  });

  it('history lists recorded navigations; screenshot is empty without a capture function', async () => {
    const registry = new ContextProviderRegistry();
    expect(await registry.read('history')).to.equal(undefined);
    recordNavigation('/plans');
    recordNavigation('/plans');
    recordNavigation('/checkout');
    expect(await registry.read('history')).to.equal('recent paths, oldest first: /plans → /checkout');

    expect(await registry.read('screenshot')).to.equal(undefined);
    const handle = registry.replace('screenshot', screenshotContextProvider(async () => 'data:image/png;base64,AAAA'));
    expect(await registry.read('screenshot')).to.equal('data:image/png;base64,AAAA');
    handle.restore();
    expect(registry.get('screenshot')).to.equal(getDefaultContextProvider('screenshot'));
  });
});
