/**
 * `createPaletteContextModel()`: the chips above the palette's input and what they hand to the agent.
 * Everything a visitor can get wrong (a huge file, a PDF, one image too many, a capture that fails)
 * becomes an error chip with a reason; no method throws into the page for it.
 */
import { createStore } from '../../util/create-store.js';
import { elementLine } from './element-line.js';
import { readDataUrl, sniffImageType, toDataUrl } from './image-data.js';
import type {
  ContextChange,
  ContextChip,
  ContextErrorReason,
  ElementChip,
  ErrorChip,
  ImageChip,
  ImageFileLike,
  ImageSource,
  PaletteContextModel,
  PaletteContextModelOptions,
  PaletteContextState,
  SelectionChip,
} from './palette-context.types.js';
import type { RequestContext, RequestImage } from './request-context.js';

export const DEFAULT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function createPaletteContextModel(options: PaletteContextModelOptions = {}): PaletteContextModel {
  const limits = Object.freeze({
    maxImages: bounded(options.maxImages, 4, 1, 10, 'maxImages'),
    maxImageBytes: bounded(options.maxImageBytes, DEFAULT_MAX_IMAGE_BYTES, 1, 50 * 1024 * 1024, 'maxImageBytes'),
    maxSelectionLength: bounded(options.maxSelectionLength, 4_000, 1, 100_000, 'maxSelectionLength'),
    maxElements: bounded(options.maxElements, 5, 1, 10, 'maxElements'),
  });
  let chips: ContextChip[] = [];
  let change: ContextChange | undefined;
  let pending = 0;
  let seq = 0;
  let nextId = 0;
  const store = createStore<PaletteContextState>(
    { chips, pending },
    { name: 'paletteContext', ...(options.onListenerError ? { onListenerError: options.onListenerError } : {}) },
  );
  /** Stops watching each pinned element, by chip id. */
  const watchers = new Map<string, () => void>();
  const targets = new Map<string, unknown>();

  const publish = (type?: ContextChange['type'], chip?: ContextChip) => {
    if (type) change = { seq: ++seq, type, ...(chip ? { chip } : {}) };
    store.setState({ chips, pending, ...(change ? { change } : {}) });
  };

  const add = <Chip extends ContextChip>(chip: Chip): Chip => {
    chips = [...chips, chip];
    publish('added', chip);
    return chip;
  };

  const newId = (kind: string) => `${kind}-${++nextId}`;

  const imageCount = () => chips.filter((chip) => chip.kind === 'image').length + pending;

  const error = (reason: ContextErrorReason, extra: { name?: string; detail?: string } = {}): ErrorChip => {
    const chip: Mutable<ErrorChip> = { id: newId('error'), kind: 'error', reason };
    if (extra.name) chip.name = extra.name;
    if (extra.detail) chip.detail = extra.detail;
    return add(chip);
  };

  const stopWatching = (id: string) => {
    const stop = watchers.get(id);
    watchers.delete(id);
    targets.delete(id);
    try {
      stop?.();
    } catch {
      // A watcher that fails to stop has nothing left to tell the model.
    }
  };

  const markGone = (id: string) => {
    const index = chips.findIndex((chip) => chip.id === id);
    const chip = chips[index];
    if (!chip || chip.kind !== 'element' || chip.gone) return;
    const gone: ElementChip = { ...chip, gone: true };
    chips = chips.map((each, at) => (at === index ? gone : each));
    stopWatching(id);
    publish('gone', gone);
  };

  /** Adds a checked image; `checkCount` is false for a read that already holds its place. */
  const addCheckedImage = (url: string, source: ImageSource, name: string | undefined, checkCount: boolean): ImageChip | ErrorChip => {
    const info = readDataUrl(url);
    const named = name ? { name } : {};
    if (!info) return error('unreadable', { ...named, detail: 'not a base64 data: URL' });
    if (!info.mediaType) return error('unsupported-type', { ...named, detail: `content is not PNG, JPEG, WebP or GIF (declared ${info.declared})` });
    if (info.bytes > limits.maxImageBytes) return error('too-large', { ...named, detail: `${info.bytes} bytes` });
    if (checkCount && imageCount() >= limits.maxImages) return error('too-many', named);
    const chip: Mutable<ImageChip> = { id: newId('image'), kind: 'image', url, mediaType: info.mediaType, bytes: info.bytes, source };
    if (name) chip.name = name;
    return add(chip);
  };

  /** Runs `work` holding one image place, so two reads at once cannot pass the count together. */
  const holdingPlace = async <T>(work: () => Promise<T>): Promise<T> => {
    pending += 1;
    publish();
    try {
      return await work();
    } finally {
      pending -= 1;
      publish();
    }
  };

  const model: PaletteContextModel = {
    get state() {
      return store.getState();
    },
    getState: () => store.getState(),
    get chips() {
      return chips;
    },
    limits,
    get hasContext() {
      return chips.some((chip) => chip.kind !== 'error' && !(chip.kind === 'element' && chip.gone));
    },
    get canAddImage() {
      return imageCount() < limits.maxImages;
    },

    setSelection(text) {
      const flat = typeof text === 'string' ? text.trim() : '';
      const previous = chips.find((chip): chip is SelectionChip => chip.kind === 'selection');
      if (previous) {
        if (previous.text === flat.slice(0, limits.maxSelectionLength)) return previous;
        chips = chips.filter((chip) => chip !== previous);
        if (!flat) {
          publish('removed', previous);
          return undefined;
        }
      }
      if (!flat) return undefined;
      const truncated = flat.length > limits.maxSelectionLength;
      const chip: SelectionChip = { id: newId('selection'), kind: 'selection', text: truncated ? flat.slice(0, limits.maxSelectionLength) : flat, truncated };
      // The selection leads the row: it is what the visitor was looking at when they asked.
      chips = [chip, ...chips];
      publish('added', chip);
      return chip;
    },

    pinElement(source) {
      if (!source || typeof source !== 'object' || !source.description || typeof source.description.tag !== 'string') {
        throw new TypeError('paletteContext.pinElement(source): source must be { description: { tag, role?, name?, excerpt? }, watch?, target? } (describeElement() gives one)');
      }
      if (source.target !== undefined) {
        for (const [id, target] of targets) {
          if (target !== source.target) continue;
          const existing = chips.find((chip): chip is ElementChip => chip.id === id && chip.kind === 'element');
          if (existing && !existing.gone) return existing;
        }
      }
      if (chips.filter((chip) => chip.kind === 'element' && !chip.gone).length >= limits.maxElements) return error('too-many');
      const chip: ElementChip = { id: newId('element'), kind: 'element', description: { ...source.description }, gone: false };
      add(chip);
      if (source.target !== undefined) targets.set(chip.id, source.target);
      if (source.watch) {
        try {
          const stop = source.watch(() => markGone(chip.id));
          // The element may have been gone already, and the watcher said so at once.
          if (chips.some((each) => each.id === chip.id && each.kind === 'element' && !each.gone)) watchers.set(chip.id, stop);
          else stop();
        } catch (cause) {
          console.error('dddk: watching a pinned element failed; its chip will not notice the element leaving', cause);
        }
      }
      return chips.find((each): each is ElementChip => each.id === chip.id) ?? chip;
    },

    async addImageFile(file) {
      const name = fileName(file);
      const named = name ? { name } : {};
      if (!file || typeof (file as Blob).arrayBuffer !== 'function' || typeof file.size !== 'number') {
        return error('unreadable', { detail: 'not a File or Blob' });
      }
      if (imageCount() >= limits.maxImages) return error('too-many', named);
      if (file.size > limits.maxImageBytes) return error('too-large', { ...named, detail: `${file.size} bytes` });
      return holdingPlace(async () => {
        let bytes: Uint8Array;
        try {
          bytes = new Uint8Array(await (file as ImageFileLike).arrayBuffer());
        } catch (cause) {
          return error('unreadable', { ...named, detail: messageOf(cause) });
        }
        const mediaType = sniffImageType(bytes);
        if (!mediaType) return error('unsupported-type', { ...named, detail: `content is not PNG, JPEG, WebP or GIF (declared ${file.type || 'no type'})` });
        return addCheckedImage(toDataUrl(bytes, mediaType), 'upload', name, false);
      });
    },

    addImageUrl(url, options = {}) {
      return addCheckedImage(String(url), options.source ?? 'capture', options.name, true);
    },

    async captureImage(capture) {
      if (imageCount() >= limits.maxImages) return error('too-many');
      return holdingPlace(async () => {
        let url: string | null;
        try {
          url = await capture();
        } catch (cause) {
          return error('capture-failed', { detail: messageOf(cause) });
        }
        if (url === null || url === undefined) return undefined;
        const chip = addCheckedImage(url, 'capture', undefined, false);
        return chip.kind === 'error' && chip.reason === 'unreadable' ? error('capture-failed', { detail: chip.detail ?? '' }) : chip;
      });
    },

    reportError(reason, extra = {}) {
      return error(reason, extra);
    },

    remove(id) {
      const chip = chips.find((each) => each.id === id);
      if (!chip) return false;
      stopWatching(id);
      chips = chips.filter((each) => each !== chip);
      publish('removed', chip);
      return true;
    },

    removeLast() {
      const last = chips.at(-1);
      return last ? model.remove(last.id) : false;
    },

    clear() {
      if (chips.length === 0) return;
      for (const id of [...watchers.keys()]) stopWatching(id);
      targets.clear();
      chips = [];
      publish('cleared');
    },

    subscribe: (listener) => store.subscribe(listener),

    toContext() {
      const context: RequestContext = {};
      const elements: string[] = [];
      const images: RequestImage[] = [];
      for (const chip of chips) {
        if (chip.kind === 'selection') context.selection = chip.text;
        else if (chip.kind === 'element' && !chip.gone) elements.push(elementLine(chip.description));
        else if (chip.kind === 'image') images.push({ url: chip.url, source: chip.source, ...(chip.name ? { name: chip.name } : {}) });
      }
      if (elements.length) context.elements = elements;
      if (images.length) context.images = images;
      return context;
    },
  };
  return model;
}

function bounded(value: number | undefined, fallback: number, min: number, max: number, field: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new RangeError(`createPaletteContextModel(options): options.${field} must be a number from ${min} to ${max}, got ${String(value)}`);
  }
  return Math.floor(value);
}

function fileName(file: ImageFileLike | null | undefined): string | undefined {
  const name = file && typeof file === 'object' ? (file as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name ? name.slice(0, 120) : undefined;
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
