import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPaletteModel } from '../../../core/palette/palette-model.js';
import { paletteAgentTools } from '../../../core/palette/palette-agent-tools.js';
import { paletteQuestions, pickLocalized } from '../../../core/palette/palette-qa.js';
import { loadPaletteMatcher } from '../../../core/palette/palette-matcher.js';

// Typed queries need the fuzzy matcher, which models load on their own; load it up front so each test reads its rows synchronously.
await loadPaletteMatcher();

test('only items flagged agentTool become tools, with a safe name, a schema and a run that activates the item', async () => {
  const tasks: string[] = [];
  const model = createPaletteModel({
    items: [
      { id: 'docs.search', name: 'Search docs', agentTool: { description: 'Search the documentation' }, actions: [{ kind: 'agent-task', task: 'find {q}' }] },
      { id: 'delete', name: 'Delete account', agentTool: { description: 'Delete the account', requireConfirmation: true, parameters: { type: 'object', properties: {} } }, actions: [{ kind: 'custom', run: () => Promise.reject(new Error('not allowed')) }] },
      { id: 'private', name: 'Private', actions: [{ kind: 'copy', text: 'x' }] },
    ],
    ports: { startAgent: (task) => void tasks.push(task) },
  });
  const tools = paletteAgentTools(model);
  assert.deepEqual(
    tools.map(({ name, requireConfirmation }) => ({ name, requireConfirmation })),
    [
      { name: 'palette_docs_search', requireConfirmation: false },
      { name: 'palette_delete', requireConfirmation: true },
    ],
  );
  assert.match(tools[0]!.description, /Search the documentation \(palette command "Search docs"\)/);
  assert.deepEqual(Object.keys((tools[0]!.parameters as { properties: object }).properties), ['arg']);
  assert.equal(await tools[0]!.run({ arg: 'webhooks' }), 'ran palette command "Search docs" with "webhooks"');
  assert.deepEqual(tasks, ['find webhooks']);
  await assert.rejects(tools[1]!.run({}), /palette command "Delete account" failed: not allowed/);
  model.setItems([]);
  await assert.rejects(tools[0]!.run({ arg: '' }), /no longer registered/);
});

test('paletteQuestions: localized questions become items whose answer shows in the palette', async () => {
  const items = paletteQuestions(
    [
      { id: 'refund', question: { en: 'Refunds?', 'zh-TW': '可以退款嗎？' }, answer: { en: 'Within 30 days.', zh: '三十天內。' } },
      { id: 'hours', question: 'Opening hours?', answer: '9–5' },
    ],
    { locale: 'zh-TW' },
  );
  assert.deepEqual(
    items.map(({ id, name, answer, section }) => ({ id, name, answer, section })),
    [
      { id: 'qa-refund', name: '可以退款嗎？', answer: '三十天內。', section: 'FAQ' },
      { id: 'qa-hours', name: 'Opening hours?', answer: '9–5', section: 'FAQ' },
    ],
  );
  const model = createPaletteModel({ items });
  model.open();
  model.setQuery('退款');
  await model.activate();
  assert.deepEqual(model.getState().result, { kind: 'text', text: '三十天內。', title: '可以退款嗎？' });
  assert.equal(pickLocalized({ fr: 'oui' }, 'de', 'x'), 'oui');
  assert.throws(() => pickLocalized(3 as never, 'en', 'questions[0].answer'), /questions\[0\]\.answer must be a string/);
});
