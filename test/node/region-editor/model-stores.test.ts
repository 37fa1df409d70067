import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAuthoringSession, type AuthoringState } from '../../../core/agent/authoring/index.js';
import type { LLMProvider } from '../../../core/llm/types.js';
import { createRegionEditorModel } from '../../../core/region-editor/region-editor-model.js';
import type { RegionEditorState } from '../../../core/region-editor/region-editor.types.js';
import { createFileTreeTarget, createMemoryFileStore } from '../../../core/targets/index.js';
import { createMemoryDocumentStore } from '../../../core/targets/stores/index.js';

const PAGE = '<h1 data-agent-element="title">Spring</h1><div data-agent-element="lede"><p>Old</p></div>';
// Never called: these tests only read states.
const IDLE_LLM = { name: 'idle', stream: () => undefined, complete: () => undefined } as unknown as LLMProvider;

describe('the region editor’s model as a store', () => {
  it('gives frozen states, the same one until a change, and each new one to its listeners', async () => {
    const model = createRegionEditorModel({ store: createMemoryDocumentStore(PAGE), sanitize: async (html) => html });
    const heard: RegionEditorState[] = [];
    const unsubscribe = model.subscribe((state) => heard.push(state));
    await model.load();
    const loaded = model.getState();
    assert.equal(model.getState(), loaded, 'no change, no new state');
    assert.equal(heard.at(-1), loaded);
    assert.ok(Object.isFrozen(loaded) && Object.isFrozen(loaded.regions) && Object.isFrozen(loaded.regions[0]));
    assert.throws(() => (loaded.regions as unknown as unknown[]).push({ id: 'x' }), TypeError);
    model.select('lede');
    assert.equal(model.getState().selectedId, 'lede');
    assert.equal(loaded.selectedId, undefined, 'an earlier state stays as it was');
    unsubscribe();
    const count = heard.length;
    model.setInstruction('Warmer.');
    assert.equal(heard.length, count, 'an unsubscribed listener hears nothing');
    model.destroy();
  });

  it('keeps notifying the other listeners when one throws', async () => {
    const model = createRegionEditorModel({ store: createMemoryDocumentStore(PAGE), sanitize: async (html) => html });
    await model.load();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    let heard = 0;
    try {
      model.subscribe(() => {
        throw new Error('listener failed');
      });
      model.subscribe(() => void (heard += 1));
      model.select('title');
    } finally {
      console.error = original;
    }
    assert.equal(heard, 1);
    assert.equal(errors.length, 1);
    model.destroy();
  });
});

describe('AuthoringSession as a store', () => {
  it('answers the same frozen state through getState() and state, and tells its listeners', async () => {
    const target = createFileTreeTarget(createMemoryFileStore({ 'a.txt': 'a' }));
    const session = createAuthoringSession({ llm: IDLE_LLM, target });
    const first = session.getState();
    assert.equal(session.state, first);
    assert.ok(Object.isFrozen(first));
    assert.deepEqual(first, { phase: 'idle', canUndo: false, canRedo: false });
    const heard: AuthoringState[] = [];
    session.subscribe((state) => heard.push(state));
    assert.equal(await session.undo(), false);
    assert.equal(heard.length, 1);
    assert.equal(heard[0], session.getState());
  });
});
