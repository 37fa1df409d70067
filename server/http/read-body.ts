/** A request body read up to a limit, or why it was not. */
export type BodyRead =
  | { readonly kind: 'ok'; readonly bytes: Uint8Array }
  | { readonly kind: 'too-large'; readonly limit: number }
  | { readonly kind: 'aborted' };

/**
 * Reads a body chunk by chunk and stops at `limit` bytes: a declared length over the limit is refused
 * before a byte is read, and a body that keeps coming is cancelled as soon as it passes the limit, so
 * no request holds more than `limit` bytes in memory.
 */
export async function readBodyWithLimit(request: Request, limit: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => undefined);
    return { kind: 'too-large', limit };
  }
  if (!request.body) return { kind: 'ok', bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > limit) {
        chunks.length = 0;
        await reader.cancel().catch(() => undefined);
        return { kind: 'too-large', limit };
      }
      chunks.push(value);
    }
  } catch {
    return { kind: 'aborted' };
  }
  return { kind: 'ok', bytes: concatBytes(chunks, received) };
}

function concatBytes(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The media type of a Content-Type header, lowercased, without parameters. */
export function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
}
