import { isComposingKey, isTypingTarget, type KeyLike } from '../input/keys.js';
import type { PartRef } from '../targets/edit-target.js';
import type { RegionEditorModel } from './region-editor.types.js';

/** A key event reduced to what the editor's keys read; a DOM `KeyboardEvent` fits it. */
export interface RegionEditorKeyEvent extends KeyLike {
  readonly defaultPrevented?: boolean;
  preventDefault(): void;
  /** The innermost target first, as a DOM event's `composedPath()`: a field in a shadow root counts as a field. */
  composedPath?(): readonly unknown[];
  readonly target?: unknown;
}

/** Where the keyboard is in the region list: the highlighted option, and the region outlined while the list has focus. */
export interface RegionListCursor {
  readonly activeIndex: number;
  /** Undefined while the list does not have focus. */
  readonly focusedId: string | undefined;
}

/** What the handlers drive: the model, and the list cursor the view keeps. */
export interface RegionEditorIntents {
  /** Undefined while the model is being built: the gestures then do nothing. */
  readonly model: RegionEditorModel | undefined;
  cursor(): RegionListCursor;
  setCursor(cursor: RegionListCursor): void;
}

/** The view's gestures as calls on the model; the view binds each to its element. */
export interface RegionEditorHandlers {
  /** Inside the editor: Escape stops a streaming proposal; Ctrl/⌘+Z undoes and Ctrl/⌘+Shift+Z redoes, outside text fields. */
  onPanelKeyDown(event: RegionEditorKeyEvent): void;
  /** The listbox: arrows, Home and End move the highlight; Enter and Space pick the highlighted region. */
  onListKeyDown(event: RegionEditorKeyEvent): void;
  onListFocus(): void;
  onListBlur(): void;
  /** Enter sends the instruction; Shift+Enter starts a new line. */
  onInstructionKeyDown(event: RegionEditorKeyEvent): void;
  onInstructionInput(value: string): void;
  onDraftInput(value: string): void;
  /** Picks the region at `index` of the list (a click on its option). */
  pickIndex(index: number): void;
  /** Picks region `id`: selects it and, without a model, opens its HTML source. */
  pick(id: string): void;
  propose(): void;
  refine(text: string): void;
  stop(): void;
  accept(): void;
  reject(): void;
  startSource(): void;
  saveSource(): void;
  cancelSource(): void;
  close(): void;
  undo(): void;
  redo(): void;
  reload(): void;
}

const NEXT_KEYS: Readonly<Record<string, (index: number, last: number) => number>> = {
  ArrowDown: (index, last) => Math.min(index + 1, last),
  ArrowRight: (index, last) => Math.min(index + 1, last),
  ArrowUp: (index) => Math.max(index - 1, 0),
  ArrowLeft: (index) => Math.max(index - 1, 0),
  Home: () => 0,
  End: (_index, last) => last,
};

function innermostTarget(event: RegionEditorKeyEvent): unknown {
  return event.composedPath?.()[0] ?? event.target;
}

/** `regions` are the ones on screen (the state the view rendered), so an index means what the user saw. */
export function createRegionEditorHandlers(regions: readonly PartRef[], intents: RegionEditorIntents): RegionEditorHandlers {
  const model = intents.model;
  const moveCursor = (change: Partial<RegionListCursor>): void => intents.setCursor({ ...intents.cursor(), ...change });

  const pick = (id: string): void => {
    if (!model) return;
    const index = regions.findIndex((region) => region.id === id);
    if (index >= 0) moveCursor({ activeIndex: index });
    model.select(id);
    const state = model.getState();
    if (!state.aiAvailable && state.selectedId === id) void model.startManualEdit(id);
  };

  const pickIndex = (index: number): void => {
    moveCursor({ activeIndex: index });
    const region = regions[index];
    if (region) pick(region.id);
  };

  const propose = (): void => {
    if (model) void model.propose(model.getState().instruction);
  };

  return {
    onPanelKeyDown(event) {
      if (isComposingKey(event) || event.defaultPrevented) return;
      if (event.key === 'Escape' && model?.getState().phase === 'streaming') {
        event.preventDefault();
        model.stop();
        return;
      }
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'z') return;
      // There the keys are the field's own undo and redo.
      if (isTypingTarget(innermostTarget(event) as Element | undefined)) return;
      event.preventDefault();
      if (event.shiftKey) void model?.redo();
      else void model?.undo();
    },
    onListKeyDown(event) {
      if (isComposingKey(event) || regions.length === 0) return;
      const last = regions.length - 1;
      const { activeIndex } = intents.cursor();
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        pickIndex(Math.min(activeIndex, last));
        return;
      }
      const step = NEXT_KEYS[event.key];
      if (!step) return;
      event.preventDefault();
      const next = step(activeIndex, last);
      intents.setCursor({ activeIndex: next, focusedId: regions[next]!.id });
    },
    onListFocus() {
      const selected = regions.findIndex((region) => region.id === model?.getState().selectedId);
      const activeIndex = selected >= 0 ? selected : intents.cursor().activeIndex;
      intents.setCursor({ activeIndex, focusedId: regions[Math.min(activeIndex, regions.length - 1)]?.id });
    },
    onListBlur: () => moveCursor({ focusedId: undefined }),
    onInstructionKeyDown(event) {
      if (event.key !== 'Enter' || event.shiftKey || isComposingKey(event)) return;
      event.preventDefault();
      propose();
    },
    onInstructionInput: (value) => model?.setInstruction(value),
    onDraftInput: (value) => model?.setDraft(value),
    pickIndex,
    pick,
    propose,
    refine: (text) => {
      if (text.trim() !== '') void model?.refine(text);
    },
    stop: () => model?.stop(),
    accept: () => void model?.accept(),
    reject: () => model?.reject(),
    startSource: () => void model?.startManualEdit(),
    saveSource: () => void model?.saveManualEdit(),
    cancelSource: () => model?.cancelManualEdit(),
    close: () => model?.select(undefined),
    undo: () => void model?.undo(),
    redo: () => void model?.redo(),
    reload: () => void model?.reload(),
  };
}
