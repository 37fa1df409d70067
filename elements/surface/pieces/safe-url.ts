import { checkUrl, type UrlKind } from '../../../core/surface/url-policy.js';

/**
 * The URL if the policy allows it for `kind`, else `undefined`. The model already checked it when
 * the surface was validated or the data bound; checking again here keeps a renderer safe on its own.
 */
export function safeUrl(value: unknown, kind: UrlKind): string | undefined {
  return typeof value === 'string' && checkUrl(value, kind) === undefined ? value : undefined;
}
