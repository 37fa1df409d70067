import { expect } from '@open-wc/testing';
import { navigate, sameOriginDestination } from '../../../core/page/actions/index.js';
import { border, clearOverlays, listOverlays } from '../../../core/page/overlays/index.js';
import { $, context, eventually, expectFailure, expectOk, mount, unmount } from './support.js';

describe('navigate', () => {
  let start: string;
  beforeEach(() => {
    start = location.href;
  });
  afterEach(() => {
    history.replaceState(null, '', start);
    clearOverlays();
    unmount();
  });

  it('hands the path to a synchronous router bridge and reports the move', async () => {
    const calls: string[] = [];
    const bridge = (path: string) => {
      calls.push(path);
      history.pushState(null, '', path);
    };
    const result = expectOk(await navigate.run({ path: '/docs/intro?tab=2#setup' }, context({ navigate: bridge })));
    expect(calls).to.deep.equal(['/docs/intro?tab=2#setup']);
    expect(result.navigation).to.deep.equal({ from: start, to: `${location.origin}/docs/intro?tab=2#setup` });
  });

  it('waits for a Promise-returning bridge, and reports its failure as a navigation failure', async () => {
    let settled = false;
    const slow = (path: string) =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          history.pushState(null, '', path);
          settled = true;
          resolve();
        }, 60),
      );
    const result = expectOk(await navigate.run({ path: '/slow' }, context({ navigate: slow })));
    expect(settled).to.equal(true);
    expect(result.navigation?.to).to.equal(`${location.origin}/slow`);

    const broken = () => Promise.reject(new Error('route /nope is not defined'));
    const message = expectFailure(await navigate.run({ path: '/nope' }, context({ navigate: broken })), 'navigation');
    expect(message).to.contain('route /nope is not defined');
  });

  it('is cancelled when the signal aborts while the bridge is pending', async () => {
    const controller = new AbortController();
    const never = () => new Promise<void>(() => undefined);
    setTimeout(() => controller.abort(), 20);
    expectFailure(await navigate.run({ path: '/pending' }, context({ navigate: never, signal: controller.signal })), 'cancelled');
  });

  it('without a bridge, loads another document through loadDocument and says so', async () => {
    const loads: string[] = [];
    const pops: string[] = [];
    const onPop = () => pops.push(location.pathname);
    addEventListener('popstate', onPop);
    try {
      const result = expectOk(await navigate.run({ path: '/fallback/page?x=1' }, context({ loadDocument: (url) => void loads.push(url) })));
      expect(loads).to.deep.equal([`${location.origin}/fallback/page?x=1`]);
      expect(location.href, 'the URL is the browser load\'s to change, not the history API\'s').to.equal(start);
      expect(pops).to.deep.equal([]);
      expect(result.navigation).to.deep.equal({ from: start, to: `${location.origin}/fallback/page?x=1`, newDocument: true });
    } finally {
      removeEventListener('popstate', onPop);
    }
  });

  it('without a bridge or loadDocument, location.assign loads the document', async () => {
    const frame = document.createElement('iframe');
    frame.src = '/test/browser/actions/fixtures/navigate-page.html?page=1';
    document.body.append(frame);
    try {
      const pageOf = () => new URL(frame.contentWindow?.location.href ?? 'about:blank').searchParams.get('page');
      await eventually(() => expect((frame.contentWindow as (Window & { navigateFixture?: unknown }) | null)?.navigateFixture).to.not.equal(undefined), 5_000);
      const fixture = (frame.contentWindow as Window & { navigateFixture: { go(path: string): Promise<{ ok: boolean; navigation?: { newDocument?: boolean } }> } }).navigateFixture;
      const result = await fixture.go('navigate-page.html?page=2');
      expect(result.ok).to.equal(true);
      expect(result.navigation?.newDocument).to.equal(true);
      await eventually(() => expect(pageOf()).to.equal('2'), 5_000);
      await eventually(() => expect(frame.contentDocument?.getElementById('page')?.textContent, 'the new document loaded').to.equal('2'), 5_000);
    } finally {
      frame.remove();
    }
  });

  it('without a bridge, an anchor on this page scrolls to its element and loads nothing', async () => {
    mount('<div style="height: 3000px">Top</div><h2 id="faq">Questions</h2><div style="height: 3000px"></div>');
    scrollTo(0, 0);
    const loads: string[] = [];
    const hashes: string[] = [];
    const onHash = () => hashes.push(location.hash);
    addEventListener('hashchange', onHash);
    try {
      const result = expectOk(await navigate.run({ path: '#faq' }, context({ loadDocument: (url) => void loads.push(url) })));
      expect(loads).to.deep.equal([]);
      expect(location.hash).to.equal('#faq');
      expect(result.navigation, 'the page did not move to another one').to.equal(undefined);
      expect(result.message).to.contain('Questions');
      await eventually(() => expect(Math.abs($('#faq').getBoundingClientRect().top)).to.be.lessThan(5));
      await eventually(() => expect(hashes).to.deep.equal(['#faq']));

      // The same path with the hash is the same anchor; asked again after scrolling away, it scrolls back.
      scrollTo(0, 0);
      expectOk(await navigate.run({ path: `${location.pathname}${location.search}#faq` }, context({ loadDocument: (url) => void loads.push(url) })));
      expect(loads).to.deep.equal([]);
      await eventually(() => expect(Math.abs($('#faq').getBoundingClientRect().top)).to.be.lessThan(5));

      // This page without the fragment is this page: nothing to load.
      const here = expectOk(await navigate.run({ path: `${location.pathname}${location.search}` }, context({ loadDocument: (url) => void loads.push(url) })));
      expect(loads).to.deep.equal([]);
      expect(here.message).to.match(/^Already on/);
    } finally {
      removeEventListener('hashchange', onHash);
    }
  });

  it('without a bridge, a fragment that names no element moves the hash (a hash router may show it) and loads nothing', async () => {
    const loads: string[] = [];
    const result = expectOk(await navigate.run({ path: '#/pricing' }, context({ loadDocument: (url) => void loads.push(url) })));
    expect(loads).to.deep.equal([]);
    expect(location.hash).to.equal('#/pricing');
    expect(result.navigation?.to).to.equal(location.href);
    expect(result.navigation?.newDocument).to.equal(undefined);
  });

  it('with a bridge, an anchor goes to the router as before', async () => {
    const calls: string[] = [];
    expectOk(await navigate.run({ path: '#faq' }, context({ navigate: (path) => void calls.push(path), loadDocument: () => expect.fail('no load with a router') })));
    expect(calls).to.deep.equal([`${location.pathname}${location.search}#faq`]);
  });

  it('refuses other origins, javascript: and non-web schemes with reasons', async () => {
    const cross = expectFailure(await navigate.run({ path: 'https://evil.example/x' }, context()), 'cross_origin');
    expect(cross).to.contain('https://evil.example');
    for (const path of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)']) {
      expect(expectFailure(await navigate.run({ path }, context()), 'invalid_arguments')).to.contain('javascript:');
    }
    expectFailure(await navigate.run({ path: 'mailto:a@b.c' }, context()), 'invalid_arguments');
    expectFailure(await navigate.run({}, context()), 'invalid_arguments');
    expect(location.href).to.equal(start);
    expect(sameOriginDestination('/a', 'https://site.test/x')).to.have.property('href', 'https://site.test/a');
  });

  it('clicks a visible same-origin link to the destination when asked to', async () => {
    mount('<a id="to-pricing" href="/pricing">Pricing</a>');
    let linkClicked = false;
    $('#to-pricing').addEventListener('click', (event) => {
      // A router intercepting its links.
      event.preventDefault();
      linkClicked = true;
      history.pushState(null, '', '/pricing');
    });
    const bridgeCalls: string[] = [];
    const result = expectOk(
      await navigate.run({ path: '/pricing' }, context({ preferLinkClick: true, navigate: (p) => void bridgeCalls.push(p) })),
    );
    expect(linkClicked).to.equal(true);
    expect(bridgeCalls).to.deep.equal([]);
    expect(result.message).to.contain('Followed the link');
    expect(result.navigation?.to).to.equal(`${location.origin}/pricing`);
  });

  it('clears the overlays of the page it leaves', async () => {
    mount('<p id="p">Here</p>');
    border($('#p'));
    expect(listOverlays()).to.have.length(1);
    expectOk(await navigate.run({ path: '/elsewhere' }, context({ navigate: (p) => history.pushState(null, '', p) })));
    expect(listOverlays()).to.have.length(0);
  });
});
