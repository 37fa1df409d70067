/** Patterns of credentials in text an upstream wrote, whichever key they belong to. */
const CREDENTIAL_PATTERNS: readonly RegExp[] = [
  /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{12,}/g,
  /\bAIza[0-9A-Za-z_-]{20,}/g,
  /\b(?:gh[pousr]|xox[abpr])[-_][A-Za-z0-9_-]{10,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/-]{8,}=*/gi,
  /([?&](?:key|api[_-]?key|token|access_token|sig)=)[^&\s"'<>]+/gi,
  /(\/\/)[^/\s:@"']+:[^/\s@"']+@/g,
];

const REDACTED = '[redacted]';

/**
 * `text` with every known secret and anything shaped like a credential replaced, so an upstream that
 * echoes the key in an error (some do, in 401s) cannot hand it to the browser.
 */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let scrubbed = text;
  for (const secret of secrets) if (scrubbed.includes(secret)) scrubbed = scrubbed.split(secret).join(REDACTED);
  for (const pattern of CREDENTIAL_PATTERNS) {
    scrubbed = scrubbed.replace(pattern, (match, keep?: unknown) => (typeof keep === 'string' && match.startsWith(keep) ? `${keep}${REDACTED}` : REDACTED));
  }
  return scrubbed;
}
