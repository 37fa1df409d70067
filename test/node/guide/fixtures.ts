/**
 * Realistic inputs for the offline guide: the Orchard demo's pages as the DOM reader prints them
 * (captured from the demo in Chromium with readDOM, a few lines left out), its site map, and calls
 * built like the web agent's: the real prompt builders, the real page actions, the loop's real
 * `agent_turn` tool, and the turn's facts from the agent's own builder.
 */
import { buildTurnFacts, sitemapFacts } from '../../../core/agent/web-agent/turn-facts.js';
import type { CompleteOptions, LLMMessage, PriorTurnFacts, ToolDefinition } from '../../../core/llm/types.js';
import { agentTurnTool } from '../../../core/loop/envelope-tool.js';
import type { AnyLoopTool, ToolResult } from '../../../core/loop/types.js';
import { createPageActions } from '../../../core/page/actions/index.js';
import { buildTurnContext, buildWebAgentSystemPrompt } from '../../../core/prompts/index.js';
import type { SitemapNode } from '../../../core/sitemap/index.js';

export const ORIGIN = 'http://localhost:8080';

export const homeDump = [
  `url: ${ORIGIN}/`,
  'title: Orchard — calm planning for small teams',
  '<header>',
  '\t[1]<a aria-label="Orchard home">Orchard',
  '\t<nav aria-label="Main">',
  '\t\t[2]<a>Home',
  '\t\t[3]<a>Pricing',
  '\t\t[4]<a>Docs',
  '\t\t[5]<a>CMS draft',
  '\t\t[6]<a>Contact',
  '\t[7]<button>Dark theme',
  '<main>',
  '\t<section>',
  '\t\tTask planning for teams of 3 to 30',
  '\t\t# Plan the season, not the panic.',
  "\t\tOrchard keeps your team's work in tidy boards, nudges people before things are due, and sends one calm weekly digest…",
  '\t\t[8]<a>See plans',
  '\t\t[9]<a>Read the docs',
  '\t<section>',
  '\t\t## What you get',
  '\t\t### Boards that stay tidy',
  '\t\tColumns for each stage, swimlanes for each person, and finished cards that archive themselves after a week.',
  '\t\t### Gentle reminders',
  '\t\tOne nudge two days before a due date, one on the day. Nobody gets pinged at 2 a.m.',
  '\t\t### The weekly digest',
  '\t\tEvery Monday: what shipped, what slipped, and what is next, in one short email per person.',
  '\t<section>',
  '\t\tWe moved our twelve-person studio to Orchard in an afternoon. The Monday digest alone replaced two meetings.',
  '\t\tInes Duarte, operations lead at Foxglove Studio',
  '<footer>',
  '\tOrchard is a fictional product, made up to demonstrate the dddk kit.',
].join('\n');

export const pricingDump = [
  `url: ${ORIGIN}/pricing`,
  'title: Pricing · Orchard',
  '<header>',
  '\t[1]<a aria-label="Orchard home">Orchard',
  '\t<nav aria-label="Main">',
  '\t\t[2]<a>Home',
  '\t\t[3]<a>Pricing',
  '\t\t[4]<a>Docs',
  '\t\t[5]<a>CMS draft',
  '\t\t[6]<a>Contact',
  '\t[7]<button>Dark theme',
  '<main>',
  '\t# Pricing',
  '\tStart free. Upgrade when your team grows. Every plan includes unlimited boards and tasks.',
  '\t[8]<div role=region aria-label="Orchard plans and what each includes">',
  '\tOrchard plans and what each includes',
  '\tFeature | Seedling | Grove | Estate',
  '\tPrice per member, per month | Free | $8 | $16',
  '\tMembers | Up to 3 | Up to 30 | Unlimited',
  '\tBoards and tasks | Unlimited | Unlimited | Unlimited',
  '\tWeekly digest | — | ✓ | ✓',
  '\tSingle sign-on (SAML) | — | — | ✓',
  '\tSupport | Community forum | Email, next business day | Priority, 4-hour response',
  '\t<section>',
  '\t\t## Questions about billing',
  '\t\tCan I switch plans later?',
  '\t\tYes. Upgrades apply at once and are prorated; downgrades apply at the end of the billing month.',
  '\t\tIs there a discount for yearly billing?',
  '\t\tTwo months free: yearly Grove is $80 per member and yearly Estate is $160 per member.',
  '\t\tDo you offer nonprofit pricing?',
  '\t\tRegistered nonprofits get Grove free for up to 30 members. [9]<a>Tell us about your organisation.',
  '<footer>',
  '\tOrchard is a fictional product, made up to demonstrate the dddk kit.',
].join('\n');

/** A page of a Traditional Chinese site, in the same format. */
export const zhHomeDump = [
  `url: ${ORIGIN}/`,
  'title: 果園',
  '<nav aria-label="主選單">',
  '\t[1]<a>首頁',
  '\t[2]<a>價格方案',
  '<main>',
  '\t# 讓團隊從容規劃每一季',
  '\t果園把團隊的工作整理成看板，並在到期前提醒大家。',
  '\t## 每週摘要',
  '\t每週一寄出一封摘要信：完成了什麼、延誤了什麼、接下來要做什麼。',
  '\t[3]<button>開始使用',
].join('\n');

export const orchardSitemap: SitemapNode = {
  title: 'Home',
  description: 'What Orchard is and what you get',
  children: {
    pricing: { title: 'Pricing', description: 'Plans, prices per member and billing questions' },
    docs: { title: 'Docs', description: 'Setting up a workspace, importing tasks from a spreadsheet, keyboard shortcuts and the REST API' },
    contact: { title: 'Contact sales', description: 'Send a message to the sales team' },
    orders: { title: 'Orders', requiresAuth: true, children: { ':id': { title: 'Order detail' } } },
  },
};

export const zhSitemap: SitemapNode = {
  title: '首頁',
  description: '果園是什麼',
  children: { pricing: { title: '價格方案', description: '每位成員的價格與帳單問題' } },
};

/** The page actions offered in envelope mode, as loop tools that only record their calls. */
export function stubPageTools(
  respond: (name: string, args: Record<string, unknown>) => ToolResult = () => ({ ok: true }),
  calls: Array<{ name: string; args: Record<string, unknown> }> = [],
): AnyLoopTool[] {
  return createPageActions().map((action) => ({
    name: action.name,
    description: action.description,
    parameters: action.parameters as Record<string, unknown>,
    run: async (args: Record<string, unknown>) => {
      calls.push({ name: action.name, args });
      return respond(action.name, args);
    },
  }));
}

export function toolDefinitions(tools: readonly AnyLoopTool[]): ToolDefinition[] {
  return tools.map(({ name, description, parameters }) => ({ name, description, parameters }));
}

/** A fence like a host's: the page text between boundary lines that carry a random-looking mark. */
export const markedFence = (text: string, source: string) => `<<untrusted ${source} k9x2>>\n${text}\n<</untrusted ${source} k9x2>>`;

export interface ConversationInput {
  task?: string;
  url: string;
  title?: string;
  pageText: string;
  locale?: string;
  sitemap?: SitemapNode;
  tools?: readonly AnyLoopTool[];
  mode?: 'envelope' | 'classic';
  fence?: (text: string, source: string) => string;
  /** The loop's transcript so far. */
  transcript?: LLMMessage[];
  /** What the earlier turns did, as the agent passes it with the call. */
  prior?: PriorTurnFacts[];
  /** `request-first`: the request as its own message, the transcript, then the turn context last. */
  layout?: 'context-first' | 'request-first';
}

export type GuideCall = CompleteOptions & { tools: ToolDefinition[] };

/** The messages, tools and turn facts of one call, as the web agent builds them for the loop. */
export function conversation(input: ConversationInput): GuideCall {
  const tools = input.tools ?? stubPageTools();
  const mode = input.mode ?? 'envelope';
  const system = buildWebAgentSystemPrompt({
    mode,
    locale: input.locale,
    siteName: 'Orchard',
    sitemap: input.sitemap ?? orchardSitemap,
    tools: toolDefinitions(tools),
  });
  const context = buildTurnContext(
    { task: input.task, url: input.url, title: input.title, pageText: input.pageText, locale: input.locale },
    { fence: input.fence ?? markedFence, reminder: (text) => `<reminder>${text}</reminder>` },
  );
  const messages: LLMMessage[] =
    input.layout === 'request-first'
      ? [{ role: 'system', content: system }, { role: 'user', content: input.task ?? '' }, ...(input.transcript ?? []), { role: 'user', content: context }]
      : [{ role: 'system', content: system }, { role: 'user', content: context }, ...(input.transcript ?? [])];
  const turn = buildTurnFacts({
    task: input.task ?? '',
    locale: input.locale ?? 'en',
    page: { url: input.url, text: input.pageText, ...(input.title ? { title: input.title } : {}) },
    sitemap: sitemapFacts(input.sitemap ?? orchardSitemap),
    records: [],
  });
  if (input.prior) turn.priorTurns = input.prior;
  if (mode === 'classic') return { messages, tools: toolDefinitions(tools), turn };
  return { messages, tools: [agentTurnTool(tools, false)], toolChoice: { name: 'agent_turn' }, turn };
}

/** The `agent_turn` arguments a call produced. */
export interface Envelope {
  memory: string;
  turn_planning: { evaluation_previous_goal: string; next_goal: string };
  todos_remaining?: string[];
  todo_adjust?: unknown;
  actions: Array<{ narrate: string; about: string[]; tool: string; args: Record<string, unknown> }>;
  is_final: boolean;
}

export function envelopeOf(result: { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> }): Envelope {
  const call = result.toolCalls.find((one) => one.name === 'agent_turn');
  if (!call) throw new Error(`no agent_turn call in ${JSON.stringify(result.toolCalls)}`);
  return call.arguments as unknown as Envelope;
}

/**
 * An earlier turn of the run: the agent_turn call and its result as the loop writes them into the
 * transcript, and the facts the agent passes about it (`failed`: the first action's failure code).
 */
export function priorTurn(id: string, envelope: Envelope, failed?: string): { transcript: LLMMessage[]; prior: PriorTurnFacts[] } {
  const [first] = envelope.actions;
  const status = first ? `actions[0] (${first.tool}) ${failed ? `failed (${failed}).` : 'succeeded.'}` : 'No action was received in this turn.';
  const facts: PriorTurnFacts = { tools: envelope.actions.map((action) => action.tool) };
  const navigation = envelope.actions.find((action) => action.tool === 'navigate');
  if (navigation && typeof navigation.args.path === 'string') facts.navigatedTo = navigation.args.path;
  if (failed && first) facts.failure = { tool: first.tool, code: failed };
  return {
    transcript: [
      { role: 'assistant', content: '', toolCalls: [{ id, name: 'agent_turn', arguments: envelope as unknown as Record<string, unknown> }] },
      { role: 'tool', toolCallId: id, content: `<reminder>${status}</reminder>` },
    ],
    prior: [facts],
  };
}

/** The page text without the reader's `[id]` markers and element renderings, whitespace collapsed. */
export function visibleText(dump: string): string {
  return dump
    .replace(/\[[0-9a-z]+\]<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ');
}
