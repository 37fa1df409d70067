/**
 * The context that travels with a visitor's free-text request: the text they had selected, elements
 * they pinned, images they attached or captured. Each piece is a chip the visitor can see and remove.
 */
import type { RequestContext } from './request-context.js';

/** The image formats every vision model reads. */
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

/** What the page layer tells about a pinned element; every field is plain text. */
export interface ElementDescription {
  /** The tag name, lower case (`button`, `section`, `my-widget`). */
  tag: string;
  /** The explicit role, or the one the tag implies. */
  role?: string;
  /** The accessible name, as a screen reader would read it. */
  name?: string;
  /** The start of the element's visible text. */
  excerpt?: string;
}

/**
 * A pinned element as the model sees it: a description, and optionally a way to learn that the
 * element left the document (the page layer's `watchDisconnect`) and an identity to avoid pinning
 * the same element twice.
 */
export interface PinnedElementSource {
  description: ElementDescription;
  /** Calls `onGone` once the element is no longer in the document; returns a function that stops watching. */
  watch?: (onGone: () => void) => () => void;
  /** Any value identifying the element (the element itself): pinning it again returns the existing chip. */
  target?: unknown;
}

export interface SelectionChip {
  readonly id: string;
  readonly kind: 'selection';
  /** The selected text, cut to the model's `maxSelectionLength`. */
  readonly text: string;
  /** True when the text was longer and got cut. */
  readonly truncated: boolean;
}

export interface ElementChip {
  readonly id: string;
  readonly kind: 'element';
  readonly description: ElementDescription;
  /** The element left the document: the chip stays visible as gone and is not sent. */
  readonly gone: boolean;
}

export type ImageSource = 'upload' | 'capture';

export interface ImageChip {
  readonly id: string;
  readonly kind: 'image';
  /** A `data:` URL. */
  readonly url: string;
  readonly mediaType: ImageMediaType;
  /** Size of the decoded image in bytes. */
  readonly bytes: number;
  readonly source: ImageSource;
  /** The file name of an upload. */
  readonly name?: string;
}

export type ContextErrorReason = 'too-large' | 'unsupported-type' | 'too-many' | 'unreadable' | 'capture-failed';

/** Something the visitor tried to add and could not: shown as a chip with the reason until dismissed. */
export interface ErrorChip {
  readonly id: string;
  readonly kind: 'error';
  readonly reason: ContextErrorReason;
  /** The file involved, when there was one. */
  readonly name?: string;
  /** Technical detail (an exception's message), for a tooltip or a log; never required to understand the chip. */
  readonly detail?: string;
}

export type ContextChip = SelectionChip | ElementChip | ImageChip | ErrorChip;
export type ContextChipKind = ContextChip['kind'];

/** The last change, for a live region to announce. `seq` grows with every change. */
export interface ContextChange {
  readonly seq: number;
  readonly type: 'added' | 'removed' | 'gone' | 'cleared';
  readonly chip?: ContextChip;
}

export interface PaletteContextState {
  readonly chips: readonly ContextChip[];
  readonly change?: ContextChange;
  /** Image reads or captures under way. */
  readonly pending: number;
}

export interface PaletteContextModelOptions {
  /** At most this many images at once (uploads and captures together). Default 4, at most 10. */
  maxImages?: number;
  /** An image larger than this many bytes is refused. Default 5 MB. */
  maxImageBytes?: number;
  /** Selected text is cut to this many characters. Default 4000. */
  maxSelectionLength?: number;
  /** At most this many pinned elements. Default 5. */
  maxElements?: number;
  /** Receives what a listener threw; the other listeners still run. Default: `console.error`. */
  onListenerError?: (error: unknown) => void;
}

/** A file as a file input hands it over (a `File`), or any `Blob` with an optional name. */
export type ImageFileLike = Blob & { readonly name?: string };

export interface PaletteContextModel {
  /** The same as `getState()`. */
  readonly state: PaletteContextState;
  /** The chips as they are now (a frozen snapshot). */
  getState(): PaletteContextState;
  readonly chips: readonly ContextChip[];
  readonly limits: Readonly<Required<Omit<PaletteContextModelOptions, 'onListenerError'>>>;
  /** True when at least one chip would be sent (errors and gone elements are not). */
  readonly hasContext: boolean;
  /** True while another image can be added. */
  readonly canAddImage: boolean;
  /** Sets the selected text, replacing an earlier selection chip; blank text removes it. */
  setSelection(text: string): SelectionChip | undefined;
  /** Pins an element; an error chip when too many are pinned. */
  pinElement(source: PinnedElementSource): ElementChip | ErrorChip;
  /** Checks a file (type by its bytes, size, count) and adds it; a refusal becomes an error chip. Never rejects. */
  addImageFile(file: ImageFileLike): Promise<ImageChip | ErrorChip>;
  /** Adds an image given as a `data:` URL (a capture); checked like a file. */
  addImageUrl(url: string, options?: { source?: ImageSource; name?: string }): ImageChip | ErrorChip;
  /**
   * Runs a capture (`capture` resolves to a `data:` URL, or null when the visitor cancelled) and adds
   * its image; a failure becomes an error chip. Never rejects; resolves undefined on cancel.
   */
  captureImage(capture: () => Promise<string | null>): Promise<ImageChip | ErrorChip | undefined>;
  /** Shows an error chip, e.g. for a failure the caller met itself. */
  reportError(reason: ContextErrorReason, options?: { name?: string; detail?: string }): ErrorChip;
  /** Removes a chip; false when there is none with that id. */
  remove(id: string): boolean;
  /** Removes the newest chip (Backspace in an empty input); false when there is none. */
  removeLast(): boolean;
  /** Removes every chip and stops watching pinned elements. */
  clear(): void;
  subscribe(listener: (state: PaletteContextState) => void): () => void;
  /** What goes to the agent with the request: selection, live pinned elements, images. */
  toContext(): RequestContext;
}
