// dddk/server/node: what only Node (or a runtime with its APIs) can run: mounting a handler on
// node:http, and the file backend that locks pages across processes. dddk/server itself stays
// free of node: modules, so it loads in Workers and Deno as it is.
export { toNodeListener, type NodeListenerOptions } from './node-listener.js';
export { filePageBackend, type FilePageBackendOptions } from '../pages/file-page-backend.js';
