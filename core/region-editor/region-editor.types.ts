import type { LLMProvider } from '../llm/types.js';
import type { HtmlRegionParser } from '../targets/html/region-parser.types.js';
import type { DocumentStore } from '../targets/stores/document-store.js';
import type { PartRef, ValidationCode } from '../targets/edit-target.js';
import type { ReadableStore } from '../util/create-store.js';
import type { DiffHunk } from './text-diff.js';

export type { DiffHunk } from './text-diff.js';

/**
 * - `loading`: the document is being read.
 * - `unavailable`: it could not be read; `notice` says why, `reload()` tries again.
 * - `idle`: regions are listed; one may be selected.
 * - `streaming`: the model is writing a proposal for the selected region.
 * - `review`: a validated proposal waits for accept, reject or refine.
 * - `manual`: the selected region's HTML source is open for direct editing.
 * - `saving`: an accepted proposal, a manual edit, an undo or a redo is being written.
 */
export type RegionEditorPhase = 'loading' | 'unavailable' | 'idle' | 'streaming' | 'review' | 'manual' | 'saving';

export type RegionEditorNoticeKind =
  /** A change was written (`detail` names the region). */
  | 'applied'
  | 'rejected'
  | 'undone'
  | 'redone'
  | 'reloaded'
  /** The target refused the content; `detail` is its reason. */
  | 'refused'
  /** The document changed elsewhere since it was loaded; nothing was written. */
  | 'conflict'
  /** Something failed (the model, the store, a load); `detail` says what. */
  | 'failed'
  | 'stopped';

export interface RegionEditorNotice {
  readonly kind: RegionEditorNoticeKind;
  /** For the host and its logs, not for the visitor: a refusal's reason is the one written for the model. */
  readonly detail?: string;
  /** For `refused`: the target's code, which decides what the visitor is told (absent when no check gave one). */
  readonly code?: ValidationCode;
  /** Grows with each notice, so a view can tell a repeated notice from the same one. */
  readonly sequence: number;
}

/** Why the document's content changed. */
export type RegionChangeCause = 'load' | 'reload' | 'accept' | 'manual' | 'undo' | 'redo';

/** The regions whose content changed, with their new source, so a view can re-render only those. */
export interface RegionChanges {
  readonly revision: number;
  readonly cause: RegionChangeCause;
  readonly regions: readonly { readonly id: string; readonly content: string }[];
}

/**
 * Why the target refused a proposal or an edit: `message` is written for the model (it names the
 * region's id and quotes markup), `code` decides what a person is told.
 */
export interface RegionEditorRefusal {
  readonly code: ValidationCode | undefined;
  readonly message: string;
}

export interface RegionProposal {
  readonly id: string;
  readonly before: string;
  readonly content: string;
}

export interface RegionEditorState {
  readonly phase: RegionEditorPhase;
  /** The regions of the document, in document order. Labels are page text: show them as text. */
  readonly regions: readonly PartRef[];
  readonly selectedId: string | undefined;
  readonly instruction: string;
  /** The proposal's content as far as it has streamed in. */
  readonly streamText: string;
  /** Which proposal of the current request is streaming (1 for the first, 2 after a refusal, …). */
  readonly attempt: number;
  readonly proposal: RegionProposal | undefined;
  /** Old → new, word by word, of the proposal under review. */
  readonly diff: readonly DiffHunk[];
  /** The target's refusals of proposals of the current request, oldest first. */
  readonly refusals: readonly RegionEditorRefusal[];
  readonly notice: RegionEditorNotice | undefined;
  /** The document changed elsewhere: writes are refused until `reload()`. */
  readonly conflict: boolean;
  /** The HTML source being edited in `manual` phase. */
  readonly draft: string;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** A model is configured, so proposals can be asked for; without one only manual edits are offered. */
  readonly aiAvailable: boolean;
  readonly changes: RegionChanges | undefined;
}

export interface RegionEditorModelOptions {
  /** Where the HTML document lives. */
  store: DocumentStore;
  /**
   * A region's content as the page keeps it: in a browser, `sanitizeRegionHtml` (the live page's sanitizer).
   * Proposals and drafts are validated, shown and stored as it returns them; its rejection refuses them.
   */
  sanitize: (html: string) => Promise<string>;
  /** The model that writes proposals; without it only manual edits are offered. */
  llm?: LLMProvider | undefined;
  /** Defaults to the parse5 region parser. */
  parser?: HtmlRegionParser;
  /** Proposals per request before it ends refused. Default 3. */
  maxAttempts?: number;
  /** Host instructions for the model, before the built-in ones. */
  system?: string;
  llmTimeoutMs?: number;
  /** How many changes can be undone. Default 50. */
  historyLimit?: number;
}

/** `getState()` gives the frozen current state; `subscribe` hears every change. */
export interface RegionEditorModel extends ReadableStore<RegionEditorState> {
  /** Reads the document and lists its regions; the first call renders them (`changes.cause` = `load`). */
  load(): Promise<void>;
  /** Reads the document again, e.g. after a conflict; the undo history is cleared, since it belongs to the old version. */
  reload(): Promise<void>;
  setLLM(llm: LLMProvider | undefined): void;
  /** Selects a region (undefined clears); a proposal under review is rejected first. */
  select(id: string | undefined): void;
  setInstruction(text: string): void;
  /** Asks the model for a proposal for the selected region (or `id`), with `instruction` or the current one. */
  propose(instruction?: string, id?: string): Promise<void>;
  /** Asks for a new proposal that takes `text` into account, continuing the conversation. */
  refine(text: string): Promise<void>;
  /** Stops a streaming proposal. */
  stop(): void;
  accept(): Promise<void>;
  reject(): void;
  undo(): Promise<void>;
  redo(): Promise<void>;
  /** Opens the selected region's (or `id`'s) HTML source for direct editing. */
  startManualEdit(id?: string): Promise<void>;
  setDraft(text: string): void;
  /** Validates and writes the draft; on a refusal the draft stays as typed. */
  saveManualEdit(): Promise<void>;
  cancelManualEdit(): void;
  /** The whole document as the store holds it now. */
  readDocument(): Promise<string>;
  /** Stops any request and drops the listeners. */
  destroy(): void;
}
