/**
 * Image bytes and data URLs without the DOM: the format is told by the file's first bytes, not by
 * its name or declared type, so a renamed file cannot pass for an image the model could read.
 */
import type { ImageMediaType } from './palette-context.types.js';

export const ACCEPTED_IMAGE_TYPES: readonly ImageMediaType[] = Object.freeze(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

/** The format of an image from its first bytes (12 are enough); undefined for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageMediaType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

const CHUNK = 0x8000;

/** Standard base64 of some bytes (`btoa` exists in browsers and in Node 20). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += CHUNK) binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  return btoa(binary);
}

export function toDataUrl(bytes: Uint8Array, mediaType: ImageMediaType): string {
  return `data:${mediaType};base64,${toBase64(bytes)}`;
}

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/i;

/** The decoded size and the format (by its first bytes) of a base64 `data:` URL; undefined when it is not one. */
export function readDataUrl(url: string): { mediaType: ImageMediaType | undefined; declared: string; bytes: number } | undefined {
  const match = DATA_URL.exec(url);
  if (!match) return undefined;
  const payload = match[2]!;
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  const bytes = Math.floor((payload.length * 3) / 4) - padding;
  let head: Uint8Array;
  try {
    const binary = atob(payload.slice(0, 16));
    head = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
  return { mediaType: sniffImageType(head), declared: match[1]!.toLowerCase(), bytes };
}
