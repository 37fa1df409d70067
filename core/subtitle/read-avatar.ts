import { describeValue } from '../util/describe-value.js';
import type { SubtitleAvatar } from './subtitle.types.js';

// Raster images only: an `<img>` never runs script, but a page has no use for a `javascript:` or
// `data:text/html` "avatar" either, and refusing them early names the mistake.
const SAFE_AVATAR_URL = /^(?:https?:\/\/|data:image\/(?:png|jpe?g|gif|webp|avif);base64,|\/(?!\/)|\.{1,2}\/|[\w-][\w./-]*$)/i;

/** Checks a `setAvatar()` value and returns it frozen; initials default to the label's first letters. */
export function readAvatar(value: unknown): SubtitleAvatar {
  const label = 'subtitle.setAvatar(avatar)';
  if (typeof value !== 'object' || value === null) {
    throw new TypeError(`${label}: avatar must be an object { label, src?, initials? } or undefined, got ${describeValue(value)}`);
  }
  const { src, initials, label: name } = value as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '') {
    throw new TypeError(`${label}: avatar.label must be a non-empty string (who the avatar shows, read by screen readers), got ${describeValue(name)}`);
  }
  if (src !== undefined && (typeof src !== 'string' || !SAFE_AVATAR_URL.test(src.trim()))) {
    throw new TypeError(
      `${label}: avatar.src must be an http(s) URL, a relative path or a base64 data:image/png|jpeg|gif|webp|avif URL, got ${describeValue(src)}`,
    );
  }
  if (initials !== undefined && (typeof initials !== 'string' || initials.trim() === '' || [...initials.trim()].length > 3)) {
    throw new TypeError(`${label}: avatar.initials must be one to three characters, got ${describeValue(initials)}`);
  }
  return Object.freeze({
    label: name.trim(),
    initials: typeof initials === 'string' ? initials.trim() : initialsOf(name),
    ...(typeof src === 'string' ? { src: src.trim() } : {}),
  });
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u);
  const letters = words.length > 1 ? words.slice(0, 2).map((word) => [...word][0] ?? '') : [...(words[0] ?? '')].slice(0, 1);
  return letters.join('').toUpperCase();
}
