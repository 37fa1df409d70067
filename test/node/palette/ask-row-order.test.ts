import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPaletteModel } from '../../../core/palette/palette-model.js';

const items = [
  { id: 'csv', name: 'Import tasks from a spreadsheet', keywords: ['csv', 'import'], actions: [{ kind: 'copy' as const, text: 'x' }] },
  { id: 'pricing', name: 'Pricing', actions: [{ kind: 'copy' as const, text: 'y' }] },
];

async function rowsFor(query: string) {
  const palette = createPaletteModel({ items });
  await palette.ready;
  palette.open();
  palette.setQuery(query);
  return palette.getState().rows.map((row) => (row.type === 'ask' ? 'ask' : row.item.id));
}

describe('where the "ask the agent" row goes', () => {
  it('after the items for a word or two, so Enter runs the command the visitor typed', async () => {
    assert.deepEqual(await rowsFor('pricing'), ['pricing', 'ask']);
    assert.deepEqual(await rowsFor('import spreadsheet'), ['csv', 'ask']);
  });

  it('first for a question or a sentence, so Enter hands it to the agent', async () => {
    assert.equal((await rowsFor('Can I import a spreadsheet?'))[0], 'ask');
    assert.equal((await rowsFor('import my old spreadsheet'))[0], 'ask');
    assert.equal((await rowsFor('價格？'))[0], 'ask');
  });
});
