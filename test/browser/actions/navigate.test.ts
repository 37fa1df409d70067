import { expect } from '@open-wc/testing';
import { navigate, sameOriginDestination } from '../../../core/page/actions/index.js';
import { border, clearOverlays, listOverlays } from '../../../core/page/overlays/index.js';
import { $, context, expectFailure, expectOk, mount, unmount } from './support.js';

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

  it('falls back to pushState and a popstate event without a bridge', async () => {
    const pops: string[] = [];
    const onPop = () => pops.push(location.pathname);
    addEventListener('popstate', onPop);
    try {
      const result = expectOk(await navigate.run({ path: '/fallback/page' }, context()));
      expect(location.pathname).to.equal('/fallback/page');
      expect(pops).to.deep.equal(['/fallback/page']);
      expect(result.navigation?.from).to.equal(start);
    } finally {
      removeEventListener('popstate', onPop);
    }
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
