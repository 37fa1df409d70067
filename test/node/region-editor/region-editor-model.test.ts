import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createRegionEditorModel } from '../../../core/region-editor/region-editor-model.js';
import type { RegionEditorModel, RegionEditorState } from '../../../core/region-editor/region-editor.types.js';
import { openAICompatible, type LLMProvider } from '../../../core/llm/index.js';
import { createMemoryDocument, createMemoryDocumentStore } from '../../../core/targets/stores/index.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';

const BOUND = { timeout: 10_000 };
const PAGE = [
  '<article>',
  '<h1 data-agent-element="title" data-agent-label="Title">Spring launch</h1>',
  '<div data-agent-element="lede" data-agent-role="region" data-agent-label="Intro <b>bold</b>"><p>Old words here.</p></div>',
  '<footer>Shipped in May.</footer>',
  '</article>',
].join('\n');

let mock: MockLLM;
let counter = 0;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

function providerFor(id: string): LLMProvider {
  return openAICompatible({ baseURL: mock.openAIBaseURL(id), apiKey: 'test-key', model: 'gpt-4o-mini', maxRetries: 0, connectTimeoutMs: 4_000, idleTimeoutMs: 4_000 });
}

function replace(id: string, content: string, deltaSize = 6) {
  return { toolCalls: [{ name: 'replace_part', arguments: { id, content } }], deltaSize };
}

/** Node has no DOM for the page's sanitizer: unless a test says otherwise, content is kept as written. */
const asWritten = async (html: string) => html;

async function setup(options: { llm?: LLMProvider; html?: string; sanitize?: (html: string) => Promise<string> } = {}) {
  const cell = createMemoryDocument(options.html ?? PAGE);
  const store = createMemoryDocumentStore(cell);
  const model = createRegionEditorModel({ store, sanitize: options.sanitize ?? asWritten, ...(options.llm ? { llm: options.llm } : {}) });
  const states: RegionEditorState[] = [];
  model.subscribe(() => states.push(model.getState()));
  await model.load();
  return { cell, store, model, states };
}

async function settled(model: RegionEditorModel): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (['streaming', 'saving', 'loading'].includes(model.getState().phase)) {
    if (Date.now() > deadline) throw new Error(`still ${model.getState().phase}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('region editor model', () => {
  it('lists the regions with their labels as given and reports every region as loaded', BOUND, async () => {
    const { model } = await setup();
    const state = model.getState();
    assert.equal(state.phase, 'idle');
    assert.deepEqual(state.regions.map((region) => [region.id, region.label]), [['title', 'Title'], ['lede', 'Intro <b>bold</b>']]);
    assert.equal(state.aiAvailable, false);
    assert.equal(state.changes?.cause, 'load');
    assert.deepEqual(state.changes?.regions.map((region) => region.id), ['title', 'lede']);
  });

  it('saves a manual edit through validation, keeps a refused draft as typed, and undoes and redoes to exact bytes', BOUND, async () => {
    const { store, model } = await setup();
    model.select('lede');
    await model.startManualEdit();
    assert.equal(model.getState().phase, 'manual');
    assert.equal(model.getState().draft, '<p>Old words here.</p>');

    const broken = '<div><p>New words';
    model.setDraft(broken);
    await model.saveManualEdit();
    let state = model.getState();
    assert.equal(state.phase, 'manual');
    assert.equal(state.draft, broken, 'nothing typed is lost');
    assert.equal(state.notice?.kind, 'refused');
    assert.match(state.notice!.detail!, /lede/);
    assert.equal(state.notice?.code, 'breaks-page');
    assert.equal(store.peek(), PAGE);
    assert.equal(state.canUndo, false);

    model.setDraft('<p>New <em>words</em> here.</p>');
    await model.saveManualEdit();
    state = model.getState();
    assert.equal(state.phase, 'idle');
    assert.equal(state.notice?.kind, 'applied');
    const edited = store.peek();
    assert.equal(edited, PAGE.replace('<p>Old words here.</p>', '<p>New <em>words</em> here.</p>'));
    assert.equal(state.changes?.cause, 'manual');
    assert.deepEqual(state.changes?.regions, [{ id: 'lede', content: '<p>New <em>words</em> here.</p>' }]);
    assert.equal(state.canUndo, true);

    await model.undo();
    assert.equal(store.peek(), PAGE);
    assert.equal(model.getState().changes?.cause, 'undo');
    assert.deepEqual(model.getState().changes?.regions, [{ id: 'lede', content: '<p>Old words here.</p>' }]);
    assert.equal(model.getState().canRedo, true);
    await model.redo();
    assert.equal(store.peek(), edited);
    assert.equal(model.getState().notice?.kind, 'redone');
  });

  it('refuses script in a manual edit with the target’s reason', BOUND, async () => {
    const { store, model } = await setup();
    await model.startManualEdit('title');
    model.setDraft('Hi<script>alert(1)</script>');
    await model.saveManualEdit();
    assert.equal(model.getState().notice?.kind, 'refused');
    assert.match(model.getState().notice!.detail!, /script/);
    assert.equal(model.getState().notice?.code, 'disallowed-markup');
    assert.equal(store.peek(), PAGE);
  });

  it('refuses a title left empty and bare list items, with their codes, and saves nothing', BOUND, async () => {
    const { store, model } = await setup();
    for (const [id, draft, code] of [
      ['title', '  ', 'empty-heading'],
      ['lede', '<li>One</li><li>Two</li>', 'list-item-outside-list'],
    ] as const) {
      await model.startManualEdit(id);
      model.setDraft(draft);
      await model.saveManualEdit();
      const state = model.getState();
      assert.equal(state.phase, 'manual', id);
      assert.equal(state.notice?.kind, 'refused');
      assert.equal(state.notice?.code, code);
      assert.equal(state.draft, draft, 'nothing typed is lost');
      model.cancelManualEdit();
    }
    assert.equal(store.peek(), PAGE);
  });

  it('streams a proposal, feeds a refusal back, shows the diff of the accepted second answer and writes it on accept', BOUND, async () => {
    const id = `region-model-${process.pid}-${++counter}`;
    mock.script(id, [replace('lede', '<p>New words<script>x()</script></p>'), replace('lede', '<p>Fresh words here.</p>', 3)]);
    const { store, model, states } = await setup({ llm: providerFor(id) });
    assert.equal(model.getState().aiAvailable, true);
    model.select('lede');
    await model.propose('Make it fresher.');

    const state = model.getState();
    assert.equal(state.phase, 'review');
    assert.equal(state.proposal?.content, '<p>Fresh words here.</p>');
    assert.equal(state.proposal?.before, '<p>Old words here.</p>');
    assert.equal(state.refusals.length, 1);
    assert.match(state.refusals[0]!.message, /script/);
    assert.equal(state.refusals[0]!.code, 'disallowed-markup');
    assert.deepEqual(
      state.diff.filter((hunk) => hunk.kind !== 'same').map((hunk) => [hunk.kind, hunk.text]),
      [['removed', 'Old'], ['added', 'Fresh']],
    );
    const streamed = states.filter((s) => s.phase === 'streaming' && s.attempt === 2).map((s) => s.streamText);
    assert.ok(streamed.some((text) => text.length > 0 && text.length < '<p>Fresh words here.</p>'.length), 'partial text is reported before the end');
    assert.ok(streamed.every((text) => '<p>Fresh words here.</p>'.startsWith(text)));
    const second = JSON.stringify(mock.requests(id)[1]!.body.messages);
    assert.match(second, /scripts are not allowed/);
    assert.equal(store.peek(), PAGE, 'nothing is written before accept');

    await model.accept();
    assert.equal(model.getState().phase, 'idle');
    assert.equal(store.peek(), PAGE.replace('<p>Old words here.</p>', '<p>Fresh words here.</p>'), 'only the region changed');
    assert.deepEqual(model.getState().changes?.regions.map((region) => region.id), ['lede']);
    await model.undo();
    assert.equal(store.peek(), PAGE);
  });

  it('checks, diffs, shows and writes a proposal as the sanitizer returns it, never as the model wrote it', BOUND, async () => {
    const id = `region-model-${process.pid}-${++counter}`;
    const raw = '<p onclick="steal()">Fresh <b>words</b> here.</p>';
    mock.script(id, [replace('lede', raw)]);
    const seen: string[] = [];
    // A stand-in for the page's sanitizer: drops the handler and says what it saw.
    const sanitize = async (html: string) => {
      seen.push(html);
      return html.replace(/ onclick="[^"]*"/g, '');
    };
    const { store, model } = await setup({ llm: providerFor(id), sanitize });
    await model.propose('Make it fresher.', 'lede');
    const state = model.getState();
    const clean = '<p>Fresh <b>words</b> here.</p>';
    assert.deepEqual(seen, [raw]);
    assert.equal(state.phase, 'review', 'the raw content would be refused (onclick): the sanitized one was validated');
    assert.deepEqual(state.refusals, []);
    assert.equal(state.proposal?.content, clean);
    assert.equal(state.streamText, clean);
    assert.ok(state.diff.every((hunk) => !hunk.text.includes('onclick')));
    assert.equal(state.diff.filter((hunk) => hunk.kind !== 'removed').map((hunk) => hunk.text).join(''), clean, 'the diff ends at what is shown');
    await model.accept();
    assert.equal(store.peek(), PAGE.replace('<p>Old words here.</p>', clean), 'the document stores exactly what was shown');
    assert.deepEqual(model.getState().changes?.regions, [{ id: 'lede', content: clean }]);
  });

  it('refuses a proposal the sanitizer cannot handle, and writes nothing', BOUND, async () => {
    const id = `region-model-${process.pid}-${++counter}`;
    mock.script(id, [replace('lede', '<p>One</p>'), replace('lede', '<p>Two</p>'), replace('lede', '<p>Three</p>')]);
    const sanitize = async () => {
      throw new Error('the sanitizer did not load');
    };
    const { store, model } = await setup({ llm: providerFor(id), sanitize });
    await model.propose('Anything.', 'lede');
    assert.equal(model.getState().phase, 'idle');
    assert.equal(model.getState().proposal, undefined);
    assert.equal(store.peek(), PAGE);
  });

  it('saves a manual draft as the sanitizer returns it, and refuses a draft it would change by what the draft holds', BOUND, async () => {
    // A stand-in that rewrites what the page would rewrite here: unquoted attributes, scripts.
    const sanitize = async (html: string) => html.replace(/class=(\w+)/g, 'class="$1"').replace(/<script>.*?<\/script>/g, '');
    const { store, model } = await setup({ sanitize });
    await model.startManualEdit('lede');
    model.setDraft('<p class=lead>New words.</p>');
    await model.saveManualEdit();
    assert.equal(model.getState().notice?.kind, 'applied');
    assert.equal(store.peek(), PAGE.replace('<p>Old words here.</p>', '<p class="lead">New words.</p>'));
    assert.deepEqual(model.getState().changes?.regions, [{ id: 'lede', content: '<p class="lead">New words.</p>' }]);

    await model.startManualEdit('title');
    model.setDraft('Hi<script>alert(1)</script>');
    await model.saveManualEdit();
    assert.equal(model.getState().notice?.kind, 'refused');
    assert.match(model.getState().notice!.detail!, /"title".*scripts are not allowed/);
    assert.equal(model.getState().draft, 'Hi<script>alert(1)</script>', 'nothing typed is lost');
  });

  it('needs the sanitize step', () => {
    const store = createMemoryDocumentStore(PAGE);
    assert.throws(() => createRegionEditorModel({ store } as unknown as Parameters<typeof createRegionEditorModel>[0]), /needs `sanitize`/);
  });

  it('ends a request refused after the attempts run out, with the last reason', BOUND, async () => {
    const id = `region-model-${process.pid}-${++counter}`;
    mock.script(id, [replace('lede', '<div>open'), replace('lede', '<div>open'), replace('lede', '<div>open')]);
    const { store, model } = await setup({ llm: providerFor(id) });
    await model.propose('Break it.', 'lede');
    const state = model.getState();
    assert.equal(state.phase, 'idle');
    assert.equal(state.notice?.kind, 'refused');
    assert.equal(state.notice?.code, 'breaks-page', 'the last refusal’s code');
    assert.equal(state.refusals.length, 3);
    assert.equal(store.peek(), PAGE);
  });

  it('refine asks again with the follow-up and the proposal under review', BOUND, async () => {
    const id = `region-model-${process.pid}-${++counter}`;
    mock.script(id, [replace('title', 'Spring is here'), replace('title', 'Spring is finally here')]);
    const { model } = await setup({ llm: providerFor(id) });
    await model.propose('Shorter title.', 'title');
    assert.equal(model.getState().proposal?.content, 'Spring is here');
    await model.refine('Add "finally".');
    assert.equal(model.getState().phase, 'review');
    assert.equal(model.getState().proposal?.content, 'Spring is finally here');
    const second = JSON.stringify(mock.requests(id)[1]!.body.messages);
    assert.match(second, /Spring is here/);
    assert.match(second, /Add \\"finally\\"/);
  });

  it('reports a document changed elsewhere as a conflict, writes nothing, and works again after reload', BOUND, async () => {
    const { cell, model } = await setup();
    const elsewhere = PAGE.replace('Shipped in May.', 'Shipped in June.');
    cell.replace(elsewhere);
    await model.startManualEdit('title');
    model.setDraft('Autumn launch');
    await model.saveManualEdit();
    let state = model.getState();
    assert.equal(state.conflict, true);
    assert.equal(state.notice?.kind, 'conflict');
    assert.equal(state.phase, 'manual');
    assert.equal(state.draft, 'Autumn launch');
    assert.equal(cell.current().html, elsewhere, 'the other change is kept');

    await model.reload();
    state = model.getState();
    assert.equal(state.conflict, false);
    assert.equal(state.canUndo, false);
    await model.startManualEdit('title');
    model.setDraft('Autumn launch');
    await model.saveManualEdit();
    assert.equal(cell.current().html, elsewhere.replace('>Spring launch<', '>Autumn launch<'));
  });

  it('stop ends a streaming proposal without writing', BOUND, async () => {
    const id = `region-model-${process.pid}-${++counter}`;
    mock.script(id, [{ ...replace('lede', '<p>'.padEnd(400, 'x') + '</p>', 2), delayMs: 20 }]);
    const { store, model } = await setup({ llm: providerFor(id) });
    const running = model.propose('Longer.', 'lede');
    const deadline = Date.now() + 3_000;
    while (model.getState().streamText.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    model.stop();
    await running;
    await settled(model);
    assert.equal(model.getState().phase, 'idle');
    assert.equal(model.getState().notice?.kind, 'stopped');
    assert.equal(store.peek(), PAGE);
  });
});
