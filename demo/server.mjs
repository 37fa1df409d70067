// The demo's dev server: the site, the built kit under /dddk/, and its API made of dddk/server's
// handlers (session, LLM proxy, page store), so the API key never reaches the browser and page edits
// are checked on the server. `node demo/server.mjs` (or `npm start`, which builds first).
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendText } from './server/http-replies.mjs';
import { describeLlmUpstream, publicLlmStatus, readLlmConfig } from './server/llm-config.mjs';
import { seedContent } from './server/seed-content.mjs';
import { checkRequestPath, serveFile } from './server/static-files.mjs';
import { findSiteRoute } from './site/routes.js';

const SITE_DIR = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_DIST_DIR = path.resolve(SITE_DIR, '..', 'dist');
/** Where edits to the demo's pages go by default: a git-ignored copy seeded from demo/content/. */
const DEFAULT_CONTENT_DIR = path.resolve(SITE_DIR, '..', '.demo-data', 'pages');
const DEFAULT_PORT = 8080;
const KIT_PREFIX = '/dddk/';

/** The server's own code lives in demo/ too, but it is not part of the site. */
const PRIVATE_SITE_ENTRIES = new Set(['server', 'server.mjs', 'server.d.mts', 'content']);
/** The one page whose framework compiles templates at run time (see startDemoServer). */
const RUNTIME_TEMPLATE_PAGE = '/interop/vue.html';
/** Build output that is for the developer, not the visitor: the bundler's metafile (absolute paths) and source maps. */
const UNPUBLISHED_KIT_FILE = /(^|\/)meta\.json$|\.map$/;

/** The kit's server half, from the build (`dddk/server` resolves to dist/server/). */
async function loadApi() {
  try {
    return await import('./server/demo-api.mjs');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ERR_MODULE_NOT_FOUND' && !existsSync(path.join(DEFAULT_DIST_DIR, 'server', 'index.js'))) {
      throw new Error('dist/server/ is missing: run `npm run build` first (or `npm start`, which builds).');
    }
    throw error;
  }
}

/**
 * The hosts the server answers to: the local names, the bound host, and DDDK_ALLOWED_HOSTS.
 * @param {Record<string, string | undefined>} env
 * @param {string} host
 */
function allowedHosts(env, host) {
  const listed = (env.DDDK_ALLOWED_HOSTS ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  const bound = host === '0.0.0.0' || host === '::' ? [] : [host.includes(':') ? `[${host}]` : host];
  return [...new Set(['localhost', '127.0.0.1', '[::1]', ...bound, ...listed])];
}

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
  const chosenContentDir = options.contentDir ?? env.DDDK_DEMO_CONTENT_DIR?.trim();
  const contentDir = path.resolve(chosenContentDir || DEFAULT_CONTENT_DIR);
  if (!chosenContentDir) seedContent(path.join(SITE_DIR, 'content'), contentDir);
  const llm = readLlmConfig(env);
  const { createDemoApi } = await loadApi();
  const { pageSecurityHeaders } = await import('dddk/server');
  const { toNodeListener } = await import('dddk/server/node');
  const api = await createDemoApi({
    llm,
    contentDir,
    allowedHosts: allowedHosts(env, host),
    sessionSecret: env.DDDK_SESSION_SECRET?.trim() || undefined,
    ...(options.maxRequestBodyBytes ? { maxBodyBytes: options.maxRequestBodyBytes } : {}),
    onError: (error) => console.error(`dddk demo: ${error instanceof Error ? error.message : String(error)}`),
  });
  const apiListener = toNodeListener(api, { onError: (error) => console.error('dddk demo: an API request failed:', error) });
  const securityHeaders = pageSecurityHeaders();
  // The Vue interop page compiles its template in the browser, as a page without a build step
  // does, and Vue's compiler needs eval; that one page gets it, no other.
  const runtimeTemplateHeaders = pageSecurityHeaders({ scriptSources: ["'unsafe-eval'"] });
  const publishMaps = env.DDDK_DEMO_SOURCE_MAPS === '1';

  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '').split(/[?#]/, 1)[0];
    if (pathname === '/api' || pathname.startsWith('/api/')) return apiListener(req, res);
    const headers = pathname === RUNTIME_TEMPLATE_PAGE ? runtimeTemplateHeaders : securityHeaders;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    handleSiteRequest(req, res, { distDir, siteDir, publishMaps }).catch((error) => {
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
 * The site and the kit's files; every answer carries the page security headers set by the caller.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ distDir: string, siteDir: string, publishMaps: boolean }} context
 */
async function handleSiteRequest(req, res, { distDir, siteDir, publishMaps }) {
  const target = req.url ?? '';
  // Only origin-form targets: an absolute URL or `*` here would be a proxy request, which this server is not.
  if (!target.startsWith('/')) return sendText(res, 400, 'Bad request target: expected a path starting with "/".');
  const pathname = target.split(/[?#]/, 1)[0];
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendText(res, 405, `${req.method} is not allowed on static files.`, { allow: 'GET, HEAD' });
  }

  if (findSiteRoute(pathname)) return serveFile(req, res, { rootDir: siteDir, segments: ['index.html'] });

  const isKit = pathname.startsWith(KIT_PREFIX);
  const check = checkRequestPath(isKit ? pathname.slice(KIT_PREFIX.length) : pathname);
  if (check.kind === 'refused') return sendText(res, 400, `Refused path: ${check.reason}.`);
  if (check.kind === 'hidden' || check.segments.length === 0) return sendText(res, 404, `Not found: ${pathname}`);
  if (isKit) {
    if (!publishMaps && UNPUBLISHED_KIT_FILE.test(check.segments.join('/'))) {
      return sendText(res, 404, `Not found: ${pathname} (build metadata and source maps are not served; set DDDK_DEMO_SOURCE_MAPS=1 to serve them while debugging)`);
    }
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
