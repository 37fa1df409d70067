// `/api/pages/:id`: the demo's editable pages, one HTML file each in the content folder.
// GET answers with a strong ETag (a hash of the bytes); PUT needs `If-Match` with that ETag, so two
// editors saving the same version cannot both win. A write goes to a temp file that is renamed over
// the page, so a reader sees the old bytes or the new ones, never a half-written file.
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { sendJson, sendJsonError } from './http-replies.mjs';

export const PAGES_PREFIX = '/api/pages/';
export const DEFAULT_MAX_PAGE_BYTES = 1024 * 1024;
const PAGE_ID = /^[a-z0-9-]{1,64}$/;
const TEMP_SUFFIX = '.tmp';

/**
 * One queue per page file in this process: the version check and the rename run as one step.
 * @type {Map<string, Promise<unknown>>}
 */
const pageQueues = new Map();

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ id: string, contentDir: string, maxBodyBytes?: number }} options
 */
export async function handlePagesRequest(req, res, { id, contentDir, maxBodyBytes = DEFAULT_MAX_PAGE_BYTES }) {
  if (!PAGE_ID.test(id)) {
    return sendJsonError(res, 400, `Page ids are 1 to 64 characters of a-z, 0-9 and "-"; got "${id.slice(0, 80)}".`);
  }
  const file = path.join(contentDir, `${id}.html`);
  if (req.method === 'GET' || req.method === 'HEAD') return servePage(res, file, id);
  if (req.method === 'PUT') return savePage(req, res, { file, id, maxBodyBytes });
  return sendJsonError(res, 405, `${req.method} is not allowed on pages; use GET or PUT.`, { allow: 'GET, HEAD, PUT' });
}

/** A strong ETag: the same bytes always give the same tag, different bytes a different one. */
export function pageEtag(/** @type {Buffer} */ bytes) {
  return `"${createHash('sha256').update(bytes).digest('base64url')}"`;
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {string} file
 * @param {string} id
 */
async function servePage(res, file, id) {
  const bytes = await readPage(file);
  if (!bytes) return sendJsonError(res, 404, `No page "${id}": add ${id}.html to the content folder.`);
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(bytes.length),
    etag: pageEtag(bytes),
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  res.end(res.req?.method === 'HEAD' ? undefined : bytes);
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ file: string, id: string, maxBodyBytes: number }} options
 */
async function savePage(req, res, { file, id, maxBodyBytes }) {
  const ifMatch = req.headers['if-match']?.trim();
  if (!ifMatch) {
    req.resume();
    return sendJsonError(res, 428, `Saving page "${id}" needs an If-Match header with the ETag from the last GET, so a newer version is never overwritten.`);
  }
  const body = await readBody(req, maxBodyBytes);
  if (body.kind === 'aborted') return; // the client went away mid-body: nothing was written
  if (body.kind === 'too-large') {
    return sendJsonError(res, 413, `The page body is larger than the limit of ${maxBodyBytes} bytes.`, { connection: 'close' });
  }
  const outcome = await serializedPerFile(file, async () => {
    const current = await readPage(file);
    if (!current) return { kind: 'missing' };
    const currentEtag = pageEtag(current);
    if (!etagMatches(ifMatch, currentEtag)) return { kind: 'stale', currentEtag };
    await replaceFileAtomically(file, body.bytes);
    return { kind: 'saved', etag: pageEtag(body.bytes) };
  });
  if (outcome.kind === 'missing') return sendJsonError(res, 404, `No page "${id}": add ${id}.html to the content folder.`);
  if (outcome.kind === 'stale') {
    return sendJson(
      res,
      409,
      { error: { message: `Page "${id}" changed since it was loaded; reload it and redo the edit.`, type: 'dddk_demo_server_error', status: 409 }, etag: outcome.currentEtag },
      { etag: outcome.currentEtag ?? '' },
    );
  }
  return sendJson(res, 200, { ok: true, etag: outcome.etag }, { etag: outcome.etag ?? '' });
}

/** `If-Match` may list several tags; weak tags never match under the strong comparison it requires. */
function etagMatches(/** @type {string} */ header, /** @type {string} */ etag) {
  return header.split(',').some((candidate) => candidate.trim() === etag);
}

/**
 * @template T
 * @param {string} key
 * @param {() => Promise<T>} task
 * @returns {Promise<T>}
 */
function serializedPerFile(key, task) {
  const previous = pageQueues.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.catch(() => undefined);
  pageQueues.set(key, settled);
  // Forget the queue once idle so the map does not grow with every page ever saved.
  settled.then(() => {
    if (pageQueues.get(key) === settled) pageQueues.delete(key);
  });
  return run;
}

/** @returns {Promise<Buffer | undefined>} */
async function readPage(/** @type {string} */ file) {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Temp file in the same folder (so rename stays on one file system), written and flushed, then
 * renamed over the page; the folder is flushed too so the rename itself survives a crash.
 * @param {string} file
 * @param {Buffer} bytes
 */
async function replaceFileAtomically(file, bytes) {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
  try {
    const handle = await fs.open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

/** Not every platform can open a folder for fsync (Windows cannot); the rename is done either way. */
async function syncDirectory(/** @type {string} */ dir) {
  let handle;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Best effort: see above.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * The whole body up to `limit` bytes, or why there is none.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<{ kind: 'ok', bytes: Buffer } | { kind: 'too-large' } | { kind: 'aborted' }>}
 */
function readBody(req, limit) {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve({ kind: 'too-large' });
  }
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let received = 0;
    let settled = false;
    const settle = (/** @type {any} */ result) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (/** @type {Buffer} */ chunk) => {
      received += chunk.length;
      if (received > limit) {
        chunks.length = 0;
        req.pause();
        settle({ kind: 'too-large' });
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => settle({ kind: 'ok', bytes: Buffer.concat(chunks) }));
    req.on('error', () => settle({ kind: 'aborted' }));
    req.on('aborted', () => settle({ kind: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) settle({ kind: 'aborted' });
    });
  });
}
