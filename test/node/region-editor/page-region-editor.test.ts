import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LLMProvider } from '../../../core/llm/types.js';
import type { RegionContent, RegionPage } from '../../../core/page/region-page.js';
import { chooseDocumentStore } from '../../../core/region-editor/document-store-choice.js';
import { createPageRegionEditor, type RegionEditorSettings } from '../../../core/region-editor/page-region-editor.js';
import { regionEditorLLM } from '../../../core/region-editor/region-editor-llm.js';
import type { RegionChangeCause } from '../../../core/region-editor/region-editor.types.js';
import { createMemoryDocument, createMemoryDocumentStore } from '../../../core/targets/stores/index.js';

const PAGE = '<h1 data-agent-element="title">Spring</h1><p>Outside</p><div data-agent-element="lede"><p>Old</p></div>';

/** A page that records what the editor writes into it. */
function fakePage(html = PAGE) {
  const writes: RegionContent[][] = [];
  let reads = 0;
  const page: RegionPage = {
    readHtml: () => {
      reads += 1;
      return html;
    },
    writeRegions: async (regions) => {
      writes.push([...regions]);
      return regions.map((region) => region.id).filter((id) => id !== 'not-on-page');
    },
    // Node has no DOM for the page's sanitizer: content is kept as written.
    sanitize: async (content) => content,
  };
  return { page, writes, reads: () => reads };
}

function setup(settings: Partial<RegionEditorSettings> = {}, html = PAGE) {
  const fake = fakePage(html);
  let current: RegionEditorSettings = { store: undefined, src: undefined, target: undefined, llm: undefined, controllerLlm: undefined, ...settings };
  const regionChanges: Array<[readonly string[], RegionChangeCause]> = [];
  const conflicts: string[] = [];
  let changes = 0;
  const editor = createPageRegionEditor({
    settings: () => current,
    page: fake.page,
    onChange: () => void (changes += 1),
    onRegionChange: (ids, cause) => void regionChanges.push([ids, cause]),
    onConflict: (message) => void conflicts.push(message),
  });
  return {
    editor,
    ...fake,
    regionChanges,
    conflicts,
    changes: () => changes,
    set(next: Partial<RegionEditorSettings>) {
      current = { ...current, ...next };
    },
  };
}

describe('chooseDocumentStore', () => {
  it('prefers the host’s store, then the URL, then the page’s own content in memory', async () => {
    const store = createMemoryDocumentStore('<p>stored</p>');
    let reads = 0;
    const pageHtml = () => {
      reads += 1;
      return PAGE;
    };
    assert.deepEqual(chooseDocumentStore({ store, src: '/api/pages/home' }, pageHtml), { store, editsInPlace: false });
    const overHttp = chooseDocumentStore({ src: '/api/pages/home' }, pageHtml);
    assert.equal(overHttp.editsInPlace, false);
    assert.notEqual(overHttp.store, store);
    assert.equal(reads, 0, 'the page is not read when the document lives elsewhere');
    const inPlace = chooseDocumentStore({ src: '' }, pageHtml);
    assert.equal(inPlace.editsInPlace, true);
    assert.equal(await inPlace.store.read(), PAGE);
    assert.equal(reads, 1);
  });
});

describe('regionEditorLLM', () => {
  const own = { name: 'own', stream: () => undefined, complete: () => undefined } as unknown as LLMProvider;
  const theirs = { name: 'theirs', stream: () => undefined, complete: () => undefined } as unknown as LLMProvider;

  it('takes the editor’s own model over the controller’s, and the task role of a router', () => {
    assert.equal(regionEditorLLM({ llm: own, controllerLlm: theirs }), own);
    assert.equal(regionEditorLLM({ llm: undefined, controllerLlm: theirs }), theirs);
    assert.equal(regionEditorLLM({ llm: undefined, controllerLlm: { webagent: theirs, task: own } }), own);
    assert.equal(regionEditorLLM({ llm: undefined, controllerLlm: undefined }), undefined);
  });

  it('warns, naming the field, and offers manual edits only when the source is no model', () => {
    const warnings: string[] = [];
    assert.equal(regionEditorLLM({ llm: 'gpt-4o' as never, controllerLlm: theirs }, (message) => warnings.push(message)), undefined);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /region editor llm/);
    assert.match(warnings[0]!, /only manual edits are offered/);
  });
});

describe('createPageRegionEditor', () => {
  it('builds no model until connected, and none once disconnected', async () => {
    const { editor } = setup();
    assert.equal(await editor.open(), undefined);
    editor.connect();
    const model = await editor.open();
    assert.ok(model);
    assert.deepEqual(model.getState().regions.map((region) => region.id), ['title', 'lede']);
    editor.disconnect();
    assert.equal(editor.model, undefined);
    assert.equal(await editor.open(), undefined);
  });

  it('edits the page’s content in place: the load writes nothing, a save writes only the changed region', async () => {
    const { editor, writes, regionChanges, reads } = setup();
    editor.connect();
    const model = (await editor.open())!;
    assert.equal(reads(), 1);
    assert.deepEqual(writes, [], 'the page already shows what it loaded');
    await editor.editRegion('lede');
    assert.equal(model.getState().phase, 'manual', 'without a model the source opens');
    model.setDraft('<p>New</p>');
    await model.saveManualEdit();
    await editor.open();
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(writes, [[{ id: 'lede', content: '<p>New</p>' }]]);
    assert.deepEqual(regionChanges, [[['lede'], 'manual']]);
  });

  it('renders a store’s regions into the page on load, and resolves once they are there', async () => {
    const store = createMemoryDocumentStore(PAGE.replace('Old', 'Stored'));
    const { editor, writes, regionChanges, reads } = setup({ store });
    editor.connect();
    await editor.open();
    assert.equal(reads(), 0);
    assert.deepEqual(writes.at(-1)?.find((region) => region.id === 'lede'), { id: 'lede', content: '<p>Stored</p>' });
    assert.deepEqual(regionChanges, [[['title', 'lede'], 'load']]);
  });

  it('builds another model when the store or the target changes, and keeps it otherwise', async () => {
    const { editor, set } = setup();
    editor.connect();
    const first = await editor.open();
    editor.sync();
    assert.equal(editor.model, first, 'the same settings keep the model');
    set({ target: '#elsewhere' });
    editor.sync();
    assert.equal(editor.model, undefined);
    const second = await editor.open();
    assert.ok(second);
    assert.notEqual(second, first);
    set({ store: createMemoryDocumentStore(PAGE) });
    editor.sync();
    assert.notEqual(await editor.open(), second);
  });

  it('announces a conflict once per refused write', async () => {
    const cell = createMemoryDocument(PAGE);
    const { editor, conflicts } = setup({ store: createMemoryDocumentStore(cell) });
    editor.connect();
    const model = (await editor.open())!;
    cell.replace(PAGE.replace('Spring', 'Summer'));
    await model.startManualEdit('title');
    model.setDraft('Autumn');
    await model.saveManualEdit();
    assert.equal(model.getState().conflict, true);
    model.setDraft('Autumn!');
    assert.equal(conflicts.length, 1);
    assert.match(conflicts[0]!, /changed since it was read/);
  });
});
