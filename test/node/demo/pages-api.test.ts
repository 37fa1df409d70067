// The demo's /api/pages/:id is dddk/server's page store over the file backend (its own tests are in
// test/node/server/); these check the demo wires it as documented: reads public and served as data,
// writes only with a session token, checked by the region validator, compare-and-swap on ETags.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startDemoServer, type DemoServer } from '../../../demo/server.mjs';
import { rawRequest } from './demo-server-fixtures.js';

const SEED_CONTENT_DIR = fileURLToPath(new URL('../../../demo/content/', import.meta.url));
const HERO = '<h1 id="cms-hero-title" data-agent-element="hero-title" data-agent-role="region" data-agent-label="Hero title">';

describe('demo server /api/pages/:id', () => {
  let contentDir: string;
  let server: DemoServer;
  let token: string;
  const get = (id: string) => rawRequest({ port: server.port, host: '127.0.0.1', path: `/api/pages/${id}` });
  const put = (id: string, body: string, headers: Record<string, string> = {}) =>
    rawRequest({ port: server.port, host: '127.0.0.1', path: `/api/pages/${id}`, method: 'PUT', headers: { 'content-type': 'text/html; charset=utf-8', authorization: `Bearer ${token}`, ...headers }, body });
  const withHero = (html: string, title: string) => html.replace(/(data-agent-label="Hero title">)[^<]*/, `$1${title}`);

  before(async () => {
    contentDir = mkdtempSync(path.join(tmpdir(), 'dddk-pages-api-'));
    cpSync(SEED_CONTENT_DIR, contentDir, { recursive: true });
    server = await startDemoServer({ port: 0, host: '127.0.0.1', env: { DDDK_DEMO_CONTENT_DIR: contentDir } });
    token = JSON.parse((await rawRequest({ port: server.port, host: '127.0.0.1', path: '/api/session' })).body).token;
  });
  after(async () => {
    await server?.close();
    rmSync(contentDir, { recursive: true, force: true });
  });

  it('serves a stored page as data: an ETag, an attachment, a sandbox CSP, nosniff', async () => {
    const response = await get('cms');
    assert.equal(response.status, 200);
    assert.equal(response.body, readFileSync(path.join(contentDir, 'cms.html'), 'utf8'));
    assert.match(String(response.headers.etag), /^"[\w-]+"$/);
    assert.match(String(response.headers['content-disposition']), /^attachment/);
    assert.match(String(response.headers['content-security-policy']), /sandbox/);
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
  });

  it('refuses a write without a session token, and one without If-Match (428)', async () => {
    const { body, headers } = await get('cms');
    const anonymous = await put('cms', withHero(body, 'Hacked'), { authorization: '', 'if-match': String(headers.etag) });
    assert.equal(anonymous.status, 401);
    const unconditional = await put('cms', withHero(body, 'New'));
    assert.equal(unconditional.status, 428);
  });

  it('saves a region edit with the current ETag; a stale ETag then gets 412', async () => {
    const { body, headers } = await get('cms');
    const saved = await put('cms', withHero(body, 'Orchard 2.1 is here'), { 'if-match': String(headers.etag) });
    assert.equal(saved.status, 200, saved.body);
    assert.match(readFileSync(path.join(contentDir, 'cms.html'), 'utf8'), new RegExp(`${HERO}Orchard 2.1 is here`));
    const stale = await put('cms', withHero(body, 'Too late'), { 'if-match': String(headers.etag) });
    assert.equal(stale.status, 412);
    assert.equal(stale.headers.etag, saved.headers.etag);
  });

  it('refuses what the region validator refuses (a script, a change outside the regions) and stores nothing', async () => {
    const { body, headers } = await get('cms');
    const before = readFileSync(path.join(contentDir, 'cms.html'), 'utf8');
    const script = await put('cms', withHero(body, 'Hi<script>alert(1)</script>'), { 'if-match': String(headers.etag) });
    assert.equal(script.status, 422, script.body);
    const outside = await put('cms', body.replace('Spring launch', 'Autumn launch'), { 'if-match': String(headers.etag) });
    assert.equal(outside.status, 422, outside.body);
    assert.equal(readFileSync(path.join(contentDir, 'cms.html'), 'utf8'), before);
  });

  it('rejects other methods with 405', async () => {
    const response = await rawRequest({ port: server.port, host: '127.0.0.1', path: '/api/pages/cms', method: 'DELETE' });
    assert.equal(response.status, 405);
  });
});
