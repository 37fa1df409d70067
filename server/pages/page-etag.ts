const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A strong ETag of a page: its UTF-8 bytes hashed with SHA-256, so equal bytes always give equal
 * tags on every instance. WebCrypto, so it runs in Node, Deno, Bun and Workers alike.
 */
export async function pageEtag(html: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(html));
  return `"${base64url(new Uint8Array(digest))}"`;
}
