/**
 * Credentials in text an upstream wrote, whichever key they belong to, in one expression so an event
 * is scanned once: provider keys, tokens, `Bearer …`, key-like query parameters (the name is kept)
 * and `user:password@` in URLs (the `//` is kept).
 */
const CREDENTIALS = new RegExp(
  [
    String.raw`\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{12,}`,
    String.raw`\bAIza[0-9A-Za-z_-]{20,}`,
    String.raw`\b(?:gh[pousr]|xox[abpr])[-_][A-Za-z0-9_-]{10,}`,
    String.raw`\bBearer\s+[A-Za-z0-9._~+/-]{8,}=*`,
    String.raw`([?&](?:key|api[_-]?key|token|access_token|sig)=)[^&\s"'<>]+`,
    String.raw`(\/\/)[^/\s:@"']+:[^/\s@"']+@`,
  ].join('|'),
  'gi',
);

const REDACTED = '[redacted]';

/**
 * `text` with every known secret and anything shaped like a credential replaced, so an upstream that
 * echoes the key in an error (some do, in 401s) cannot hand it to the browser.
 */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let scrubbed = text;
  for (const secret of secrets) if (scrubbed.includes(secret)) scrubbed = scrubbed.split(secret).join(REDACTED);
  return scrubbed.replace(CREDENTIALS, (_match, parameter?: string, slashes?: string) => `${parameter ?? slashes ?? ''}${REDACTED}`);
}
