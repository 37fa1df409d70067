import type { PageBackend } from './page-backend.js';

/** A backend call that threw: the handler answers 503 for these, and lets its own bugs surface as bugs. */
export class BackendFailure extends Error {
  override readonly name = 'BackendFailure';
  constructor(operation: string, cause: unknown) {
    super(`dddk/server: the page backend's ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

async function guarded<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new BackendFailure(operation, error);
  }
}

/** The backend with every failure marked as the backend's. */
export function guardBackend(backend: PageBackend): PageBackend {
  return {
    read: (id) => guarded('read', () => backend.read(id)),
    compareAndSwap: (id, expectedEtag, html) => guarded('compareAndSwap', () => backend.compareAndSwap(id, expectedEtag, html)),
    seed: (id, html) => guarded('seed', () => backend.seed(id, html)),
  };
}
