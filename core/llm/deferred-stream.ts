import type { StreamEvent } from './types.js';

/**
 * A stream whose protocol code is fetched when iteration starts. A failed load surfaces from the
 * first `next()`, like every other failure of a stream.
 */
export async function* deferStream<Wire>(load: () => Promise<Wire>, start: (wire: Wire) => AsyncIterable<StreamEvent>): AsyncGenerator<StreamEvent, void, undefined> {
  const wire = await load();
  yield* start(wire);
}

/** Imports a provider's protocol module; a failure is not cached (`forget`), so a later call retries. */
export function loadWire<Wire>(importWire: () => Promise<Wire>, what: string, forget: () => void): Promise<Wire> {
  return importWire().catch((cause: unknown) => {
    forget();
    throw new Error(`dddk: could not load the code of ${what}. When using dddk.min.js, serve its chunks/ folder next to it.`, { cause });
  });
}
