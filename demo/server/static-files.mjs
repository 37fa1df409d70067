// Serves files from a directory without ever leaving it: the request path is decoded once, and any
// `..`, encoded separator, backslash, NUL, drive letter or dotfile is refused before the disk is touched.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sendText } from './http-replies.mjs';

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

/** @param {string} filePath */
export function contentTypeFor(filePath) {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * @typedef {{ kind: 'file', segments: string[] } | { kind: 'refused', reason: string } | { kind: 'hidden' }} PathCheck
 */

/**
 * Checks a still-percent-encoded URL path (relative to a mount point) and splits it into safe segments.
 * @param {string} encodedPath
 * @returns {PathCheck}
 */
export function checkRequestPath(encodedPath) {
  // Encoded separators and NUL would become new path syntax after decoding; no real file needs them.
  if (/%(2f|5c|00)/i.test(encodedPath)) return { kind: 'refused', reason: 'encoded separator or NUL in the path' };
  let decoded;
  try {
    decoded = decodeURIComponent(encodedPath);
  } catch {
    return { kind: 'refused', reason: 'malformed percent-encoding in the path' };
  }
  if (/[\\\0]/.test(decoded)) return { kind: 'refused', reason: 'backslash or NUL in the path' };
  if (/^[a-z]:/i.test(decoded.replace(/^\/+/, ''))) return { kind: 'refused', reason: 'drive letter in the path' };
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    return { kind: 'refused', reason: 'dot segment in the path' };
  }
  if (segments.some((segment) => segment.startsWith('.'))) return { kind: 'hidden' };
  return { kind: 'file', segments };
}

/**
 * Whether `candidate` is `root` itself or inside it (both absolute and resolved).
 * @param {string} root
 * @param {string} candidate
 */
function isInside(root, candidate) {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * Whether an ETag from `If-None-Match` matches the current one (weak comparison, as for GET).
 * @param {string | undefined} header
 * @param {string} etag
 */
function etagMatches(header, etag) {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === bare;
  });
}

/**
 * Streams one file with its content type, a weak ETag and `Cache-Control: no-cache` (always revalidate:
 * the kit and the site change on every build, and a stale bundle is the worst dev-server bug).
 * Answers 404 when the file does not exist or is a directory.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ rootDir: string, segments: string[], notFoundHint?: string }} target
 */
export async function serveFile(req, res, { rootDir, segments, notFoundHint }) {
  const notFound = () =>
    sendText(res, 404, `Not found: ${req.url?.split('?')[0]}${notFoundHint ? ` (${notFoundHint})` : ''}`);
  const root = path.resolve(rootDir);
  const filePath = path.resolve(root, ...segments);
  if (!isInside(root, filePath)) return sendText(res, 400, 'Refused path: it leaves the served directory.');

  let realFile;
  let info;
  try {
    // A symlink inside the root must not lead outside it.
    const [realRoot, resolvedFile] = await Promise.all([realpath(root), realpath(filePath)]);
    if (!isInside(realRoot, resolvedFile)) return sendText(res, 400, 'Refused path: it leaves the served directory.');
    realFile = resolvedFile;
    info = await stat(realFile);
  } catch {
    return notFound();
  }
  if (!info.isFile()) return notFound();

  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers = {
    'content-type': contentTypeFor(realFile),
    'cache-control': 'no-cache',
    etag,
    'last-modified': info.mtime.toUTCString(),
    'x-content-type-options': 'nosniff',
  };
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': String(info.size) });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    await pipeline(createReadStream(realFile), res);
  } catch {
    // The browser went away mid-file, or the file vanished after stat: nothing left to answer.
    res.destroy();
  }
}
