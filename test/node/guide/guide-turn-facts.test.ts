import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CompleteOptions, CompleteResult, LLMMessage } from '../../../core/llm/index.js';
import { guide } from '../../../core/llm/guide/index.js';
import { promptStrings } from '../../../core/prompts/prompt.strings.js';
import { ORIGIN, conversation, envelopeOf, homeDump, pricingDump, priorTurn, zhHomeDump, zhSitemap, type GuideCall } from './fixtures.js';

const BOUND = { timeout: 5_000 };
const offline = guide({ delayMs: 0 });

/** What the guide decided: its tool calls and its text, without the usage estimate and the metrics. */
async function decision(call: CompleteOptions): Promise<Pick<CompleteResult, 'content' | 'toolCalls' | 'finishReason'>> {
  const { content, toolCalls, finishReason } = await offline.complete(call);
  return { content, toolCalls, finishReason };
}

/** Every fixed word the prompt builders write, in both locales: headings, labels, the site map's dashes. */
const PROMPT_WORDS = (['en', 'zh-TW'] as const).flatMap((locale) =>
  Object.values(promptStrings(locale)).filter((value): value is string => typeof value === 'string' && value.length > 1),
);

/** The same prompt in other words: every heading and label renamed, the outline's dashes and the loop's status lines too. */
function reworded(messages: readonly LLMMessage[]): LLMMessage[] {
  const rewrite = (text: string) => {
    let out = text;
    PROMPT_WORDS.forEach((word, index) => {
      out = out.split(word).join(`## Part ${index} of the prompt\n`);
    });
    return out.replace(/ \u2014 /g, ' => ').replace(/succeeded/g, 'went fine').replace(/failed \(/g, 'did not work (');
  };
  return messages.map((message) => {
    if (message.role === 'user' && Array.isArray(message.content)) {
      return { ...message, content: message.content.map((part) => (part.type === 'text' ? { ...part, text: rewrite(part.text) } : part)) };
    }
    return { ...message, content: rewrite(message.content as string) } as LLMMessage;
  });
}

/** Calls of every kind of answer: on the page, by the site map, after a navigation, after a failure, zh-TW, classic. */
async function calls(): Promise<Array<[string, GuideCall]>> {
  const home = conversation({ task: 'pricing', url: `${ORIGIN}/`, pageText: homeDump });
  const first = envelopeOf(await offline.complete(home));
  return [
    ['answers from the page', conversation({ task: 'Is there a discount if I pay yearly?', url: `${ORIGIN}/pricing`, title: 'Pricing · Orchard', pageText: pricingDump })],
    ['navigates by the site map', home],
    ['points after the navigation', conversation({ task: 'pricing', url: `${ORIGIN}/pricing`, pageText: pricingDump, ...priorTurn('call_1', first) })],
    ['says the step failed', conversation({ task: 'pricing', url: `${ORIGIN}/`, pageText: homeDump, ...priorTurn('call_1', first, 'not_found') })],
    ['answers in zh-TW', conversation({ task: '每週摘要是什麼？', url: `${ORIGIN}/`, pageText: zhHomeDump, locale: 'zh-TW', sitemap: zhSitemap })],
    ['classic mode', conversation({ task: 'pricing', url: `${ORIGIN}/`, pageText: homeDump, mode: 'classic' })],
  ];
}

describe('offline guide: it reads the turn facts, never the prompt wording', () => {
  it('gives the same answer when every heading and label of the prompt is worded differently', BOUND, async () => {
    for (const [name, call] of await calls()) {
      const before = await decision(call);
      const after = await decision({ ...call, messages: reworded(call.messages) });
      assert.deepEqual(after, before, name);
      assert.match(before.content + JSON.stringify(before.toolCalls), /Offline guide|離線導覽/, name);
    }
  });

  it('gives the same answer whatever the prompt holds, as long as the facts are the same', BOUND, async () => {
    for (const [name, call] of await calls()) {
      // As many messages (the call id is seeded by their count), none of them saying anything of use.
      const emptied = call.messages.map((message) => ({ ...message, content: 'Something else entirely: flibbertigibbet.' }) as LLMMessage);
      const stripped = await decision({ ...call, messages: emptied });
      assert.deepEqual(stripped, await decision(call), name);
    }
  });

  it('without facts the last user message is the request, and there is no page or site map', BOUND, async () => {
    const { tools, toolChoice, messages } = conversation({ task: 'pricing', url: `${ORIGIN}/pricing`, pageText: pricingDump });
    // The prompt holds the page and the site map, but only the facts would have given them.
    const plain = envelopeOf(await offline.complete({ messages, tools, ...(toolChoice ? { toolChoice } : {}) }));
    assert.equal(plain.actions[0]!.narrate, "(Offline guide) I can't find that on this site.");
    const asked = await offline.complete({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Where are the prices?' }, { role: 'assistant', content: 'Let me look.' }] });
    assert.equal(asked.content, "(Offline guide) I can't find that on this site.", 'a request, and nothing to look in');
    const none = await offline.complete({ messages: [{ role: 'user', content: '   ' }] });
    assert.equal(none.content, '(Offline guide) Tell me what you are looking for, and I will look for it on this site.');
  });

  it('reads malformed facts field by field, skipping what is not of its type', BOUND, async () => {
    const call = conversation({ task: 'yearly discount', url: `${ORIGIN}/pricing`, pageText: pricingDump });
    const junk = {
      ...call.turn,
      locale: 42,
      title: { text: 'x' },
      pageLines: [...call.turn!.pageLines!, null, 7, { line: 'x' }],
      sitemap: [null, { path: 5 }, { path: 'no-slash', title: 'x' }, { path: '/pricing', title: 9, also: 'x' }],
      priorTurns: [null, { tools: 'navigate' }, { tools: ['navigate', 5], failure: { tool: 'navigate', code: 'bad code (with spaces)' } }],
    } as unknown as CompleteOptions['turn'];
    const envelope = envelopeOf(await offline.complete({ ...call, turn: junk }));
    assert.match(envelope.actions[0]!.narrate, /Two months free/);
    const notFacts = await offline.complete({ ...call, turn: 'pricing' as unknown as CompleteOptions['turn'] });
    assert.match(envelopeOf(notFacts).actions[0]!.narrate, /^\(Offline guide\) /);
  });
});
