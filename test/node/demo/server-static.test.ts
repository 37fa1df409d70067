import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { DemoServer } from '../../../demo/server.mjs';
import { FAKE_KIT_SOURCE, makeFakeDist, rawRequest, startTestServer, type RawRequest } from './demo-server-fixtures.js';

const INDEX_HTML = readFileSync(new URL('../../../demo/index.html', import.meta.url), 'utf8');
const PACKAGE_JSON_MARKER = '"name": "dddk"';

describe('demo server: the site and the kit', { timeout: 20_000 }, () => {
  let demo: DemoServer;
  let fakeDist: ReturnType<typeof makeFakeDist>;
  const request = (path: string, init: Omit<RawRequest, 'port' | 'host' | 'path'> = {}) =>
    rawRequest({ port: demo.port, host: demo.address, path, ...init });

  before(async () => {
    fakeDist = makeFakeDist();
    demo = await startTestServer({ distDir: fakeDist.distDir });
  });
  after(async () => {
    await demo?.close();
    fakeDist?.cleanup();
  });

  it('serves the SPA shell at / and on every page route, so a reload on any page works', async () => {
    for (const route of ['/', '/pricing', '/contact', '/docs', '/cms', '/pricing/', '/docs?section=api']) {
      const response = await request(route);
      assert.equal(response.status, 200, route);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8', route);
      assert.equal(response.body, INDEX_HTML, route);
    }
  });

  it('loads the kit by tags only: theme, drop-in script and the subtitle element', async () => {
    const { body } = await request('/');
    assert.match(body, /<link rel="stylesheet" href="\/dddk\/theme\.css">/);
    assert.match(body, /<script type="module" src="\/dddk\/dddk\.min\.js"><\/script>/);
    assert.match(body, /<dddk-subtitle><\/dddk-subtitle>/);
  });

  it("serves the site's own files with their content types", async () => {
    const expectations: Array<[string, string]> = [
      ['/app.js', 'text/javascript; charset=utf-8'],
      ['/site/router.js', 'text/javascript; charset=utf-8'],
      ['/styles.css', 'text/css; charset=utf-8'],
      ['/favicon.svg', 'image/svg+xml'],
      ['/pages/pricing.html', 'text/html; charset=utf-8'],
    ];
    for (const [path, type] of expectations) {
      const response = await request(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers['content-type'], type, path);
    }
    assert.match((await request('/pages/pricing.html')).body, /<table/);
  });

  it('serves the built kit under /dddk/ with content types and Cache-Control: no-cache', async () => {
    const expectations: Array<[string, string]> = [
      ['/dddk/dddk.min.js', 'text/javascript; charset=utf-8'],
      ['/dddk/chunks/html2canvas-abc123.mjs', 'text/javascript; charset=utf-8'],
      ['/dddk/theme.css', 'text/css; charset=utf-8'],
      ['/dddk/manifest.json', 'application/json; charset=utf-8'],
      ['/dddk/logo.svg', 'image/svg+xml'],
      ['/dddk/logo.png', 'image/png'],
      ['/dddk/favicon.ico', 'image/x-icon'],
    ];
    for (const [path, type] of expectations) {
      const response = await request(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers['content-type'], type, path);
      assert.equal(response.headers['cache-control'], 'no-cache', path);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', path);
    }
    assert.equal((await request('/dddk/dddk.min.js')).body, FAKE_KIT_SOURCE);
  });

  it('does not publish the build metafile or source maps, unless DDDK_DEMO_SOURCE_MAPS=1', async () => {
    for (const path of ['/dddk/dddk.min.js.map', '/dddk/meta.json', '/dddk/chunks/x.js.map']) {
      const response = await request(path);
      assert.equal(response.status, 404, path);
      assert.match(response.body, /DDDK_DEMO_SOURCE_MAPS/);
    }
  });

  it('sends the security headers on every page and file: a CSP with no inline script, frame-ancestors, Referrer-Policy', async () => {
    for (const path of ['/', '/pricing', '/styles.css', '/dddk/dddk.min.js', '/no-such-file']) {
      const response = await request(path);
      const csp = String(response.headers['content-security-policy']);
      assert.match(csp, /script-src 'self'(;|$)/, path);
      assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/, path);
      assert.match(csp, /frame-ancestors 'self'/, path);
      assert.match(String(response.headers['referrer-policy']), /strict-origin-when-cross-origin/, path);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', path);
    }
  });

  it('answers 304 to a matching If-None-Match, and HEAD without a body', async () => {
    const first = await request('/dddk/dddk.min.js');
    const etag = first.headers.etag;
    assert.ok(etag, 'an ETag is sent');
    const revalidated = await request('/dddk/dddk.min.js', { headers: { 'if-none-match': etag } });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.body, '');
    const changedTag = await request('/dddk/dddk.min.js', { headers: { 'if-none-match': 'W/"other"' } });
    assert.equal(changedTag.status, 200);

    const head = await request('/dddk/theme.css', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers['content-length'], String(Buffer.byteLength(':root { --dddk-accent: green; }\n')));
  });

  it('answers 404 for unknown paths, with a hint when the kit is missing', async () => {
    for (const path of ['/nope', '/pricing/extra', '/pages/', '/dddk/', '/dddk/chunks', '/api/nothing', '/index.htm']) {
      assert.equal((await request(path)).status, 404, path);
    }
    const missingKit = await request('/dddk/not-built.js');
    assert.equal(missingKit.status, 404);
    assert.match(missingKit.body, /npm run build/);
  });

  it("does not publish the server's own code or dotfiles", async () => {
    for (const path of ['/server.mjs', '/server.d.mts', '/server/llm-proxy.mjs', '/dddk/.env', '/.gitignore']) {
      const response = await request(path);
      assert.equal(response.status, 404, path);
      assert.doesNotMatch(response.body, /proxyLlmRequest|HIDDEN=1/, path);
    }
  });

  it('refuses directory traversal, encoded or not, before touching the disk', async () => {
    // Each of these would reach a real file (the repository's package.json, or secret.txt next to
    // dist/) on a server that joined the decoded path naively.
    const traversals = [
      '/../package.json',
      '/pages/../../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E/package.json',
      '/..%2fpackage.json',
      '/dddk/../secret.txt',
      '/dddk/%2e%2e/secret.txt',
      '/dddk/.%2e/secret.txt',
      '/dddk/..%2fsecret.txt',
      '/dddk/..%5csecret.txt',
      '/dddk/..\\secret.txt',
      '/dddk/chunks/../../secret.txt',
      '/dddk/C:/Windows/win.ini',
      '/dddk/dddk.min.js%00.png',
      '/dddk/%zz',
    ];
    for (const path of traversals) {
      const response = await request(path);
      assert.equal(response.status, 400, `${path} answered ${response.status}`);
      assert.ok(!response.body.includes(PACKAGE_JSON_MARKER), `${path} leaked package.json`);
      assert.ok(!response.body.includes(fakeDist.secret), `${path} leaked a file outside dist/`);
    }
  });

  it('serves nothing outside its roots through double encoding, absolute paths or symlinks', async () => {
    const attempts = ['/dddk/%252e%252e/secret.txt', '/dddk/%c0%ae%c0%ae/secret.txt', '//etc/passwd', '/dddk//etc/passwd', '/dddk/escape.txt'];
    for (const path of attempts) {
      const response = await request(path);
      assert.ok([400, 404].includes(response.status), `${path} answered ${response.status}`);
      assert.ok(!response.body.includes(fakeDist.secret), `${path} leaked a file outside dist/`);
      assert.ok(!response.body.includes('root:'), `${path} leaked /etc/passwd`);
    }
    const absoluteForm = await request('http://localhost/etc/passwd');
    assert.equal(absoluteForm.status, 400);
  });

  it('allows only GET and HEAD on static files', async () => {
    const response = await request('/', { method: 'POST', body: 'x' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.allow, 'GET, HEAD');
  });
});
