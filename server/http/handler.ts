/**
 * What a runtime knows about a request that the request itself does not say. Node's adapter fills
 * `clientAddress` from the socket; Deno, Bun and Workers have their own ways (see the README).
 */
export interface RequestContext {
  /** The peer's address as the runtime saw it; never read from a header unless the host trusts its proxy. */
  readonly clientAddress?: string;
}

/** A Web-standard handler: mounts in Node (through the adapter), Next.js, Hono, Deno, Bun and Workers. */
export type DddkHandler = (request: Request, context?: RequestContext) => Promise<Response>;
