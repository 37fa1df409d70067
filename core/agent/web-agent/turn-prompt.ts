/**
 * The whole prompt of one model call:
 *
 *   system        — who the agent is and its rules (the same every turn)
 *   user          — the request, as the user wrote it (with the pictures the user attached, in the first turn)
 *   …transcript   — the run's earlier turns and their results, oldest dropped first to fit the limits
 *   user          — this turn's context: the task again, the page as it is now, earlier exchanges, plan,
 *                   the page summary and recent pages when providers give them, note, and the
 *                   screenshots of the page when the turn has some
 *
 * The request stays first so the conversation always opens with the user (some providers require
 * it); the page comes last so the model reads the newest state right before it answers.
 */
import type { LLMMessage } from '../../llm/types.js';
import { buildTurnContext } from '../../prompts/build-turn-context.js';
import { buildWebAgentSystemPrompt } from '../../prompts/build-web-agent-system-prompt.js';
import { identityFence, identityReminder, type FenceSource, type PromptTextHooks } from '../../prompts/text-hooks.js';
import { estimateMessageTokens } from '../session/token-estimate.js';
import { trimForPrompt } from '../session/trim-for-prompt.js';
import type { TurnSelection } from '../session/session.types.js';
import { agentStrings } from './agent.strings.js';
import type { AgentContextRole } from './context-roles.js';
import type { ResolvedWebAgentConfig } from './resolve-config.js';
import type { PageSnapshot } from './agent-page.types.js';

/** The system prompt for a locale; nothing in it changes from turn to turn. */
export function systemPromptFor(config: ResolvedWebAgentConfig, locale: string): string {
  // The tools are described by the `agent_turn` tool (envelope) or sent natively (classic): listing
  // them here as well would only double the prompt.
  return buildWebAgentSystemPrompt({
    mode: config.mode,
    locale,
    ...(config.agentName ? { agentName: config.agentName } : {}),
    ...(config.siteName ? { siteName: config.siteName } : {}),
    ...(config.persona ? { persona: config.persona } : {}),
    ...(config.brand ? { brand: config.brand } : {}),
    ...(config.sitemap ? { sitemap: config.sitemap } : {}),
    ...(config.systemPrompt !== undefined ? { systemPrompt: config.systemPrompt } : {}),
    ...(config.appendSystemPrompt ? { appendSystemPrompt: config.appendSystemPrompt } : {}),
    ...(config.prompts ? { prompts: config.prompts } : {}),
  });
}

export interface TurnPromptInput {
  system: string;
  task: string;
  page: PageSnapshot;
  transcript: readonly LLMMessage[];
  locale: string;
  history?: string[];
  todos?: string[];
  selection?: TurnSelection;
  stepNote?: string;
  /** The `page_summary` slot's text. */
  pageSummary?: string;
  /** The `history` slot's text: the paths the app moved through. */
  recentPages?: string;
  /** The `memory` slot's text: fenced as `memory`, whoever provided it. */
  memory?: string;
  /** Slots whose text came from a host's provider: fenced with the source `host-context`. */
  hostSlots?: ReadonlySet<AgentContextRole>;
  hooks: PromptTextHooks;
  maxTurnsInPrompt?: number;
  maxPromptTokens?: number;
  /** Screenshots of the page (data or https URLs), sent as image parts of this turn's context only. */
  images?: readonly string[];
  /** What the model is told about the images; goes through the `reminder` hook. */
  imagesNote?: string;
  /** Pictures the user attached: image parts of the request message. */
  attachments?: readonly string[];
  /** What the model is told about the attachments; goes through the `reminder` hook. */
  attachmentsNote?: string;
}

export function buildTurnMessages(input: TurnPromptInput): LLMMessage[] {
  const system: LLMMessage = { role: 'system', content: input.system };
  const attachments = input.attachments ?? [];
  const request: LLMMessage =
    attachments.length > 0
      ? { role: 'user', content: [{ type: 'text', text: input.task }, ...attachments.map((image) => ({ type: 'image' as const, image }))] }
      : { role: 'user', content: input.task };
  const hostSlots = input.hostSlots ?? new Set<AgentContextRole>();
  const sourceOf = (roles: AgentContextRole[], own: FenceSource): FenceSource => (roles.some((role) => hostSlots.has(role)) ? 'host-context' : own);
  const runFence = input.hooks.fence ?? identityFence;
  // The page section holds the `dom` and `url` slots; the selection section the `selection` slot.
  const fence = (text: string, source: FenceSource) =>
    runFence(text, source === 'page' ? sourceOf(['dom', 'url'], source) : source === 'selection' ? sourceOf(['selection'], source) : source);
  const sections = [
    buildTurnContext(
      {
        task: input.task,
        url: input.page.url,
        pageText: input.page.text,
        locale: input.locale,
        ...(input.page.title ? { title: input.page.title } : {}),
        ...(input.history?.length ? { history: input.history } : {}),
        ...(input.todos?.length ? { todos: input.todos } : {}),
        ...(input.selection ? { selection: input.selection } : {}),
      },
      { ...input.hooks, fence },
    ),
  ];
  const strings = agentStrings(input.locale);
  if (input.pageSummary) sections.push(`${strings.pageSummaryHeading}\n${runFence(input.pageSummary, sourceOf(['page_summary'], 'page'))}`);
  if (input.recentPages) sections.push(`${strings.recentPagesHeading}\n${runFence(input.recentPages, sourceOf(['history'], 'history'))}`);
  if (input.memory) sections.push(`${strings.memoryHeading}\n${runFence(input.memory, 'memory')}`);
  if (attachments.length > 0 && input.attachmentsNote) sections.push((input.hooks.reminder ?? identityReminder)(input.attachmentsNote));
  // The engine's note stays last, as `buildTurnContext` places it.
  if (input.stepNote) sections.push((input.hooks.reminder ?? identityReminder)(input.stepNote));
  const context = contextMessage(sections.join('\n\n'), input);
  const limits: { maxTurnsInPrompt?: number; maxPromptTokens?: number } = {};
  if (input.maxTurnsInPrompt !== undefined) limits.maxTurnsInPrompt = input.maxTurnsInPrompt;
  if (input.maxPromptTokens !== undefined) limits.maxPromptTokens = Math.max(0, input.maxPromptTokens - estimateMessageTokens(context));
  const kept = trimForPrompt([system, request, ...input.transcript], limits);
  // Trimming pins the latest user message; a note the loop wrote as a user message may have taken
  // that place, so the request is put back where it belongs.
  if (kept[1] !== request) kept.splice(1, 0, request);
  return [...kept, context];
}

/** The turn's context message: plain text, or text and image parts when the turn has screenshots. */
function contextMessage(text: string, input: TurnPromptInput): LLMMessage {
  const images = input.images ?? [];
  if (images.length === 0) return { role: 'user', content: text };
  const reminder = input.hooks.reminder ?? identityReminder;
  const withNote = input.imagesNote ? `${text}\n\n${reminder(input.imagesNote)}` : text;
  return { role: 'user', content: [{ type: 'text', text: withNote }, ...images.map((image) => ({ type: 'image' as const, image }))] };
}
