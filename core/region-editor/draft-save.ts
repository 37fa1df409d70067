import { applyEdit } from '../targets/apply-edit.js';
import type { EditHistory } from '../targets/edit-history.js';
import type { EditTarget, ValidationCode, ValidationResult } from '../targets/edit-target.js';
import { StaleWriteError } from '../targets/stores/store-errors.js';
import type { PinnedDocumentStore } from './pinned-document-store.js';

export interface DraftSaveDeps {
  readonly target: EditTarget;
  readonly history: EditHistory;
  readonly store: PinnedDocumentStore;
  readonly sanitize: (html: string) => Promise<string>;
}

/** Written, refused (with the target's reason and code), or failed in the store (whose error the caller reads). */
export interface DraftSaveOutcome {
  readonly ok: boolean;
  readonly refusal?: string;
  readonly code?: ValidationCode;
}

/**
 * Writes a typed draft as the page keeps it: what is validated and written is the sanitized draft,
 * the very markup the page then shows. A draft the sanitizer would change is first checked as
 * typed, so that a refusal names what the person wrote (a script, an unclosed tag) instead of
 * saving a silently different version. A stale write throws the store's StaleWriteError.
 */
export async function saveDraft(deps: DraftSaveDeps, id: string, draft: string): Promise<DraftSaveOutcome> {
  const { target, history, store } = deps;
  const content = await deps.sanitize(draft);
  if (content !== draft) {
    const typed = await target.validate({ id, content: draft });
    if (!typed.ok) return { ok: false, refusal: `The edit of ${JSON.stringify(id)} was refused: ${typed.message}`, code: typed.code };
  }
  // The target's own verdict is kept: its code says what the person is told.
  let verdict: ValidationResult | undefined;
  const watched: EditTarget = { ...target, validate: async (edit) => (verdict = await target.validate(edit)) };
  await history.record(`edit ${id}`);
  const outcome = await applyEdit(watched, { id, content });
  await history.commit(`edit ${id}`);
  if (outcome.applied) return { ok: true };
  if (outcome.code === 'target-failed') {
    const failure = store.takeWriteError();
    if (failure instanceof StaleWriteError) throw failure;
    return failure === undefined ? { ok: false, refusal: outcome.message } : { ok: false };
  }
  const code = verdict && !verdict.ok ? verdict.code : outcome.code === 'unknown-part' || outcome.code === 'too-large' ? outcome.code : undefined;
  return code === undefined ? { ok: false, refusal: outcome.message } : { ok: false, refusal: outcome.message, code };
}
