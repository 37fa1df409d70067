import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectRegionEditor } from '../../../core/region-editor/region-editor.connect.js';
import type { RegionEditorKeyEvent, RegionListCursor } from '../../../core/region-editor/region-editor.handlers.js';
import type { RegionEditorModel, RegionEditorState } from '../../../core/region-editor/region-editor.types.js';

const STATE: RegionEditorState = {
  phase: 'idle',
  regions: [
    { id: 'title', label: 'Title' },
    { id: 'lede', label: 'Intro' },
    { id: 'footnote', label: 'Footnote' },
  ],
  selectedId: undefined,
  instruction: 'Make it warmer.',
  streamText: '',
  attempt: 0,
  proposal: undefined,
  diff: [],
  refusals: [],
  notice: undefined,
  conflict: false,
  draft: '',
  canUndo: true,
  canRedo: true,
  aiAvailable: true,
  changes: undefined,
};

/** A model that records the intents it receives. */
function recordingModel(change: Partial<RegionEditorState> = {}) {
  let state: RegionEditorState = { ...STATE, ...change };
  const calls: string[] = [];
  const record = (name: string) => (...args: unknown[]) => {
    calls.push(args.length > 0 ? `${name}(${args.map((arg) => JSON.stringify(arg)).join(', ')})` : name);
    return Promise.resolve();
  };
  const model = {
    getState: () => state,
    subscribe: () => () => undefined,
    undo: record('undo'),
    redo: record('redo'),
    stop: record('stop'),
    propose: record('propose'),
    startManualEdit: record('startManualEdit'),
    select(id: string | undefined) {
      calls.push(`select(${JSON.stringify(id)})`);
      state = { ...state, selectedId: id };
    },
  } as unknown as RegionEditorModel;
  return { model, calls };
}

function connected(change: Partial<RegionEditorState> = {}, start: RegionListCursor = { activeIndex: 0, focusedId: undefined }) {
  const { model, calls } = recordingModel(change);
  let cursor = start;
  const view = () => connectRegionEditor(model.getState(), 'en', { model, cursor: () => cursor, setCursor: (next) => void (cursor = next) });
  return { model, calls, view, cursor: () => cursor };
}

interface FakeKey extends RegionEditorKeyEvent {
  readonly prevented: boolean;
}

/** A key event; `target` stands for the innermost node (`composedPath()[0]`). */
function key(init: Partial<RegionEditorKeyEvent> & { key: string }, target?: unknown): FakeKey {
  let prevented = false;
  return {
    ...init,
    composedPath: () => (target === undefined ? [] : [target]),
    preventDefault: () => void (prevented = true),
    get prevented() {
      return prevented;
    },
  };
}

function element(localName: string, attributes: Record<string, string> = {}) {
  return { nodeType: 1, localName, getAttribute: (name: string) => attributes[name] ?? null, hasAttribute: (name: string) => name in attributes };
}

describe('the region editor’s keys, from connectRegionEditor', () => {
  it('Ctrl/⌘+Z undoes and Ctrl/⌘+Shift+Z redoes inside the editor, outside text fields', () => {
    const { view, calls } = connected();
    const undo = key({ key: 'z', ctrlKey: true }, element('button'));
    view().handlers.onPanelKeyDown(undo);
    const redo = key({ key: 'Z', metaKey: true, shiftKey: true }, element('ul', { role: 'listbox' }));
    view().handlers.onPanelKeyDown(redo);
    assert.deepEqual(calls, ['undo', 'redo']);
    assert.equal(undo.prevented && redo.prevented, true);
  });

  it('leaves Ctrl+Z to a text field, to an input method, to Alt chords and to keys already handled', () => {
    const { view, calls } = connected();
    const inField = key({ key: 'z', ctrlKey: true }, element('textarea'));
    view().handlers.onPanelKeyDown(inField);
    view().handlers.onPanelKeyDown(key({ key: 'z', ctrlKey: true }, element('div', { role: 'textbox' })));
    view().handlers.onPanelKeyDown(key({ key: 'z', ctrlKey: true, isComposing: true }, element('button')));
    view().handlers.onPanelKeyDown(key({ key: 'z', ctrlKey: true, altKey: true }, element('button')));
    view().handlers.onPanelKeyDown(key({ key: 'z', ctrlKey: true, defaultPrevented: true }, element('button')));
    view().handlers.onPanelKeyDown(key({ key: 'z' }, element('button')));
    assert.deepEqual(calls, []);
    assert.equal(inField.prevented, false, 'the field keeps its own undo');
  });

  it('Escape stops a streaming proposal, and only then', () => {
    const streaming = connected({ phase: 'streaming' });
    const escape = key({ key: 'Escape' }, element('textarea'));
    streaming.view().handlers.onPanelKeyDown(escape);
    assert.deepEqual(streaming.calls, ['stop']);
    assert.equal(escape.prevented, true);
    const idle = connected();
    const ignored = key({ key: 'Escape' });
    idle.view().handlers.onPanelKeyDown(ignored);
    assert.deepEqual(idle.calls, []);
    assert.equal(ignored.prevented, false);
  });

  it('moves the list’s highlight with arrows, Home and End, within bounds, outlining the region it is on', () => {
    const { view, cursor, calls } = connected();
    const press = (name: string) => {
      const event = key({ key: name });
      view().handlers.onListKeyDown(event);
      return event.prevented;
    };
    assert.equal(press('ArrowDown'), true);
    assert.deepEqual(cursor(), { activeIndex: 1, focusedId: 'lede' });
    press('ArrowRight');
    press('ArrowDown');
    assert.deepEqual(cursor(), { activeIndex: 2, focusedId: 'footnote' }, 'the last option stays highlighted');
    press('Home');
    assert.deepEqual(cursor(), { activeIndex: 0, focusedId: 'title' });
    press('ArrowUp');
    press('ArrowLeft');
    assert.equal(cursor().activeIndex, 0);
    press('End');
    assert.deepEqual(cursor(), { activeIndex: 2, focusedId: 'footnote' });
    assert.equal(press('a'), false, 'other keys are left alone');
    assert.deepEqual(view().regions.map((region) => region.active), [false, false, true]);
    assert.equal(view().activeIndex, 2);
    assert.deepEqual(calls, [], 'moving picks nothing');
  });

  it('Enter and Space pick the highlighted region; without a model its source opens', () => {
    const { view, calls } = connected({ aiAvailable: false }, { activeIndex: 1, focusedId: 'lede' });
    const enter = key({ key: 'Enter' });
    view().handlers.onListKeyDown(enter);
    assert.equal(enter.prevented, true);
    assert.deepEqual(calls, ['select("lede")', 'startManualEdit("lede")']);
    const online = connected({}, { activeIndex: 2, focusedId: 'footnote' });
    online.view().handlers.onListKeyDown(key({ key: ' ' }));
    assert.deepEqual(online.calls, ['select("footnote")'], 'with a model, picking only selects');
    online.view().handlers.onListKeyDown(key({ key: 'Enter', isComposing: true }));
    assert.deepEqual(online.calls, ['select("footnote")'], 'an input method’s Enter is its own');
  });

  it('focusing the list highlights the selected region; leaving it drops the keyboard outline', () => {
    const { view, cursor } = connected({ selectedId: 'footnote' });
    view().handlers.onListFocus();
    assert.deepEqual(cursor(), { activeIndex: 2, focusedId: 'footnote' });
    view().handlers.onListBlur();
    assert.deepEqual(cursor(), { activeIndex: 2, focusedId: undefined });
    assert.deepEqual(view().regions.map((region) => region.active), [false, false, false]);
  });

  it('Enter sends the instruction; Shift+Enter and a composing Enter do not', () => {
    const { view, calls } = connected({ selectedId: 'lede' });
    const newline = key({ key: 'Enter', shiftKey: true });
    view().handlers.onInstructionKeyDown(newline);
    view().handlers.onInstructionKeyDown(key({ key: 'Enter', keyCode: 229 }));
    assert.deepEqual(calls, []);
    assert.equal(newline.prevented, false);
    const send = key({ key: 'Enter' });
    view().handlers.onInstructionKeyDown(send);
    assert.equal(send.prevented, true);
    assert.deepEqual(calls, ['propose("Make it warmer.")']);
  });

  it('drives nothing without a model', () => {
    const view = connectRegionEditor(STATE, 'en');
    const undo = key({ key: 'z', ctrlKey: true }, element('button'));
    view.handlers.onPanelKeyDown(undo);
    view.handlers.onListKeyDown(key({ key: 'Enter' }));
    view.handlers.pick('lede');
    assert.equal(undo.prevented, true, 'the chord is still the editor’s');
  });
});
