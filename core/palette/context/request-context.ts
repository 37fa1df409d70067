/**
 * What goes to the agent with a visitor's request: plain data, so a host can also build it by hand
 * or pass it to a handler of its own. `controller.startAgent(task, { context })` checks it here.
 */

export interface RequestImage {
  /** A `data:image/…` URL, or an `https:` URL. */
  url: string;
  /** `upload` (a file the visitor chose) or `capture` (an area of the page). */
  source: 'upload' | 'capture';
  name?: string;
}

export interface RequestContext {
  /** The text the visitor had selected. */
  selection?: string;
  /** One line per pinned element (tag, role, name, text excerpt). */
  elements?: string[];
  images?: RequestImage[];
}

/** Bounds that keep a hand-built context from flooding the prompt. */
export const REQUEST_CONTEXT_LIMITS = Object.freeze({ selectionLength: 4_000, elements: 10, elementLength: 400, images: 10 });

const IMAGE_URL = /^(data:image\/(png|jpeg|webp|gif);base64,|https:\/\/)/i;

/** The context, checked: throws a TypeError naming the field at fault. Empty fields are dropped. */
export function checkRequestContext(value: unknown, where: string): RequestContext {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`${where} must be an object { selection?, elements?, images? } such as paletteContext.toContext() returns`);
  }
  const input = value as Record<string, unknown>;
  const out: RequestContext = {};
  if (input.selection !== undefined) {
    if (typeof input.selection !== 'string') throw new TypeError(`${where}.selection must be a string`);
    const text = input.selection.trim().slice(0, REQUEST_CONTEXT_LIMITS.selectionLength);
    if (text) out.selection = text;
  }
  if (input.elements !== undefined) {
    if (!Array.isArray(input.elements) || input.elements.some((line) => typeof line !== 'string')) {
      throw new TypeError(`${where}.elements must be an array of strings`);
    }
    if (input.elements.length > REQUEST_CONTEXT_LIMITS.elements) {
      throw new TypeError(`${where}.elements has ${input.elements.length} entries; at most ${REQUEST_CONTEXT_LIMITS.elements} are allowed`);
    }
    const lines = (input.elements as string[]).map((line) => line.trim().slice(0, REQUEST_CONTEXT_LIMITS.elementLength)).filter(Boolean);
    if (lines.length) out.elements = lines;
  }
  if (input.images !== undefined) {
    if (!Array.isArray(input.images)) throw new TypeError(`${where}.images must be an array of { url, source }`);
    if (input.images.length > REQUEST_CONTEXT_LIMITS.images) {
      throw new TypeError(`${where}.images has ${input.images.length} entries; at most ${REQUEST_CONTEXT_LIMITS.images} are allowed`);
    }
    const images = input.images.map((image: unknown, index) => checkImage(image, `${where}.images[${index}]`));
    if (images.length) out.images = images;
  }
  return out;
}

function checkImage(value: unknown, where: string): RequestImage {
  const image = value as Partial<RequestImage> | null;
  if (!image || typeof image !== 'object' || typeof image.url !== 'string' || !IMAGE_URL.test(image.url)) {
    throw new TypeError(`${where}.url must be a data:image/(png|jpeg|webp|gif);base64 URL or an https: URL`);
  }
  if (image.source !== 'upload' && image.source !== 'capture') throw new TypeError(`${where}.source must be "upload" or "capture"`);
  const out: RequestImage = { url: image.url, source: image.source };
  if (typeof image.name === 'string' && image.name) out.name = image.name;
  return out;
}

/** True when the context carries nothing. */
export function isEmptyRequestContext(context: RequestContext): boolean {
  return !context.selection && !context.elements?.length && !context.images?.length;
}
