/**
 * The facts of one turn as data, passed with the model call beside the prompt (`CompleteOptions.turn`)
 * for a provider that answers without a model, such as the offline guide. They are built from the
 * values the prompt is built from, never read back out of the prompt's text: the request, the page as
 * the prompt carries it, the site map, and what the loop recorded of the earlier turns.
 */
import type { PriorTurnFacts, SitemapPageFacts, TurnFacts } from '../../llm/types.js';
import type { ActionRecord, StepRecord } from '../../loop/types.js';
import { walkSitemap } from '../../sitemap/sitemap-paths.js';
import type { SitemapConfig } from '../../sitemap/sitemap.types.js';
import type { PageSnapshot } from './agent-page.types.js';

export interface TurnFactsInput {
  task: string;
  locale: string;
  /** The page as the prompt carries it (the host's text when a provider gave it, secrets blanked). */
  page: PageSnapshot;
  sitemap?: readonly SitemapPageFacts[];
  /** The loop's records of the run so far. */
  records: readonly StepRecord[];
}

export function buildTurnFacts(input: TurnFactsInput): TurnFacts {
  const facts: TurnFacts = {
    request: input.task,
    locale: input.locale,
    url: input.page.url,
    pageLines: input.page.text.split('\n').map((line) => line.replace(/\r$/, '')),
    priorTurns: priorTurnFacts(input.records),
  };
  if (input.page.title) facts.title = input.page.title;
  if (input.sitemap && input.sitemap.length > 0) facts.sitemap = input.sitemap;
  return facts;
}

/**
 * The site map's pages as the system prompt lists them: a tree's pages depth first without the hidden
 * ones, or the flat list as it is. Keywords stay out, as they do in the prompt.
 */
export function sitemapFacts(sitemap: SitemapConfig | undefined): SitemapPageFacts[] {
  if (!sitemap) return [];
  if (Array.isArray(sitemap)) {
    return sitemap.map((entry) => {
      const page: SitemapPageFacts = entry.title ? { path: entry.path, title: entry.title, description: entry.description } : { path: entry.path, title: entry.description };
      return entry.aliases?.length ? { ...page, also: entry.aliases } : page;
    });
  }
  return walkSitemap(sitemap, { skipHidden: true }).map(({ path, node }) => {
    const page: { path: string; title: string; description?: string; also?: string[] } = { path, title: node.title };
    if (node.description) page.description = node.description;
    // The words visitors use for the page are what a search matches on: the guide searches, so it gets them.
    const also = [...(node.notes ? [node.notes] : []), ...(node.actions ?? []), ...(node.keywords ?? [])];
    if (also.length > 0) page.also = also;
    return page;
  });
}

/** What each turn the loop recorded did: the tools its actions named, where it navigated, its first failure. */
export function priorTurnFacts(records: readonly StepRecord[]): PriorTurnFacts[] {
  const actions = new Map<number, ActionRecord[]>();
  for (const record of records) {
    if (record.kind !== 'action') continue;
    const list = actions.get(record.step) ?? [];
    list.push(record);
    actions.set(record.step, list);
  }
  const turns: PriorTurnFacts[] = [];
  for (const record of records) {
    // A turn that named no action (an unreadable answer) did nothing to remember.
    if (record.kind !== 'turn' || record.actions.length === 0) continue;
    const done = (actions.get(record.step) ?? []).sort((a, b) => a.actionIndex - b.actionIndex);
    const turn: PriorTurnFacts = { tools: record.actions.map((action) => action.tool).filter((tool) => tool !== '') };
    const navigation = done.find((action) => action.tool === 'navigate' && typeof action.args.path === 'string');
    if (navigation) turn.navigatedTo = navigation.args.path as string;
    const failed = done.find((action) => action.result !== undefined && !action.result.ok);
    if (failed?.result && !failed.result.ok) turn.failure = { tool: failed.tool || 'action', code: failed.result.code };
    turns.push(turn);
  }
  return turns;
}
