import type { EditRequest, EditTarget, PartId } from './edit-target.js';

/** Why an edit was not applied: `message` is for the model, `code` and `error` are for the host. */
export type EditRefusalCode =
  | 'malformed-edit'
  | 'unknown-part'
  | 'too-large'
  | 'too-many-edits'
  | 'invalid'
  | 'target-failed'
  | 'restore-failed';

export type ApplyOutcome =
  | { readonly applied: true; readonly id: PartId }
  | {
      readonly applied: false;
      readonly id: PartId | undefined;
      readonly code: EditRefusalCode;
      readonly message: string;
      /** The thrown value when the target itself failed; never shown to the model. */
      readonly error?: unknown;
    };

export type BatchOutcome =
  | { readonly applied: true; readonly count: number }
  | {
      readonly applied: false;
      /** Position in the batch of the edit that failed, or -1 when the batch itself was refused. */
      readonly failedIndex: number;
      readonly id: PartId | undefined;
      readonly code: EditRefusalCode;
      readonly message: string;
      readonly error?: unknown;
      /** False only when putting the earlier edits back also failed; the host must then intervene. */
      readonly restored: boolean;
    };

export interface ApplyOptions {
  /** Largest accepted content, in UTF-16 code units. Default 512 KiB worth. */
  readonly maxContentLength?: number;
  /** Largest accepted batch for `applyEdits`. Default 100. */
  readonly maxEdits?: number;
}

const DEFAULT_MAX_CONTENT_LENGTH = 512 * 1024;
const DEFAULT_MAX_EDITS = 100;
const LISTED_IDS_IN_MESSAGE = 20;

type Refusal = Extract<ApplyOutcome, { applied: false }>;

/** Quotes model text for a message: escaped, and cut short so a huge id cannot flood the next turn. */
function quote(value: string): string {
  const shown = value.length > 120 ? `${value.slice(0, 120)}…` : value;
  return JSON.stringify(shown);
}

function refuse(id: PartId | undefined, code: EditRefusalCode, message: string, error?: unknown): Refusal {
  return error === undefined ? { applied: false, id, code, message } : { applied: false, id, code, message, error };
}

function positiveLimit(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`dddk: ApplyOptions.${field} must be a positive integer, got ${String(value)}.`);
  }
  return value;
}

async function publishedIds(target: EditTarget): Promise<ReadonlySet<PartId> | Refusal> {
  try {
    return new Set((await target.listParts()).map((part) => part.id));
  } catch (error) {
    return refuse(undefined, 'target-failed', 'The editable parts could not be listed, so no edit was made. Try again later.', error);
  }
}

/** Checks shape, size and the allowlist: everything that needs no look at the content's meaning. */
function screen(edit: unknown, allowed: ReadonlySet<PartId>, maxContentLength: number): EditRequest | Refusal {
  if (typeof edit !== 'object' || edit === null) {
    return refuse(undefined, 'malformed-edit', 'An edit must be an object with a string "id" and a string "content".');
  }
  const { id, content } = edit as { id?: unknown; content?: unknown };
  if (typeof id !== 'string') {
    return refuse(undefined, 'malformed-edit', 'The edit has no string "id". Name one of the parts you were given.');
  }
  if (!allowed.has(id)) {
    const ids = [...allowed];
    const listed = ids.slice(0, LISTED_IDS_IN_MESSAGE).map(quote).join(', ');
    const more = ids.length > LISTED_IDS_IN_MESSAGE ? `, and ${ids.length - LISTED_IDS_IN_MESSAGE} more` : '';
    const offer = ids.length === 0 ? 'No part is editable right now.' : `The editable parts are: ${listed}${more}.`;
    return refuse(id, 'unknown-part', `There is no editable part ${quote(id)}. ${offer} Use one of these ids exactly.`);
  }
  if (typeof content !== 'string') {
    return refuse(id, 'malformed-edit', `The edit of ${quote(id)} has no string "content". Send the part's full new text.`);
  }
  if (content.length > maxContentLength) {
    return refuse(
      id,
      'too-large',
      `The new content of ${quote(id)} is ${content.length} characters; the limit is ${maxContentLength}. Send a shorter version.`,
    );
  }
  return { id, content };
}

/** Validates then writes one screened edit against the target's current state. */
async function validateAndWrite(target: EditTarget, edit: EditRequest): Promise<ApplyOutcome> {
  let verdict;
  try {
    verdict = await target.validate(edit);
  } catch (error) {
    return refuse(edit.id, 'target-failed', `The content for ${quote(edit.id)} could not be checked, so it was not written.`, error);
  }
  if (!verdict.ok) return refuse(edit.id, 'invalid', `The edit of ${quote(edit.id)} was refused: ${verdict.message}`);
  try {
    await target.replacePart(edit);
  } catch (error) {
    return refuse(edit.id, 'target-failed', `Writing ${quote(edit.id)} failed on the host's side; the edit was not kept.`, error);
  }
  return { applied: true, id: edit.id };
}

/**
 * Applies one model-proposed edit: refuses ids the target did not publish, validates, then writes.
 * Model input never makes it throw; only bad `options` (a host mistake) do.
 */
export async function applyEdit(target: EditTarget, edit: EditRequest, options: ApplyOptions = {}): Promise<ApplyOutcome> {
  const maxContentLength = positiveLimit(options.maxContentLength, DEFAULT_MAX_CONTENT_LENGTH, 'maxContentLength');
  const allowed = await publishedIds(target);
  if (!(allowed instanceof Set)) return allowed as Refusal;
  const screened = screen(edit, allowed, maxContentLength);
  if ('applied' in screened) return screened;
  return validateAndWrite(target, screened);
}

/**
 * Applies a batch all or nothing. Each edit is validated against the state left by the ones before
 * it; on any refusal or failure the target is restored to its state before the batch.
 */
export async function applyEdits(
  target: EditTarget,
  edits: readonly EditRequest[],
  options: ApplyOptions = {},
): Promise<BatchOutcome> {
  const maxContentLength = positiveLimit(options.maxContentLength, DEFAULT_MAX_CONTENT_LENGTH, 'maxContentLength');
  const maxEdits = positiveLimit(options.maxEdits, DEFAULT_MAX_EDITS, 'maxEdits');
  const batchRefusal = (refusal: Refusal, failedIndex = -1): BatchOutcome => ({ ...refusal, failedIndex, restored: true });

  if (!Array.isArray(edits)) {
    return batchRefusal(refuse(undefined, 'malformed-edit', 'The edits must be a list of {"id", "content"} objects.'));
  }
  if (edits.length > maxEdits) {
    return batchRefusal(
      refuse(undefined, 'too-many-edits', `The batch has ${edits.length} edits; at most ${maxEdits} are accepted at once. Split it.`),
    );
  }
  const allowed = await publishedIds(target);
  if (!(allowed instanceof Set)) return batchRefusal(allowed as Refusal);

  // Shape and allowlist are checked for the whole batch before anything is written.
  const screened: EditRequest[] = [];
  for (const [index, edit] of edits.entries()) {
    const result = screen(edit, allowed, maxContentLength);
    if ('applied' in result) return batchRefusal(result, index);
    screened.push(result);
  }
  if (screened.length === 0) return { applied: true, count: 0 };

  let before;
  try {
    before = await target.snapshot();
  } catch (error) {
    return batchRefusal(refuse(undefined, 'target-failed', 'The current state could not be saved, so no edit was made.', error));
  }

  for (const [index, edit] of screened.entries()) {
    const outcome = await validateAndWrite(target, edit);
    if (outcome.applied) continue;
    try {
      await target.restore({ snapshot: before });
    } catch (error) {
      return {
        ...outcome,
        code: 'restore-failed',
        message: `${outcome.message} Undoing the earlier edits of this batch also failed; stop editing and tell the user.`,
        error,
        failedIndex: index,
        restored: false,
      };
    }
    const earlier = index === 0 ? '' : ` The ${index} earlier edit(s) of this batch were undone; resend the whole batch once fixed.`;
    return { ...outcome, message: `Edit ${index + 1} of ${screened.length}: ${outcome.message}${earlier}`, failedIndex: index, restored: true };
  }
  return { applied: true, count: screened.length };
}
