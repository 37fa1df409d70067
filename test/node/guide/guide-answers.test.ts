import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { guide } from '../../../core/llm/guide/index.js';
import { agentTurnTool } from '../../../core/loop/envelope-tool.js';
import {
  ORIGIN,
  conversation,
  envelopeOf,
  homeDump,
  pricingDump,
  priorTurn,
  stubPageTools,
  visibleText,
  zhHomeDump,
  zhSitemap,
  type Envelope,
} from './fixtures.js';

const offline = guide({ delayMs: 0 });
const BOUND = { timeout: 5_000 };

async function answer(input: Parameters<typeof conversation>[0]): Promise<Envelope> {
  return envelopeOf(await offline.complete(conversation(input)));
}

/** The text between the curly quotes of a narration: what it claims the page says. */
function quoted(narration: string): string {
  const open = narration.indexOf('“');
  const close = narration.lastIndexOf('”');
  assert.ok(open >= 0 && close > open, `no quote in ${narration}`);
  return narration.slice(open + 1, close).replace(/…$/, '');
}

describe('offline guide: what it answers', () => {
  it('asked for pricing on the home page, it goes to /pricing and keeps the run going', BOUND, async () => {
    const envelope = await answer({ task: 'pricing', url: `${ORIGIN}/`, pageText: homeDump });
    assert.equal(envelope.actions.length, 1);
    const [action] = envelope.actions;
    assert.equal(action!.tool, 'navigate');
    assert.deepEqual(action!.args, { path: '/pricing' });
    assert.equal(action!.narrate, '(Offline guide) Taking you to Pricing…');
    assert.deepEqual(action!.about, ['3'], 'it points at the Pricing link of the menu while it goes');
    assert.equal(envelope.is_final, false);
  });

  it('on the pricing page, it points at the plans and finishes, quoting the page', BOUND, async () => {
    const envelope = await answer({ task: 'pricing', url: `${ORIGIN}/pricing`, pageText: pricingDump });
    const [action] = envelope.actions;
    assert.equal(action!.tool, 'highlight');
    assert.deepEqual(action!.args, { target: '8' }, 'the plans table region');
    assert.deepEqual(action!.about, ['8']);
    assert.ok(action!.narrate.startsWith('(Offline guide) Here is what this page says about pricing: “Pricing: Start free.'), action!.narrate);
    assert.equal(envelope.is_final, true);
  });

  it('answers from the current page when it says more than any other page would', BOUND, async () => {
    const envelope = await answer({ task: 'Is there a discount if I pay yearly?', url: `${ORIGIN}/pricing`, pageText: pricingDump });
    const [action] = envelope.actions;
    assert.match(action!.narrate, /“Is there a discount for yearly billing\? Two months free: yearly Grove is \$80 per member/);
    assert.doesNotMatch(action!.narrate, /nonprofit/, 'the quote stops after the answer');
    // No id renders that line: it is pointed at by the words it shows.
    assert.equal(action!.tool, 'highlight');
    assert.deepEqual(action!.args, { target: 'text:Two months free: yearly Grove is $80 per' });
    assert.deepEqual(action!.about, [], 'about names ids only');
    assert.equal(envelope.is_final, true);
  });

  it('prefers a matching heading on this page over a page of the site map that matches no better', BOUND, async () => {
    const envelope = await answer({ task: 'How do the reminders work?', url: `${ORIGIN}/`, pageText: homeDump });
    const [action] = envelope.actions;
    assert.match(action!.narrate, /about reminders: “Gentle reminders: One nudge two days before a due date/);
    // The section's heading has no id: it is pointed at by its words.
    assert.equal(action!.tool, 'highlight');
    assert.deepEqual(action!.args, { target: 'text:Gentle reminders' });
  });

  it('narrows a whole-page match down to the line that holds the words (a table row)', BOUND, async () => {
    const envelope = await answer({ task: 'Do you support SAML single sign-on?', url: `${ORIGIN}/pricing`, pageText: pricingDump });
    const [action] = envelope.actions;
    assert.match(action!.narrate, /“Single sign-on \(SAML\)/);
    assert.doesNotMatch(action!.narrate, /Community forum/, 'a table row is quoted alone');
    // Its ✓ and — read as words, with the column each belongs to.
    assert.match(action!.narrate, /Seedling: no, not included; Grove: no, not included; Estate: yes, included/);
    assert.deepEqual(action!.args, { target: 'text:Single sign-on (SAML)|✓' }, 'the row: the element showing its name and its last cell');
  });

  it('goes to the site map page a question is about when this page does not cover it', BOUND, async () => {
    const envelope = await answer({ task: 'How do I import tasks from a spreadsheet?', url: `${ORIGIN}/`, pageText: homeDump });
    assert.equal(envelope.actions[0]!.tool, 'navigate');
    assert.deepEqual(envelope.actions[0]!.args, { path: '/docs' });
  });

  it("says it can't find nonsense, and finishes", BOUND, async () => {
    const envelope = await answer({ task: 'flibbertigibbet quasar zanzibar', url: `${ORIGIN}/`, pageText: homeDump });
    assert.deepEqual(envelope.actions, [
      { narrate: "(Offline guide) I can't find that on this site.", about: [], tool: 'narrate', args: { text: "(Offline guide) I can't find that on this site." } },
    ]);
    assert.equal(envelope.is_final, true);
  });

  it('never goes to a page it cannot name (a :param page) or to the page it is on', BOUND, async () => {
    // "Order detail" is /orders/:id: the guide cannot fill in the id, so it takes the closest page it can open.
    const order = await answer({ task: 'order detail', url: `${ORIGIN}/`, pageText: homeDump });
    assert.deepEqual(order.actions[0]!.args, { path: '/orders' });
    const same = await answer({ task: 'Contact sales', url: `${ORIGIN}/contact`, pageText: '<main>\n\t# Write to us\n\t[1]<button>Send' });
    assert.notEqual(same.actions[0]!.tool, 'navigate', JSON.stringify(same.actions));
  });

  it('answers a zh-TW request in zh-TW, labelled offline, on the page and by navigating', BOUND, async () => {
    const onPage = await answer({ task: '每週摘要是什麼？', url: `${ORIGIN}/`, pageText: zhHomeDump, locale: 'zh-TW', sitemap: zhSitemap });
    assert.ok(onPage.actions[0]!.narrate.startsWith('（離線導覽）這個頁面關於「每週摘要」的內容：「每週摘要：每週一寄出一封摘要信'), onPage.actions[0]!.narrate);
    const elsewhere = await answer({ task: '價格在哪裡？', url: `${ORIGIN}/`, pageText: zhHomeDump, locale: 'zh-TW', sitemap: zhSitemap });
    assert.equal(elsewhere.actions[0]!.narrate, '（離線導覽）正在帶你前往「價格方案」…');
    assert.deepEqual(elsewhere.actions[0]!.args, { path: '/pricing' });
    const lost = await answer({ task: '火星基地', url: `${ORIGIN}/`, pageText: zhHomeDump, locale: 'zh-TW', sitemap: zhSitemap });
    assert.equal(lost.actions[0]!.narrate, '（離線導覽）我在這個網站上找不到相關內容。');
  });

  it('the reply language follows the request; the locale option decides when the request has no letters', BOUND, async () => {
    const english = await answer({ task: 'pricing', url: `${ORIGIN}/`, pageText: zhHomeDump, locale: 'zh-TW', sitemap: zhSitemap });
    assert.ok(english.actions[0]!.narrate.startsWith('(Offline guide)'));
    const call = conversation({ url: `${ORIGIN}/`, pageText: homeDump });
    const chinese = envelopeOf(await guide({ delayMs: 0, locale: 'zh-TW' }).complete(call));
    assert.equal(chinese.actions[0]!.narrate, '（離線導覽）請告訴我你想找什麼，我會在這個網站上幫你找。');
  });

  it('every quote is text the page shows, without ids or element renderings', BOUND, async () => {
    const questions = ['pricing', 'yearly discount', 'SAML', 'members', 'nonprofit', 'switch plans', 'support'];
    const shown = visibleText(pricingDump);
    for (const task of questions) {
      const envelope = await answer({ task, url: `${ORIGIN}/pricing`, pageText: pricingDump });
      const narration = envelope.actions[0]!.narrate;
      const quote = quoted(narration);
      assert.doesNotMatch(quote, /\[[0-9a-z]+\]|<\/?[a-z]+[ >]/, `${task}: ${quote}`);
      // The quote joins page lines and a table's names and cells; every piece between the joins is on
      // the page, a ✓ or — said in words.
      for (const piece of quote.split(/: | \| | — |; /)) {
        const words = piece.trim().replace(/^(?:yes|no), (?:not )?included$/, '');
        assert.ok(words === '' || shown.includes(words), `${task}: "${piece}" is not on the page`);
      }
    }
  });

  it('on the turn after a navigation, it points at the answer on the new page and finishes', BOUND, async () => {
    const first = await answer({ task: 'pricing', url: `${ORIGIN}/`, pageText: homeDump });
    const second = await answer({ task: 'pricing', url: `${ORIGIN}/pricing`, pageText: pricingDump, ...priorTurn('call_1', first) });
    assert.equal(second.actions[0]!.tool, 'highlight');
    assert.deepEqual(second.actions[0]!.args, { target: '8' });
    assert.equal(second.is_final, true);
    assert.equal(second.turn_planning.evaluation_previous_goal, 'The previous step succeeded.');
  });

  it('reads the same conversation when the request comes first and the turn context last', BOUND, async () => {
    const first = await answer({ task: 'pricing', url: `${ORIGIN}/`, pageText: homeDump, layout: 'request-first' });
    assert.equal(first.actions[0]!.tool, 'navigate');
    const second = await answer({ task: 'pricing', url: `${ORIGIN}/pricing`, pageText: pricingDump, ...priorTurn('call_1', first), layout: 'request-first' });
    assert.deepEqual(second.actions[0]!.args, { target: '8' });
  });

  it('never navigates twice: after one navigation it stays, even if another page matches', BOUND, async () => {
    const first = await answer({ task: 'pricing', url: `${ORIGIN}/`, pageText: homeDump });
    // The navigation landed somewhere with nothing about pricing.
    const second = await answer({ task: 'pricing', url: `${ORIGIN}/pricing`, pageText: '<main>\n\t# Loading…', ...priorTurn('call_1', first) });
    assert.equal(second.actions[0]!.tool, 'narrate');
    assert.equal(second.actions[0]!.narrate, '(Offline guide) Here is the Pricing page.');
    assert.equal(second.is_final, true);
  });

  it("when the previous step failed, it says so and finishes", BOUND, async () => {
    const first = await answer({ task: 'pricing', url: `${ORIGIN}/`, pageText: homeDump });
    const second = await answer({ task: 'pricing', url: `${ORIGIN}/`, pageText: homeDump, ...priorTurn('call_1', first, 'not_found') });
    assert.deepEqual(second.actions.map((action) => action.tool), ['narrate']);
    assert.equal(second.actions[0]!.narrate, '(Offline guide) The last step did not work (navigate: not_found), so I stopped here.');
    assert.equal(second.is_final, true);
  });

  it('a navigation cut by a page load counts as done once the new page is the one it asked for', BOUND, async () => {
    const first = await answer({ task: 'pricing', url: `${ORIGIN}/`, pageText: homeDump });
    const second = await answer({ task: 'pricing', url: `${ORIGIN}/pricing`, pageText: pricingDump, ...priorTurn('call_1', first, 'navigation') });
    assert.equal(second.actions[0]!.tool, 'highlight');
  });

  it('after an answer it does not act again: it repeats the answer in words and finishes', BOUND, async () => {
    const first = await answer({ task: 'pricing', url: `${ORIGIN}/pricing`, pageText: pricingDump });
    const again = await answer({ task: 'pricing', url: `${ORIGIN}/pricing`, pageText: pricingDump, ...priorTurn('call_1', first) });
    assert.deepEqual(again.actions.map((action) => action.tool), ['narrate']);
    assert.equal(again.actions[0]!.narrate, first.actions[0]!.narrate);
    assert.equal(again.is_final, true);
  });

  it('uses the tools offered: scroll_to without highlight, words without either, the page name without navigate', BOUND, async () => {
    const onlyCore = stubPageTools().filter((tool) => !['highlight', 'border', 'spotlight'].includes(tool.name));
    const scroll = await answer({ task: 'pricing', url: `${ORIGIN}/pricing`, pageText: pricingDump, tools: onlyCore });
    assert.equal(scroll.actions[0]!.tool, 'scroll_to');
    assert.deepEqual(scroll.actions[0]!.args, { target: '8' });

    const narrateOnly = stubPageTools().filter((tool) => tool.name === 'narrate');
    const words = await answer({ task: 'pricing', url: `${ORIGIN}/pricing`, pageText: pricingDump, tools: narrateOnly });
    assert.equal(words.actions[0]!.tool, 'narrate');
    const stay = await answer({ task: 'pricing', url: `${ORIGIN}/`, pageText: homeDump, tools: narrateOnly });
    assert.equal(stay.actions[0]!.narrate, '(Offline guide) The Pricing page (/pricing) covers that.');
    assert.equal(stay.is_final, true);
  });

  it('fills the planned variant of agent_turn (todo_adjust) when that is the schema offered', BOUND, async () => {
    const call = conversation({ task: 'pricing', url: `${ORIGIN}/pricing`, pageText: pricingDump });
    call.tools = [agentTurnTool(stubPageTools(), true)];
    const envelope = envelopeOf(await offline.complete(call));
    assert.deepEqual(envelope.todo_adjust, { remove: [], replace: [] });
    assert.equal('todos_remaining' in envelope, false);
  });

  it('classic mode: plain text and at most one native tool call', BOUND, async () => {
    const navigate = await offline.complete(conversation({ task: 'pricing', url: `${ORIGIN}/`, pageText: homeDump, mode: 'classic' }));
    assert.equal(navigate.content, '(Offline guide) Taking you to Pricing…');
    assert.deepEqual(navigate.toolCalls.map((call) => [call.name, call.arguments]), [['navigate', { path: '/pricing' }]]);
    assert.equal(navigate.finishReason, 'tool_calls');

    const lost = await offline.complete(conversation({ task: 'zzzxq', url: `${ORIGIN}/`, pageText: homeDump, mode: 'classic' }));
    assert.equal(lost.content, "(Offline guide) I can't find that on this site.");
    assert.deepEqual(lost.toolCalls, [], 'a narration needs no narrate call in classic mode');
    assert.equal(lost.finishReason, 'stop');
  });
  it('a page that states two different dates for the same thing gets both quoted and a "not sure", never one of them as the answer', BOUND, async () => {
    const draft = (boilerplate: string) =>
      [
        `url: ${ORIGIN}/drafts/sync`,
        'title: The sync protocol draft',
        '<main>',
        '\tNetwork Working Group',
        '\tExpires: 18 June 2015',
        '\t# The sync protocol draft',
        '\tThis document describes a protocol for keeping per-user data in sync between devices over HTTP.',
        '\t## Status of this memo',
        '\tThis draft is submitted in full conformance with the provisions of BCP 78 and BCP 79.',
        '\tDrafts are working documents of the task force. They are valid for a maximum of six months and may be updated, replaced, or obsoleted by other documents at any time.',
        `\t${boilerplate}`,
        '\t## Introduction',
        '\tMany services keep data per user; this protocol lets the user choose where it is kept.',
      ].join('\n');
    const task = 'when does the draft expire';
    const torn = await answer({ task, url: `${ORIGIN}/drafts/sync`, pageText: draft('This draft will expire on 15 December 2014.') });
    const said = torn.actions.at(-1)!.narrate;
    assert.match(said, /^\(Offline guide\) I'm not sure: this page says two different things about /, said);
    assert.match(said, /15 December 2014/);
    assert.match(said, /18 June 2015/);
    assert.equal(torn.is_final, true);

    // The same date written another way is one answer, quoted as such.
    const agreed = await answer({ task, url: `${ORIGIN}/drafts/sync`, pageText: draft('This draft will expire on June 18, 2015.') });
    assert.match(agreed.actions.at(-1)!.narrate, /^\(Offline guide\) Here is what this page says about .*(?:18 June 2015|June 18, 2015)/);
  });
});
