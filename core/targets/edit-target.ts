/**
 * The port between an editing agent and whatever it edits: a file tree, regions of one HTML page,
 * or anything a host can split into named text parts. The apply loop and the history work against
 * this interface only.
 */

/** A part's handle. Only ids returned by `listParts` may be named by a model. */
export type PartId = string;

/** One editable part as offered to a model: its handle and optional descriptions, never its content. */
export interface PartRef {
  readonly id: PartId;
  /** Host-written text for people and prompts. Render it as text, never as markup. */
  readonly label?: string;
  /** A free category such as a language or a region's purpose; the apply loop ignores it. */
  readonly role?: string;
}

/**
 * Every part's content at one moment. Plain frozen data, so it can be kept, compared, cloned or
 * persisted; it never holds live objects of the target.
 */
export interface Snapshot {
  readonly id: string;
  /** Content keyed by part id. A null-prototype record, so ids such as `__proto__` are plain keys. */
  readonly parts: Readonly<Record<PartId, string>>;
}

/** Why a target refused a change, for the host; the refusal's `message` says it for the model. */
export type ValidationCode =
  /** The part is not one the target publishes. */
  | 'unknown-part'
  /** The part's id is not an acceptable path. */
  | 'invalid-path'
  /** The content is not text. */
  | 'invalid-content'
  | 'too-large'
  /** The content holds markup the target does not allow. */
  | 'disallowed-markup'
  /** The whole, with the change, would no longer be what it must be (a page outside its region, its regions). */
  | 'breaks-page'
  /** A heading (the region's own, or one the content holds) would have nothing to say. */
  | 'empty-heading'
  /** List items (`<li>`) would stand outside any list. */
  | 'list-item-outside-list'
  /** The part cannot be edited right now. */
  | 'unavailable'
  /** A host's own check refused it. */
  | 'rejected';

/** A target's verdict on a prospective change. A refusal's `message` is read by the model next turn. */
export type ValidationResult = { readonly ok: true } | { readonly ok: false; readonly code: ValidationCode; readonly message: string };

/** One edit as a model proposes it. */
export interface EditRequest {
  readonly id: PartId;
  readonly content: string;
}

export interface EditTarget {
  /** The allowlist: the only parts a model may read or write. */
  listParts(): Promise<readonly PartRef[]>;
  readPart(args: { readonly id: PartId }): Promise<string>;
  /** Writes a part, creating it when absent. Model edits reach it only through `applyEdit(s)`. */
  replacePart(args: EditRequest): Promise<void>;
  snapshot(): Promise<Snapshot>;
  /** Puts every part back to the snapshot's content, byte for byte. */
  restore(args: { readonly snapshot: Snapshot }): Promise<void>;
  /**
   * Judges the whole artifact as it would be with `id` replaced by `content`, because a part that
   * looks fine alone can still break what surrounds it.
   */
  validate(candidate: EditRequest): Promise<ValidationResult>;
}
