// The FAQ, catalog and recommender as agent tools: registered through the same registry (checked,
// offered at the next turn, results fenced), their engines loaded on first use; the FAQ owns up to
// having no answer; the recommender learns from a like and keeps it across registrations.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { memoryStorage } from '../../../core/storage/memory-storage.js';
import { BOUND, destroyAll, toolReply, toolsController } from './support.js';

afterEach(destroyAll);

const FAQ = [
  { id: 'refunds', question: 'Can I get a refund?', answer: 'Yes: within 30 days of purchase, in full, no questions asked.' },
  { id: 'sso', question: 'Do you support single sign-on?', answer: 'Single sign-on (SAML and OIDC) is included in the Canopy plan.' },
  { id: 'export', question: 'How do I export my boards?', answer: 'Open Settings, then Export, and choose CSV or JSON.' },
];

const TENTS = [
  { sku: 'T1', name: 'Trail One tent', body: 'A light one-person tent for fast hikes, 1.2 kg.' },
  { sku: 'T2', name: 'Trail Two tent', body: 'A two-person tent with two doors and a footprint, 1.9 kg.' },
  { sku: 'S1', name: 'Ember stove', body: 'A canister stove that boils a litre of water in four minutes.' },
  { sku: 'B1', name: 'Down sleeping bag', body: 'A warm down bag for three seasons, rated to minus five.' },
];
const toDoc = (row: (typeof TENTS)[number]) => ({ id: row.sku, fields: { name: row.name, body: row.body } });

describe('dddk.tools.registerQA / registerSearch / registerRecommend', () => {
  it('the FAQ tool answers an in-scope question with its entry and says an out-of-scope one is not covered', BOUND, async () => {
    const { dddk, model } = toolsController([
      [{ tool: 'qa_lookup', args: { question: 'how do I get a refund?' } }, { tool: 'qa_lookup', args: { question: 'who won the football world cup in 1998?' } }],
      [],
    ]);
    const handle = await dddk.tools.registerQA({ items: FAQ });
    assert.equal(handle.name, 'qa_lookup');
    await dddk.tools.flush();
    await dddk.startAgent('Answer the visitor').done;
    assert.ok(model.requests[0]!.tools.includes('qa_lookup'), 'offered from the first turn');
    const reply = toolReply(model, 1);
    const [inScope, outOfScope] = reply.split('actions[1]');
    assert.match(inScope!, /"confident":true/);
    assert.match(inScope!, /within 30 days of purchase/);
    assert.match(outOfScope!, /"confident":false/);
    assert.match(outOfScope!, /say the FAQ does not cover it/);
  });

  it('the catalog tool finds items by their words (plural, other field) and says when nothing matches', BOUND, async () => {
    const { dddk, model } = toolsController([
      [{ tool: 'search_catalog', args: { query: 'tents with two doors' } }, { tool: 'search_catalog', args: { query: 'kayak paddle' } }],
      [],
    ]);
    await dddk.tools.registerSearch({ items: TENTS, toDoc, fieldWeights: { name: 3, body: 1 } });
    await dddk.startAgent('Find it').done;
    const [found, nothing] = toolReply(model, 1).split('actions[1]');
    assert.match(found!, /"results":\[\{"id":"T2"/, 'the two-door tent comes first');
    assert.match(nothing!, /"results":\[\]/);
    assert.match(nothing!, /do not invent items/);
  });

  it('the recommender learns a like through its tool and a dislike from the host, and keeps them in its storage', BOUND, async () => {
    const storage = memoryStorage();
    const { dddk, model } = toolsController([[{ tool: 'recommend_record_preference', args: { id: 'T2', response: 'like' } }], [{ tool: 'recommend_similar', args: { id: 'T1' } }], []]);
    const recommend = await dddk.tools.registerRecommend({ items: TENTS, toDoc, storage, customerId: 'ada' });
    assert.deepEqual(recommend.handles.map((one) => one.name), ['recommend_for_customer', 'recommend_similar', 'recommend_record_preference']);
    await dddk.startAgent('Recommend something').done;
    assert.match(toolReply(model, 1), /recorded: the visitor likes T2/);
    assert.match(toolReply(model, 2), /"results":\[\{"id":"T2"/, 'the other tent is the most similar');
    recommend.recordPreference('B1', 'dislike');
    recommend.remove();
    assert.equal(dddk.tools.list().length, 0, 'remove() withdraws the three tools');

    // A new registration over the same storage (the next page) recommends from what was learnt.
    const again = await dddk.tools.registerRecommend({ items: TENTS, toDoc, storage, customerId: 'ada' });
    const tool = dddk.tools.list().find((one) => one.name === 'recommend_for_customer')!;
    const picks = (await tool.handler({}, { signal: new AbortController().signal, locale: 'en' })) as { results: Array<{ id: string }> };
    const order = picks.results.map((one) => one.id);
    assert.equal(order[0], 'T1', `the tent like the liked one comes first (${order.join(', ')})`);
    assert.ok(!order.includes('T2') && !order.includes('B1'), 'what was rated is not recommended again');
    again.remove();
  });

  it('bad options reject with a TypeError naming what to fix, and register nothing', BOUND, async () => {
    const { dddk } = toolsController();
    await assert.rejects(dddk.tools.registerQA({ items: 'faq' as never }), TypeError);
    await assert.rejects(dddk.tools.registerSearch({ items: TENTS, toDoc: 'id' as never }), /toDoc/);
    await assert.rejects(dddk.tools.registerSearch({ items: TENTS, toDoc, name: 'search catalog' }), /name/);
    await assert.rejects(dddk.tools.registerQA({ items: FAQ, description: ' ' }), /options\.description must be a non-empty string/);
    await dddk.tools.registerQA({ items: FAQ });
    await assert.rejects(dddk.tools.registerQA({ items: FAQ }), /already a registered host tool/);
    assert.deepEqual(dddk.tools.list().map((one) => one.name), ['qa_lookup']);
  });

  it('flush waits for a registration whose engine is still loading', BOUND, async () => {
    const { dddk } = toolsController();
    const pending = dddk.tools.registerSearch({ items: TENTS, toDoc });
    assert.equal(dddk.tools.list().length, 0, 'not registered before its code has loaded');
    await dddk.tools.flush();
    assert.deepEqual(dddk.tools.list().map((one) => one.name), ['search_catalog']);
    await pending;
  });
});
