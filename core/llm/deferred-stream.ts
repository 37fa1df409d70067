import type { StreamEvent } from './types.js';

/**
 * A stream whose protocol code is fetched when iteration starts. A failed load surfaces from the
 * first `next()`, like every other failure of a stream.
 */
export async function* deferStream<Wire>(load: () => Promise<Wire>, start: (wire: Wire) => AsyncIterable<StreamEvent>): AsyncGenerator<StreamEvent, void, undefined> {
  const wire = await load();
  yield* start(wire);
}
