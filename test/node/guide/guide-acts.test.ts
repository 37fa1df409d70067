import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { guide } from '../../../core/llm/guide/index.js';
import type { AnyLoopTool } from '../../../core/loop/index.js';
import { ORIGIN, conversation, envelopeOf, homeDump, pricingDump, priorTurn, stubPageTools, type Envelope } from './fixtures.js';

const offline = guide({ delayMs: 0 });
const BOUND = { timeout: 5_000 };

async function answer(input: Parameters<typeof conversation>[0]): Promise<Envelope> {
  return envelopeOf(await offline.complete(conversation(input)));
}

const contactDump = [
  'url: http://localhost:8080/contact',
  '<main>',
  '\t# Contact sales',
  '\t<form>',
  '\t\t[9]<label>Full name',
  '\t\t[10]<input name=name>',
  '\t\t[11]<label>Work email [12]<input type=email name=email>',
  '\t\t[13]<label>Phone (optional)',
  '\t\t[14]<input type=tel name=phone>',
  '\t\t[15]<label>Company name',
  '\t\t[16]<input name=company>',
  '\t\t[17]<label>Message',
  '\t\t[18]<textarea name=message>',
  '\t\t[19]<button type=submit>Send message',
].join('\n');

const shippingDump = [
  'url: http://localhost:8080/shipping',
  '<main>',
  '\t# Shipping and returns',
  '\t<details>',
  '\t\t[7]<summary collapsed>How long does delivery take?',
  '\t<details>',
  '\t\t[8]<summary collapsed>Do you ship outside the UK?',
].join('\n');

/** A site command as the palette publishes one: no required argument, a free-text `arg`. */
function themeCommand(): AnyLoopTool {
  return {
    name: 'palette_theme',
    description: 'Switches the site between its light and dark themes. (palette command "Dark theme")',
    parameters: { type: 'object', properties: { arg: { type: 'string' } }, additionalProperties: false },
    run: async () => ({ ok: true }),
  };
}

describe('offline guide: it acts, not only quotes', () => {
  it('answers a question naming a row and a column with that cell, and points at its row', BOUND, async () => {
    const envelope = await answer({ task: 'how much does grove cost', url: `${ORIGIN}/pricing`, pageText: pricingDump });
    const [action] = envelope.actions;
    assert.equal(action!.narrate, '(Offline guide) Here is what this page says about grove cost: “Price per member, per month — Grove: $8”');
    assert.deepEqual([action!.tool, action!.args], ['highlight', { target: 'text:Price per member, per month|$8' }]);
    const digest = await answer({ task: 'does seedling include the weekly digest?', url: `${ORIGIN}/pricing`, pageText: pricingDump });
    assert.match(digest.actions[0]!.narrate, /“Weekly digest — Seedling: no, not included”/);
  });

  it('runs the site command the request names, once, and says so', BOUND, async () => {
    const tools = [...stubPageTools(), themeCommand()];
    const envelope = await answer({ task: 'switch to the dark theme', url: `${ORIGIN}/`, pageText: homeDump, tools });
    assert.deepEqual(envelope.actions.map((action) => [action.tool, action.args]), [['palette_theme', { arg: '' }]]);
    assert.equal(envelope.actions[0]!.narrate, '(Offline guide) Running “Dark theme”.');
    assert.equal(envelope.is_final, true);
    // A request the command does not cover is not run through it.
    const other = await answer({ task: 'how do the reminders work', url: `${ORIGIN}/`, pageText: homeDump, tools });
    assert.notEqual(other.actions[0]!.tool, 'palette_theme');
  });

  it('fills each stated value into the field meant for it, never sends, and never guesses a field', BOUND, async () => {
    const envelope = await answer({
      task: 'fill the contact form with name Ada Lovelace, email ada@example.com and message Call me on Monday',
      url: `${ORIGIN}/contact`,
      pageText: contactDump,
    });
    assert.deepEqual(
      envelope.actions.map((action) => [action.tool, action.args]),
      [
        ['fill_input', { target: '12', value: 'ada@example.com' }],
        ['fill_input', { target: '10', value: 'Ada Lovelace' }],
        ['fill_input', { target: '18', value: 'Call me on Monday' }],
      ],
    );
    assert.equal(envelope.actions[0]!.narrate, '(Offline guide) I filled in Work email, Full name, Message. Check them, then send the form yourself.');
    assert.ok(envelope.actions.slice(1).every((action) => action.narrate === ''), 'one narration for the turn');
    assert.equal(envelope.is_final, true);
    assert.ok(!envelope.actions.some((action) => action.tool === 'click'), 'the form is left for the visitor to send');
  });

  it('goes to the form the request asks for, then fills it there', BOUND, async () => {
    const sitemap = { title: 'Home', children: { contact: { title: 'Contact sales', description: 'A form to reach the sales team' } } };
    const task = 'fill in the contact form: my name is Grace Hopper, email grace@navy.example';
    const first = await answer({ task, url: `${ORIGIN}/`, pageText: homeDump, sitemap });
    assert.deepEqual(first.actions.map((action) => [action.tool, action.args]), [['navigate', { path: '/contact' }]]);
    const second = await answer({ task, url: `${ORIGIN}/contact`, pageText: contactDump, sitemap, ...priorTurn('call_1', first) });
    assert.deepEqual(second.actions.map((action) => action.args.value), ['grace@navy.example', 'Grace Hopper']);
  });

  it('opens a collapsed answer, then quotes and points at it once it shows', BOUND, async () => {
    const task = 'do you ship outside the UK?';
    const first = await answer({ task, url: `${ORIGIN}/shipping`, pageText: shippingDump });
    assert.deepEqual(first.actions.map((action) => [action.tool, action.args]), [['click', { target: '8' }]]);
    assert.equal(first.actions[0]!.narrate, '(Offline guide) Opening “Do you ship outside the UK?”…');
    assert.equal(first.is_final, false);
    const opened = shippingDump.replace('[8]<summary collapsed>Do you ship outside the UK?', '[8]<summary>Do you ship outside the UK?\n\t\tYes, to the EU, Norway and Switzerland, in five to eight working days.');
    const second = await answer({ task, url: `${ORIGIN}/shipping`, pageText: opened, ...priorTurn('call_1', first) });
    assert.match(second.actions[0]!.narrate, /“Do you ship outside the UK\? Yes, to the EU, Norway and Switzerland/);
    assert.deepEqual(second.actions[0]!.args, { target: 'text:Yes, to the EU, Norway and Switzerland,' });
    assert.equal(second.is_final, true);
  });

  it('a page holding only some of the words is no answer: it says so and names the closest pages', BOUND, async () => {
    const pro = await answer({ task: 'what does the pro plan cost', url: `${ORIGIN}/pricing`, pageText: pricingDump });
    assert.equal(pro.actions[0]!.tool, 'narrate');
    assert.match(pro.actions[0]!.narrate, /^\(Offline guide\) I can't find that on this site\. The closest pages? (?:is|are) .*Pricing/);
    const nothing = await answer({ task: 'what is the weather in Lisbon tomorrow', url: `${ORIGIN}/pricing`, pageText: pricingDump });
    assert.equal(nothing.actions[0]!.narrate, "(Offline guide) I can't find that on this site.");
  });

  it('a Chinese request on an English site finds the page through the words for the parts of a site', BOUND, async () => {
    const envelope = await answer({ task: '價格', url: `${ORIGIN}/`, pageText: homeDump });
    assert.deepEqual(envelope.actions.map((action) => [action.tool, action.args]), [['navigate', { path: '/pricing' }]]);
    assert.equal(envelope.actions[0]!.narrate, '（離線導覽）正在帶你前往「Pricing」…');
  });

  it('a pointing step that failed leaves the answer standing, said again in words', BOUND, async () => {
    const first = await answer({ task: 'how much does grove cost', url: `${ORIGIN}/pricing`, pageText: pricingDump });
    const second = await answer({ task: 'how much does grove cost', url: `${ORIGIN}/pricing`, pageText: pricingDump, ...priorTurn('call_1', first, 'not_found') });
    assert.deepEqual(second.actions.map((action) => action.tool), ['narrate']);
    assert.equal(second.actions[0]!.narrate, first.actions[0]!.narrate);
    assert.equal(second.is_final, true);
  });
});
