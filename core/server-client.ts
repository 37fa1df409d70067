// The page's side of dddk/server: the session token its endpoints ask for, and the page store's
// client. The drop-in loads it on demand (`loadServerClient()`), since a page without a server never needs it.
export { createServerSession, ServerSessionError, type ServerSession, type ServerSessionOptions } from './llm/server-session.js';
export { createHttpDocumentStore, type HttpDocumentStoreOptions } from './targets/stores/http-document-store.js';
