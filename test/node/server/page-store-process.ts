// One page store server process over a shared folder, for the multi-process tests:
// `node --import tsx page-store-process.ts <dir>` prints `listening <port>` and serves until stdin closes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPageStoreHandler } from '../../../server/index.js';
import { filePageBackend, toNodeListener } from '../../../server/node/index.js';
import { editorAuthorize } from './page-fixtures.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: page-store-process.ts <pages folder>');
const backend = filePageBackend({ dir });
await backend.ready;
const server = http.createServer(toNodeListener(createPageStoreHandler({ backend, authorize: editorAuthorize }), { onError: (error) => console.error(error) }));
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`));
process.stdin.resume();
process.stdin.on('end', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
