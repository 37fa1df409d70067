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
    const modelText = 'The content for region "hero" changes the page outside the region (expected "<p>a</p>\\n<p>b" but …)';
    const streaming = connectRegionEditor(state({ phase: 'streaming', attempt: 2, refusals: [{ code: 'breaks-page', message: modelText }] }), 'en');
    assert.equal(streaming.busy, true);
    assert.equal(streaming.status, 'Writing proposal 2…');
    assert.equal(streaming.alert, 'A proposal was refused and sent back to the model: the HTML would change the page outside this region.');
    const refused = connectRegionEditor(state({ notice: { kind: 'refused', detail: modelText, code: 'empty-heading', sequence: 1 } }), 'en');
    assert.equal(refused.alert, 'Not saved: a heading would be left empty. Give the heading its text.');
    assert.equal(refused.status, '');
    const conflict = connectRegionEditor(state({ conflict: true, notice: { kind: 'conflict', sequence: 2 } }), 'en');
    assert.match(conflict.alert, /^The page changed elsewhere; reload it/);
    const applied = connectRegionEditor(state({ notice: { kind: 'applied', detail: 'hero', sequence: 3 } }), 'en');
    assert.equal(applied.status, 'Saved the change to Hero <b>title</b>.');
  });

  it('tells the visitor every refusal in plain sentences: no region ids, no quoted markup, no escapes', () => {
    const modelText = 'The edit of "dddk-r-7f3a" was refused: The content for region "hero" holds <script>: "a\\nb"';
    for (const locale of ['en', 'zh-TW']) {
      for (const code of [...Object.keys(connectRegionEditor(state({}), locale).strings.refusalReasons), undefined] as const) {
        const view = connectRegionEditor(state({ notice: { kind: 'refused', detail: modelText, ...(code && code !== 'other' ? { code: code as never } : {}), sequence: 1 } }), locale);
        assert.ok(view.alert.length > 10, `${locale} ${code}`);
        assert.doesNotMatch(view.alert, /dddk-|"hero"|\\n|\\"|\{|\}/, `${locale} ${code}: ${view.alert}`);
        assert.doesNotMatch(view.alert, /[a-z]+(-[a-z]+)+"/, 'no quoted handle');
      }
    }
    const other = connectRegionEditor(state({ notice: { kind: 'refused', detail: modelText, sequence: 1 } }), 'en');
    assert.equal(other.alert, 'Not saved: the model could not write a change this region accepts. Try again with another instruction, or edit the HTML directly.');
    const zh = connectRegionEditor(state({ notice: { kind: 'refused', code: 'list-item-outside-list', sequence: 1 } }), 'zh-TW');
    assert.equal(zh.alert, '未儲存：清單項目不在清單裡。請把 <li> 項目放進 <ul> 或 <ol> 裡。');
  });

  it('speaks Traditional Chinese for any Chinese locale', () => {
    const view = connectRegionEditor(state({ notice: { kind: 'conflict', sequence: 1 }, conflict: true }), 'zh-Hant-TW');
    assert.equal(view.strings.undo, '復原');
    assert.match(view.alert, /已在別處被修改/);
  });
});
