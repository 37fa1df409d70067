// The demo's dev server: the site, the built kit under /dddk/, a health check, and an allowlisted
// proxy to an OpenAI-compatible endpoint so the API key never reaches the browser.
// Plain Node, no dependencies: `node demo/server.mjs` (or `npm start`, which builds first).
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendJson, sendText } from './server/http-replies.mjs';
import { describeLlmUpstream, publicLlmStatus, readLlmConfig } from './server/llm-config.mjs';
import { DEFAULT_MAX_REQUEST_BODY_BYTES, proxyLlmRequest } from './server/llm-proxy.mjs';
import { handlePagesRequest, PAGES_PREFIX } from './server/pages-api.mjs';
import { seedContent } from './server/seed-content.mjs';
import { checkRequestPath, serveFile } from './server/static-files.mjs';
import { findSiteRoute } from './site/routes.js';

const SITE_DIR = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_DIST_DIR = path.resolve(SITE_DIR, '..', 'dist');
/** Where edits to the demo's pages go by default: a git-ignored copy seeded from demo/content/. */
const DEFAULT_CONTENT_DIR = path.resolve(SITE_DIR, '..', '.demo-data', 'pages');
const DEFAULT_PORT = 8080;
const KIT_PREFIX = '/dddk/';
const LLM_PREFIX = '/api/llm/';

/** The server's own code lives in demo/ too, but it is not part of the site. */
const PRIVATE_SITE_ENTRIES = new Set(['server', 'server.mjs', 'server.d.mts', 'content']);

/**
 * @param {Record<string, string | undefined>} env
 * @param {number | undefined} port
 */
function choosePort(env, port) {
  if (port !== undefined) return port;
  const fromEnv = env.PORT?.trim();
  if (!fromEnv) return DEFAULT_PORT;
  const parsed = Number(fromEnv);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535 (0 picks a free port); got "${fromEnv}".`);
  }
  return parsed;
}

/**
 * Starts the demo server and resolves once it listens.
 * @param {import('./server.d.mts').DemoServerOptions} [options]
 * @returns {Promise<import('./server.d.mts').DemoServer>}
 */
export async function startDemoServer(options = {}) {
  const env = options.env ?? process.env;
  const port = choosePort(env, options.port);
  const host = options.host ?? (env.DDDK_DEMO_HOST?.trim() || 'localhost');
  const distDir = path.resolve(options.distDir ?? DEFAULT_DIST_DIR);
  const siteDir = path.resolve(options.siteDir ?? SITE_DIR);
  const maxBodyBytes = options.maxRequestBodyBytes ?? DEFAULT_MAX_REQUEST_BODY_BYTES;
  const chosenContentDir = options.contentDir ?? env.DDDK_DEMO_CONTENT_DIR?.trim();
  const contentDir = path.resolve(chosenContentDir || DEFAULT_CONTENT_DIR);
  if (!chosenContentDir) seedContent(path.join(SITE_DIR, 'content'), contentDir);
  const llm = readLlmConfig(env);

  const server = http.createServer((req, res) => {
    handleRequest(req, res, { distDir, siteDir, contentDir, llm, maxBodyBytes }).catch((error) => {
      if (res.headersSent) res.destroy();
      else sendText(res, 500, `The demo server failed on this request: ${error?.message ?? error}`);
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });

  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const reachableAsLocalhost = host === 'localhost' || host === '0.0.0.0' || host === '::';
  const urlHost = reachableAsLocalhost ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    port: address.port,
    address: address.address,
    url: `http://${urlHost}:${address.port}/`,
    llm: publicLlmStatus(llm),
    llmUpstream: llm ? describeLlmUpstream(llm) : undefined,
    kitBuilt: existsSync(path.join(distDir, 'dddk.min.js')),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ distDir: string, siteDir: string, contentDir: string, llm: import('./server/llm-config.mjs').LlmUpstreamConfig | undefined, maxBodyBytes: number }} context
 */
async function handleRequest(req, res, { distDir, siteDir, contentDir, llm, maxBodyBytes }) {
  const target = req.url ?? '';
  // Only origin-form targets: an absolute URL or `*` here would be a proxy request, which this server is not.
  if (!target.startsWith('/')) return sendText(res, 400, 'Bad request target: expected a path starting with "/".');
  const pathname = target.split(/[?#]/, 1)[0];

  if (pathname === '/api/health') {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Use GET.', { allow: 'GET, HEAD' });
    return sendJson(res, 200, { ok: true, llm: publicLlmStatus(llm) });
  }
  if (pathname.startsWith(LLM_PREFIX)) {
    return proxyLlmRequest(req, res, { route: pathname.slice(LLM_PREFIX.length), config: llm, maxBodyBytes });
  }
  if (pathname.startsWith(PAGES_PREFIX)) return handlePagesRequest(req, res, { id: pathname.slice(PAGES_PREFIX.length), contentDir });
  if (pathname === '/api' || pathname.startsWith('/api/')) return sendText(res, 404, `Not found: ${pathname}`);

  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendText(res, 405, `${req.method} is not allowed on static files.`, { allow: 'GET, HEAD' });
  }

  if (findSiteRoute(pathname)) return serveFile(req, res, { rootDir: siteDir, segments: ['index.html'] });

  const isKit = pathname.startsWith(KIT_PREFIX);
  const check = checkRequestPath(isKit ? pathname.slice(KIT_PREFIX.length) : pathname);
  if (check.kind === 'refused') return sendText(res, 400, `Refused path: ${check.reason}.`);
  if (check.kind === 'hidden' || check.segments.length === 0) return sendText(res, 404, `Not found: ${pathname}`);
  if (isKit) {
    return serveFile(req, res, {
      rootDir: distDir,
      segments: check.segments,
      notFoundHint: 'the kit is served from dist/: run `npm run build` first',
    });
  }
  if (PRIVATE_SITE_ENTRIES.has(check.segments[0])) return sendText(res, 404, `Not found: ${pathname}`);
  return serveFile(req, res, { rootDir: siteDir, segments: check.segments });
}

/** @param {import('./server.d.mts').DemoServer} started */
function printBanner(started) {
  console.log(`dddk demo: ${started.url}`);
  if (started.llmUpstream) {
    const model = started.llm.model ? `, default model ${started.llm.model}` : ', no default model (DDDK_LLM_MODEL)';
    console.log(`LLM: proxying /api/llm/ to ${started.llmUpstream}${model}`);
  } else {
    console.log('LLM: no endpoint configured, the page runs offline (set DDDK_LLM_BASE_URL to use a model)');
  }
  if (!started.kitBuilt) console.log('Kit: dist/dddk.min.js is missing; run `npm run build` so /dddk/ has something to serve');
}

const runDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly) {
  try {
    const started = await startDemoServer();
    printBanner(started);
    const stop = () => started.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    const reason = /** @type {NodeJS.ErrnoException} */ (error);
    if (reason.code === 'EADDRINUSE') {
      console.error(`dddk demo: port ${reason.port ?? ''} is in use; set PORT to another port (PORT=0 picks a free one).`);
    } else {
      console.error(`dddk demo: ${reason.message}`);
    }
    process.exit(1);
  }
}
