import type { PartRef, ValidationCode } from '../targets/edit-target.js';
import { createRegionEditorHandlers, type RegionEditorHandlers, type RegionEditorIntents } from './region-editor.handlers.js';
import { regionEditorStrings, type RegionEditorStrings } from './region-editor.strings.js';
import type { DiffHunk, RegionEditorPhase, RegionEditorState } from './region-editor.types.js';

export interface RegionOptionView {
  readonly id: string;
  /** The region's label (page text, to be rendered as text), or a name made from its handle. */
  readonly label: string;
  readonly role: string | undefined;
  readonly selected: boolean;
  /** Highlighted by the keyboard while the list has focus. */
  readonly active: boolean;
}

/** What a region editor view shows for one state: visible parts, labels, enabled actions and announcements. */
export interface RegionEditorView {
  readonly strings: RegionEditorStrings;
  readonly phase: RegionEditorPhase;
  readonly regions: readonly RegionOptionView[];
  readonly selected: RegionOptionView | undefined;
  /** The list's highlighted option (its `aria-activedescendant`), within the list's bounds. */
  readonly activeIndex: number;
  /** A request or a write is running: aria-busy, and the actions that would race it are off. */
  readonly busy: boolean;
  readonly aiAvailable: boolean;
  /** The instruction form (a model is configured and a region is picked). */
  readonly showInstruction: boolean;
  /** The instruction as typed so far. */
  readonly instruction: string;
  /** The offline note, shown instead of the instruction form when no model is configured. */
  readonly offlineNote: string | undefined;
  readonly showStream: boolean;
  readonly streamText: string;
  readonly showReview: boolean;
  readonly diff: readonly DiffHunk[];
  readonly showManual: boolean;
  readonly draft: string;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly conflict: boolean;
  /** Progress and outcomes, for a polite live region. */
  readonly status: string;
  /** Refusals, conflicts and failures, for an assertive live region. */
  readonly alert: string;
  /** The gestures, keys included, as calls on the model. */
  readonly handlers: RegionEditorHandlers;
}

/** Without intents (a view that only reads), the handlers drive nothing. */
const NO_INTENTS: RegionEditorIntents = {
  model: undefined,
  cursor: () => ({ activeIndex: 0, focusedId: undefined }),
  setCursor: () => undefined,
};

function optionFor(ref: PartRef, strings: RegionEditorStrings, selectedId: string | undefined, active: boolean): RegionOptionView {
  const label = ref.label?.trim() ? ref.label.trim() : strings.unnamedRegion(ref.id);
  return { id: ref.id, label, role: ref.role, selected: ref.id === selectedId, active };
}

/**
 * A refusal as the visitor reads it: chosen by the target's code, never the text written for the
 * model (which names the region's id and quotes markup with JSON escapes).
 */
function reasonFor(strings: RegionEditorStrings, code: ValidationCode | undefined) {
  return strings.refusalReasons[code ?? 'other'] ?? strings.refusalReasons.other;
}

function announcements(state: RegionEditorState, strings: RegionEditorStrings, labelOf: (id: string) => string): { status: string; alert: string } {
  if (state.phase === 'loading') return { status: strings.loading, alert: '' };
  const lastRefused = state.refusals.at(-1);
  const attemptAlert = lastRefused === undefined ? '' : strings.refusedAttempt(reasonFor(strings, lastRefused.code).problem);
  if (state.phase === 'streaming') return { status: strings.streaming(state.attempt), alert: attemptAlert };
  const notice = state.notice;
  if (state.phase === 'review' && (!notice || notice.kind !== 'conflict')) return { status: strings.reviewReady, alert: attemptAlert };
  if (!notice) return { status: '', alert: '' };
  switch (notice.kind) {
    case 'applied':
      return { status: strings.applied(labelOf(notice.detail ?? '')), alert: '' };
    case 'rejected':
      return { status: strings.rejected, alert: '' };
    case 'undone':
      return { status: strings.undone, alert: '' };
    case 'redone':
      return { status: strings.redone, alert: '' };
    case 'reloaded':
      return { status: strings.reloaded, alert: '' };
    case 'stopped':
      return { status: strings.stopped, alert: '' };
    case 'refused': {
      const reason = reasonFor(strings, notice.code);
      return { status: '', alert: strings.refused(reason.problem, reason.fix) };
    }
    case 'conflict':
      return { status: '', alert: strings.conflict };
    case 'failed':
      return { status: '', alert: state.phase === 'unavailable' ? strings.loadFailed(notice.detail ?? '') : strings.failed(notice.detail ?? '') };
  }
}

/** What a view shows for `state`, and the handlers its gestures call (on `intents.model`). */
export function connectRegionEditor(state: RegionEditorState, locale: string, intents: RegionEditorIntents = NO_INTENTS): RegionEditorView {
  const strings = regionEditorStrings(locale);
  const cursor = intents.cursor();
  const activeIndex = Math.min(cursor.activeIndex, Math.max(state.regions.length - 1, 0));
  const regions = state.regions.map((ref, index) => optionFor(ref, strings, state.selectedId, index === activeIndex && cursor.focusedId !== undefined));
  const selected = regions.find((region) => region.selected);
  const labelOf = (id: string) => regions.find((region) => region.id === id)?.label ?? strings.unnamedRegion(id);
  const busy = state.phase === 'streaming' || state.phase === 'saving' || state.phase === 'loading';
  const editable = selected !== undefined && (state.phase === 'idle' || state.phase === 'saving');
  return {
    strings,
    phase: state.phase,
    regions,
    selected,
    activeIndex,
    busy,
    aiAvailable: state.aiAvailable,
    showInstruction: editable && state.aiAvailable,
    instruction: state.instruction,
    offlineNote: selected !== undefined && !state.aiAvailable && ['idle', 'manual', 'saving'].includes(state.phase) ? strings.offline : undefined,
    showStream: state.phase === 'streaming',
    streamText: state.streamText,
    showReview: state.phase === 'review' || (state.phase === 'saving' && state.proposal !== undefined),
    diff: state.diff,
    showManual: state.phase === 'manual' || (state.phase === 'saving' && state.draft !== '' && state.proposal === undefined),
    draft: state.draft,
    canUndo: state.canUndo && !busy && !state.conflict,
    canRedo: state.canRedo && !busy && !state.conflict,
    conflict: state.conflict,
    ...announcements(state, strings, labelOf),
    handlers: createRegionEditorHandlers(state.regions, intents),
  };
}
