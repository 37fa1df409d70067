/**
 * The guide's decision for one turn, from what it read: point at the best match on this page, go to
 * the site map page that matches better, or say it cannot find it. It navigates at most once per run,
 * stops after an answer or a failed step, and quotes only text the page itself shows.
 */
import { guideLocale, guideStrings, labelled, type GuideStrings } from './guide.strings.js';
import type { OfferedTools } from './offered-tools.js';
import { linkNamed, quoteOf, targetOf } from './page-answers.js';
import { blockEnd, readPage, type PageDoc, type PageReading } from './page-reading.js';
import { clip, flatten, scriptOf } from './plain-text.js';
import { buildQuery, topicOf, type SearchQuery } from './query.js';
import { MIN_COVERAGE, rankDocs, type Ranked } from './rank.js';
import type { TurnReading } from './read-turn.js';
import { normalizePath, readSitemap, type SitemapPage } from './sitemap-pages.js';

/** Tools that point at an element, best first; each takes `target`. */
const POINTING_TOOLS = ['highlight', 'border', 'spotlight', 'scroll_to'];

export interface ReplyAction {
  tool: string;
  args: Record<string, unknown>;
  about: string[];
}

export interface GuideReply {
  /** What the visitor is told, starting with the offline label. */
  narration: string;
  action?: ReplyAction;
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

interface Situation {
  reading: TurnReading;
  tools: OfferedTools;
  strings: GuideStrings;
}

export function planReply(reading: TurnReading, tools: OfferedTools, settings: PlanSettings): GuideReply {
  const strings = guideStrings(chooseLocale(reading, settings.locale));
  const situation: Situation = { reading, tools, strings };
  const turns = reading.priorTurns;
  const last = turns[turns.length - 1];
  const page = readPage(reading.pageLines, settings.maxLines);
  const currentPath = normalizePath(reading.currentUrl ?? page.url);
  // A reload in the middle of `navigate` reports it as interrupted; being on its page says it worked.
  const arrived = last?.navigatedTo !== undefined && normalizePath(last.navigatedTo) === currentPath;
  const failure = last?.failure && !(arrived && last.failure.tool === 'navigate') ? last.failure : undefined;
  const evaluation = last ? (failure ? 'The previous step failed.' : 'The previous step succeeded.') : 'Nothing was done yet.';

  if (failure) {
    const { tool, code } = failure;
    return say(situation, strings.stepFailed(tool, code), { evaluation, nextGoal: 'Stop and tell the visitor.', memory: `Offline guide: ${tool} failed (${code}); stopped.` });
  }
  if (!reading.request) {
    return say(situation, strings.needsRequest, { evaluation, nextGoal: 'Ask the visitor what to look for.', memory: 'Offline guide: no request to look for.' });
  }
  const query = buildQuery(reading.request);
  if (!query) return notFound(situation, evaluation);

  const navigatedTo = turns.find((turn) => turn.navigatedTo !== undefined)?.navigatedTo;
  // After an answer (a turn that did not navigate), or two turns, the guide only repeats itself in words.
  const answered = turns.some((turn) => turn.navigatedTo === undefined) || turns.length >= 2;
  const onPage = rankDocs(page.docs, query, (doc) => !doc.navigational);
  const sitemap = readSitemap(reading.sitemap);
  const elsewhere =
    navigatedTo === undefined && !answered ? rankDocs(sitemap, query, (entry) => entry.navigable && normalizePath(entry.path) !== currentPath) : [];

  const pageMatch = onPage[0] && onPage[0].coverage >= MIN_COVERAGE ? onPage[0] : undefined;
  const siteMatch = elsewhere[0] && elsewhere[0].coverage >= MIN_COVERAGE ? elsewhere[0] : undefined;
  if (pageMatch && (!siteMatch || pageMatch.strength >= siteMatch.strength)) {
    return pointAt(situation, page, narrowDown(page, onPage, pageMatch), query, { evaluation, pointing: !answered });
  }
  if (siteMatch) return goTo(situation, page, siteMatch.doc, evaluation);
  if (navigatedTo !== undefined) {
    const title = pageTitle(sitemap, currentPath ?? normalizePath(navigatedTo), reading.pageTitle) ?? navigatedTo;
    return say(situation, strings.hereIsPage(clip(flatten(title), 80)), { evaluation, nextGoal: 'Stop: the page is open.', memory: `Offline guide: opened ${navigatedTo}.` });
  }
  return notFound(situation, evaluation);
}

/**
 * A heading or section wins on text spread over its whole block; when its own title is not what
 * matched, the best match inside the block is the more precise answer (a table row, not the page title).
 */
function narrowDown(page: PageReading, ranked: readonly Ranked<PageDoc>[], winner: Ranked<PageDoc>): Ranked<PageDoc> {
  let current = winner;
  for (let depth = 0; depth < 6; depth++) {
    if (current.doc.kind === 'line' || current.titleCoverage >= current.coverage) return current;
    const from = current.doc.line;
    const end = blockEnd(page.lines, from);
    const inner = ranked.find((candidate) => candidate.doc.line > from && candidate.doc.line < end && candidate.coverage >= MIN_COVERAGE);
    if (!inner) return current;
    current = inner;
  }
  return current;
}

/** The request's script decides (the visitor reads what they wrote); else the option, else the prompt's language. */
function chooseLocale(reading: TurnReading, option: string | undefined): string {
  const script = reading.request ? scriptOf(reading.request) : undefined;
  if (script === 'han') return 'zh-TW';
  if (script === 'latin') return 'en';
  return guideLocale(option) ?? guideLocale(reading.locale) ?? 'en';
}

function notFound(situation: Situation, evaluation: string): GuideReply {
  return say(situation, situation.strings.notFound, { evaluation, nextGoal: 'Tell the visitor it is not on this site.', memory: 'Offline guide: no match on this page or in the site map.' });
}

/** A reply that only speaks, and ends the run. */
function say(situation: Situation, sentence: string, notes: Pick<GuideReply, 'evaluation' | 'nextGoal' | 'memory'>): GuideReply {
  const narration = labelled(situation.strings, sentence);
  const reply: GuideReply = { narration, final: true, ...notes };
  const action = narrateAction(situation.tools, narration);
  if (action) reply.action = action;
  return reply;
}

function narrateAction(tools: OfferedTools, narration: string): ReplyAction | undefined {
  return tools.accepts('narrate', 'text') ? { tool: 'narrate', args: { text: narration }, about: [] } : undefined;
}

function pointAt(
  situation: Situation,
  page: PageReading,
  match: Ranked<PageDoc>,
  query: SearchQuery,
  context: { evaluation: string; pointing: boolean },
): GuideReply {
  const { strings, tools } = situation;
  const quote = quoteOf(page, match.doc) || clip(flatten(match.doc.title || match.doc.body), 180);
  const topic = clip(topicOf(query, match.matched), 60);
  const narration = labelled(strings, strings.pageSays(topic, quote));
  const reply: GuideReply = {
    narration,
    final: true,
    evaluation: context.evaluation,
    nextGoal: 'Point at what this page says and finish.',
    memory: `Offline guide: answered from this page about ${topic}.`,
  };
  const target = context.pointing ? targetOf(page, match.doc) : undefined;
  let action: ReplyAction | undefined;
  if (target) {
    // Near an element only: bring the place into view without claiming that element is the answer.
    const candidates = target.exact ? POINTING_TOOLS : ['scroll_to'];
    const tool = candidates.find((name) => tools.accepts(name, 'target'));
    if (tool) action = { tool, args: { target: target.id }, about: target.exact ? [target.id] : [] };
  }
  action ??= narrateAction(tools, narration);
  if (action) reply.action = action;
  return reply;
}

function goTo(situation: Situation, page: PageReading, destination: SitemapPage, evaluation: string): GuideReply {
  const { strings, tools } = situation;
  const title = clip(destination.title || destination.path, 80);
  if (!tools.accepts('navigate', 'path')) {
    return say(situation, strings.pageCovers(title, destination.path), { evaluation, nextGoal: 'Name the page that covers it.', memory: `Offline guide: ${destination.path} covers it.` });
  }
  const link = linkNamed(page, destination.title);
  return {
    narration: labelled(strings, strings.takingYouTo(title)),
    action: { tool: 'navigate', args: { path: destination.path }, about: link ? [link] : [] },
    final: false,
    evaluation,
    nextGoal: `Open ${destination.path}, then point at the answer there.`,
    memory: `Offline guide: going to ${destination.path}.`,
  };
}

function pageTitle(sitemap: readonly SitemapPage[], path: string | undefined, fallback: string | undefined): string | undefined {
  const entry = path === undefined ? undefined : sitemap.find((candidate) => normalizePath(candidate.path) === path);
  return entry?.title || fallback;
}
