/**
 * What the guide decides for a turn, and the situation it decides in: shared by the decision
 * (`plan-reply.ts`) and the answers it gives (`answer-reply.ts`).
 */
import { labelled, type GuideStrings } from './guide.strings.js';
import type { OfferedTools } from './offered-tools.js';
import type { PageReading } from './page-reading.js';
import type { TurnReading } from './read-turn.js';
import type { SitemapPage } from './sitemap-pages.js';

export interface ReplyAction {
  tool: string;
  args: Record<string, unknown>;
  about: string[];
}

export interface GuideReply {
  /** What the visitor is told, starting with the offline label. */
  narration: string;
  /** What it does this turn, in order (the envelope carries them all; classic mode the first). */
  actions: ReplyAction[];
  /** The run ends after this turn. */
  final: boolean;
  memory: string;
  evaluation: string;
  nextGoal: string;
}

export interface PlanSettings {
  locale?: string;
  maxLines: number;
}

export interface Situation {
  reading: TurnReading;
  tools: OfferedTools;
  strings: GuideStrings;
  page: PageReading;
  sitemap: SitemapPage[];
  currentPath: string | undefined;
  evaluation: string;
}

/** A reply that only speaks, and ends the run. */
export function say(situation: Situation, sentence: string, notes: Pick<GuideReply, 'nextGoal' | 'memory'>): GuideReply {
  const narration = labelled(situation.strings, sentence);
  return { narration, actions: narrateAction(situation.tools, narration), final: true, evaluation: situation.evaluation, ...notes };
}

export function narrateAction(tools: OfferedTools, narration: string): ReplyAction[] {
  return tools.accepts('narrate', 'text') ? [{ tool: 'narrate', args: { text: narration }, about: [] }] : [];
}
