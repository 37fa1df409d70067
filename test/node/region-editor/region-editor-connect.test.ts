import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectRegionEditor } from '../../../core/region-editor/region-editor.connect.js';
import type { RegionEditorState } from '../../../core/region-editor/region-editor.types.js';

const BASE: RegionEditorState = {
  phase: 'idle',
  regions: [
    { id: 'hero', label: 'Hero <b>title</b>' },
    { id: 'footnote', label: '   ' },
  ],
  selectedId: undefined,
  instruction: '',
  streamText: '',
  attempt: 0,
  proposal: undefined,
  diff: [],
  refusals: [],
  notice: undefined,
  conflict: false,
  draft: '',
  canUndo: true,
  canRedo: false,
  aiAvailable: true,
  changes: undefined,
};

const state = (change: Partial<RegionEditorState>): RegionEditorState => ({ ...BASE, ...change });

describe('connectRegionEditor', () => {
  it('names regions by their label as given, or by their handle when the label is blank', () => {
    const view = connectRegionEditor(state({ selectedId: 'hero' }), 'en');
    assert.deepEqual(view.regions.map((region) => [region.label, region.selected]), [['Hero <b>title</b>', true], ['Region footnote', false]]);
    assert.equal(view.selected?.id, 'hero');
    assert.equal(view.showInstruction, true);
    assert.equal(view.offlineNote, undefined);
  });

  it('offers the HTML source instead of instructions when no model is configured', () => {
    const view = connectRegionEditor(state({ selectedId: 'hero', aiAvailable: false }), 'en');
    assert.equal(view.showInstruction, false);
    assert.match(view.offlineNote!, /No model is configured/);
    const manual = connectRegionEditor(state({ selectedId: 'hero', aiAvailable: false, phase: 'manual', draft: '<p>x</p>' }), 'en');
    assert.equal(manual.showManual, true);
    assert.ok(manual.offlineNote);
  });

  it('turns history buttons off while busy or in conflict', () => {
    assert.equal(connectRegionEditor(state({}), 'en').canUndo, true);
    assert.equal(connectRegionEditor(state({ phase: 'streaming' }), 'en').canUndo, false);
    assert.equal(connectRegionEditor(state({ conflict: true }), 'en').canUndo, false);
  });

  it('announces progress politely and refusals and conflicts assertively', () => {
    const streaming = connectRegionEditor(state({ phase: 'streaming', attempt: 2, refusals: ['unclosed <div>'] }), 'en');
    assert.equal(streaming.busy, true);
    assert.equal(streaming.status, 'Writing proposal 2…');
    assert.equal(streaming.alert, 'A proposal was refused and sent back to the model: unclosed <div>');
    const refused = connectRegionEditor(state({ notice: { kind: 'refused', detail: 'scripts are not allowed', sequence: 1 } }), 'en');
    assert.equal(refused.alert, 'Not saved: scripts are not allowed');
    assert.equal(refused.status, '');
    const conflict = connectRegionEditor(state({ conflict: true, notice: { kind: 'conflict', sequence: 2 } }), 'en');
    assert.match(conflict.alert, /^The page changed elsewhere; reload it/);
    const applied = connectRegionEditor(state({ notice: { kind: 'applied', detail: 'hero', sequence: 3 } }), 'en');
    assert.equal(applied.status, 'Saved the change to Hero <b>title</b>.');
  });

  it('speaks Traditional Chinese for any Chinese locale', () => {
    const view = connectRegionEditor(state({ notice: { kind: 'conflict', sequence: 1 }, conflict: true }), 'zh-Hant-TW');
    assert.equal(view.strings.undo, '復原');
    assert.match(view.alert, /已在別處被修改/);
  });
});
