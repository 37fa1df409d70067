import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPageStoreHandler, memoryPageBackend, pageEtag, regionPageValidator, type PageBackend, type PageStoreHandlerOptions } from '../../../server/index.js';
import { EDITOR_HEADERS, editorAuthorize, SEED_PAGE, withRegion } from './page-fixtures.js';

async function setup(options: Partial<PageStoreHandlerOptions> = {}) {
  const backend = options.backend ?? memoryPageBackend();
  await backend.seed('home', SEED_PAGE);
  const handler = createPageStoreHandler({ backend, authorize: editorAuthorize, ...options });
  const put = async (html: string, ifMatch?: string) =>
    handler(new Request('http://localhost/api/pages/home', {
      method: 'PUT',
      headers: { 'content-type': 'text/html', 'if-match': ifMatch ?? (await backend.read('home'))!.etag, ...EDITOR_HEADERS },
      body: html,
    }));
  const stored = async () => (await backend.read('home'))!.html;
  return { backend, put, stored };
}

async function refusal(response: Response): Promise<string> {
  assert.equal(response.status, 422);
  const { error } = (await response.json()) as { error: { code: string; message: string } };
  assert.equal(error.code, 'edit_refused');
  return error.message;
}

describe('page store: server-side validation (never trust the client)', () => {
  it('accepts a normal region edit in each region, alone or together', async () => {
    const { put, stored } = await setup();
    const one = withRegion(SEED_PAGE, 'intro', '<p>Welcome, <a href="/about">read more</a>.</p>');
    assert.equal((await put(one)).status, 200);
    const both = withRegion(withRegion(one, 'intro', '<h2>Hi</h2><p>Text</p>'), 'news', '<ul><li>One</li><li>Two</li></ul>');
    assert.equal((await put(both)).status, 200);
    assert.equal(await stored(), both);
  });

  it('refuses <script> inside a region with the validator\'s reason', async () => {
    const { put, stored } = await setup();
    const message = await refusal(await put(withRegion(SEED_PAGE, 'intro', '<p>hi</p><script>alert(1)</script>')));
    assert.match(message, /region "intro".*<script>: scripts are not allowed/);
    assert.equal(await stored(), SEED_PAGE);
  });

  it('refuses event handlers and javascript: URLs', async () => {
    const { put } = await setup();
    assert.match(await refusal(await put(withRegion(SEED_PAGE, 'news', '<img src=x onerror=alert(1)>'))), /onerror runs script/);
    assert.match(await refusal(await put(withRegion(SEED_PAGE, 'news', '<a href="java\tscript:alert(1)">x</a>'))), /javascript: URL/);
  });

  it('refuses <p>hi</p><body onload=alert(1)>: the browser would merge the onload into the page\'s <body>', async () => {
    const { put, stored } = await setup();
    const message = await refusal(await put(withRegion(SEED_PAGE, 'intro', '<p>hi</p><body onload=alert(1)>')));
    assert.match(message, /onload|<body>/);
    assert.doesNotMatch(await stored(), /onload/);
    await refusal(await put(withRegion(SEED_PAGE, 'news', '<html onclick="alert(1)"><p>x</p>')));
  });

  it('refuses a change outside the regions, naming where', async () => {
    const { put, stored } = await setup();
    const message = await refusal(await put(SEED_PAGE.replace('<h1>Site</h1>', '<h1>Hacked</h1>')));
    assert.match(message, /outside its regions \(line 5, near "Hacked/);
    assert.match(await refusal(await put(SEED_PAGE.replace('data-agent-element="news"', 'data-agent-element="news" class="x"'))), /outside its regions/);
    assert.equal(await stored(), SEED_PAGE);
  });

  it('refuses a page that loses, adds or moves a region', async () => {
    const { put } = await setup();
    assert.match(await refusal(await put(SEED_PAGE.replace(/<aside[^]*<\/aside>\n/, ''))), /same regions/);
    assert.match(await refusal(await put(withRegion(SEED_PAGE, 'intro', '<div data-agent-element="extra">x</div>'))), /changes which regions|same regions/);
    const swapped = SEED_PAGE.replace(/(<main[^]*<\/main>)\n(<aside[^]*<\/aside>)/, '$2\n$1');
    await refusal(await put(swapped));
  });

  it('refuses content that closes its region early or leaks into what follows', async () => {
    const { put, stored } = await setup();
    await refusal(await put(withRegion(SEED_PAGE, 'intro', '<p>x</p></main><main>')));
    await refusal(await put(withRegion(SEED_PAGE, 'intro', '<p>x</p><!-- an unclosed comment')));
    await refusal(await put(withRegion(SEED_PAGE, 'intro', '<p title="an unclosed quote>x</p>')));
    assert.equal(await stored(), SEED_PAGE);
  });

});

describe('page store: server-side validation of whole pages', () => {
  it('refuses when the stored page itself has regions it cannot locate, saying the site must fix it', async () => {
    const backend = memoryPageBackend();
    const { put } = await setup({ backend });
    const broken = '<div data-agent-element="Bad Handle">x</div>';
    await backend.seed('home', broken);
    assert.match(await refusal(await put('<div data-agent-element="Bad Handle">y</div>')), /the site must fix the page/);
  });

  it('validates nested regions through their outermost region', async () => {
    const page = '<section data-agent-element="outer"><p>a</p><div data-agent-element="inner"><p>b</p></div></section>';
    const validate = regionPageValidator();
    const inner = page.replace('<p>b</p>', '<p>B</p>');
    assert.deepEqual(await validate({ id: 'x', current: page, next: inner }), { ok: true });
    const evil = page.replace('<p>b</p>', '<p onclick="x()">B</p>');
    const verdict = await validate({ id: 'x', current: page, next: evil });
    assert.equal(verdict.ok, false);
  });

});

describe("page store: the host's validator, and races between check and swap", () => {
  it('skips validation only when the host says validate: false, and runs the host\'s own validator', async () => {
    const off = await setup({ validate: false });
    assert.equal((await off.put('<p>anything</p>')).status, 200);
    const seen: string[] = [];
    const custom = await setup({ validate: async ({ id, next }) => (seen.push(id), next.includes('forbidden') ? { ok: false, reason: 'no forbidden words' } : { ok: true }) });
    assert.equal(await refusal(await custom.put('<p>forbidden</p>')), 'no forbidden words');
    assert.equal((await custom.put('<p>fine</p>')).status, 200);
    assert.deepEqual(seen, ['home', 'home']);
  });

  it('with If-Match: * re-reads and re-validates against the newer page when it changed between the check and the swap', async () => {
    const inner = memoryPageBackend();
    const swaps: string[] = [];
    let rival = '';
    const racing: PageBackend = {
      read: (id) => inner.read(id),
      seed: (id, html) => inner.seed(id, html),
      async compareAndSwap(id, expected, html) {
        // Before the first swap the host replaces the page: new bytes outside the regions.
        if (swaps.length === 0 && rival !== '') await inner.seed('home', rival);
        swaps.push(expected);
        return inner.compareAndSwap(id, expected, html);
      },
    };
    const { put, stored } = await setup({ backend: racing });
    rival = withRegion(SEED_PAGE, 'news', '<ul><li>Raced</li></ul>');
    const mine = withRegion(rival, 'intro', '<p>Mine.</p>');
    assert.equal((await put(mine, '*')).status, 200, 'checked again on the newer page, where it is a valid edit');
    assert.equal(swaps.length, 2);
    assert.equal(await stored(), mine);

    swaps.length = 0;
    rival = SEED_PAGE.replace('© Site', '© Site 2');
    const stale = withRegion(SEED_PAGE, 'intro', '<p>Based on the old footer.</p>');
    assert.match(await refusal(await put(stale, '*')), /outside its regions/, 'the newer page has another footer: refused, not merged');
    assert.equal(await stored(), rival);
  });

  it('with a named ETag answers 412 at once when the page changed between the check and the swap', async () => {
    const inner = memoryPageBackend();
    const racing: PageBackend = {
      read: (id) => inner.read(id),
      seed: (id, html) => inner.seed(id, html),
      async compareAndSwap(id, expected, html) {
        await inner.seed('home', withRegion(SEED_PAGE, 'news', '<ul><li>Raced</li></ul>'));
        return inner.compareAndSwap(id, expected, html);
      },
    };
    const { put, stored } = await setup({ backend: racing });
    const response = await put(withRegion(SEED_PAGE, 'intro', '<p>Mine.</p>'), await pageEtag(SEED_PAGE));
    assert.equal(response.status, 412);
    assert.equal(response.headers.get('etag'), await pageEtag(await stored()));
  });
});

// What a stored page must never carry, whatever the client sent: each refused on the server.
describe('page store: markup that would act outside its region', () => {
  const cases: Array<[string, string]> = [
    ['a form posting to another origin', '<form action="https://elsewhere.example/login"><input name="password" type="password"></form>'],
    ['an iframe of another origin', '<iframe src="https://elsewhere.example/"></iframe>'],
    ['a <style> restyling the page outside the region', '<style>header{display:none}</style>'],
    ['a stylesheet from another origin', '<link rel="stylesheet" href="https://elsewhere.example/x.css">'],
  ];
  for (const [what, content] of cases) {
    it(`refuses ${what}`, async () => {
      const { put } = await setup();
      await refusal(await put(withRegion(SEED_PAGE, 'intro', content)));
    });
  }
});
