/**
 * The guide's decision for one turn, from what it read: run the site's command the request names,
 * fill a form with the values it states, take the visitor to the page they ask for, answer from a fact
 * of this page and point at it, open a collapsed answer to read it, go to the site map page that
 * covers the request, or say it cannot find it and name the closest pages. It navigates and opens at
 * most once a run, never sends a form, and gives an answer only when a fact covers the request.
 */
import { guideLocale, guideStrings, labelled } from './guide.strings.js';
import { say, type GuideReply, type PlanSettings, type Situation } from './guide-reply.js';
import { answerReply } from './answer-reply.js';
import { formFields, fillsFor } from './form-fields.js';
import { CLOSE, ONLY_LEAD, rankFacts, SURE } from './match.js';
import type { OfferedTools } from './offered-tools.js';
import { readFacts } from './page-facts.js';
import { readPage, type PageReading } from './page-reading.js';
import { clip, flatten, scriptOf } from './plain-text.js';
import type { TurnReading } from './read-turn.js';
import { readRequest, type VisitorRequest } from './request.js';
import { rivalAnswer } from './rival-answer.js';
import { matchCommand } from './site-commands.js';
import { normalizePath, rankSitemap, readSitemap, type SitemapPage } from './sitemap-pages.js';

const POINTING = new Set(['highlight', 'border', 'spotlight', 'scroll_to']);
const MAX_TURNS = 4;

export function planReply(reading: TurnReading, tools: OfferedTools, settings: PlanSettings): GuideReply {
  const strings = guideStrings(chooseLocale(reading, settings.locale));
  const turns = reading.priorTurns;
  const last = turns[turns.length - 1];
  const page = readPage(reading.pageLines, settings.maxLines);
  const currentPath = normalizePath(reading.currentUrl ?? page.url);
  // A reload in the middle of `navigate` reports it as interrupted; being on its page says it worked.
  const arrived = last?.navigatedTo !== undefined && normalizePath(last.navigatedTo) === currentPath;
  const failure = last?.failure && !(arrived && last.failure.tool === 'navigate') ? last.failure : undefined;
  const evaluation = last ? (failure ? 'The previous step failed.' : 'The previous step succeeded.') : 'Nothing was done yet.';
  const situation: Situation = { reading, tools, strings, page, sitemap: readSitemap(reading.sitemap), currentPath, evaluation };

  const request = reading.request ? readRequest(reading.request) : undefined;
  if (failure && !(POINTING.has(failure.tool) && request)) {
    const { tool, code } = failure;
    return say(situation, strings.stepFailed(tool, code), { nextGoal: 'Stop and tell the visitor.', memory: `Offline guide: ${tool} failed (${code}); stopped.` });
  }
  if (!reading.request) return say(situation, strings.needsRequest, { nextGoal: 'Ask the visitor what to look for.', memory: 'Offline guide: no request to look for.' });
  if (!request) return notFound(situation, undefined);
  if (turns.length >= MAX_TURNS) return say(situation, strings.nothingMore, { nextGoal: 'Stop.', memory: 'Offline guide: done.' });

  const navigated = turns.some((turn) => turn.navigatedTo !== undefined);
  const opened = turns.some((turn) => turn.tools.includes('click'));
  // A turn that did something other than going or opening has answered: the guide only repeats itself.
  const answered = turns.some((turn) => turn.navigatedTo === undefined && !turn.tools.includes('click') && turn.tools.length > 0);
  // A pointing step that failed: the answer stands, said again without pointing.
  const pointing = !failure && !answered;
  if (!answered) {
    const command = matchCommand(tools, request);
    if (command) return runCommand(situation, command.tool, command.title);
    if (request.wantsFill) return fillForm(situation, request, navigated);
  } else if (request.wantsFill) {
    return say(situation, strings.nothingMore, { nextGoal: 'Stop.', memory: 'Offline guide: done.' });
  }
  if (request.wantsPage) {
    const wanted = rankSitemap(situation.sitemap, request)[0];
    if (wanted && wanted.coverage >= CLOSE && wanted.page.navigable && normalizePath(wanted.page.path) !== currentPath && !navigated) return goTo(situation, wanted.page);
    if (navigated || (wanted && normalizePath(wanted.page.path) === currentPath)) {
      // On the page asked for: what it says about the request, pointed at, else the page itself.
      const rankedHere = rankFacts(readFacts(page), request, reading.pageTitle ?? page.title ?? '');
      const here = rankedHere.find((match) => match.coverage >= SURE);
      return here && !here.fact.opens ? answerReply(situation, request, here, pointing, rivalAnswer(rankedHere, here, request)) : herePage(situation);
    }
  }

  const title = reading.pageTitle ?? page.title ?? '';
  const ranked = rankFacts(readFacts(page), request, title);
  const best = ranked.find((match) => match.coverage >= SURE) ?? ranked[0];
  const lead = navigated ? undefined : leadingPage(situation, request, best?.coverage ?? 0);
  // A page named for the request beats a passing mention of it here ("pricing" in a hint on the home page).
  if (lead?.byTitle && (!best || best.coverage < lead.coverage)) return goTo(situation, lead.page);
  if (best && best.coverage >= SURE) {
    if (best.fact.opens && !opened && !answered && tools.accepts('click', 'target')) return openAnswer(situation, best.fact.opens, best.fact.key);
    if (!best.fact.opens) return answerReply(situation, request, best, pointing, rivalAnswer(ranked, best, request));
  }
  if (lead) return goTo(situation, lead.page);
  if (navigated) {
    // Arrived on the page named for the request: the page is the answer; else it is only the closest one.
    const here = rankSitemap(situation.sitemap, request).find((match) => normalizePath(match.page.path) === currentPath);
    // A question is not answered by a page: that page is only the closest one.
    if (here && here.titleCoverage >= SURE && request.answerKind === undefined) return herePage(situation);
    return say(situation, strings.closestIsPage(clip(flatten(pageTitle(situation) ?? ''), 80)), { nextGoal: 'Stop: the closest page is open.', memory: 'Offline guide: nothing sure; the closest page is open.' });
  }
  return notFound(situation, request);
}

/** The request's script decides (the visitor reads what they wrote); else the option, else the prompt's language. */
function chooseLocale(reading: TurnReading, option: string | undefined): string {
  const script = reading.request ? scriptOf(reading.request) : undefined;
  if (script === 'han') return 'zh-TW';
  if (script === 'latin') return 'en';
  return guideLocale(option) ?? guideLocale(reading.locale) ?? 'en';
}

/** Nothing answers: the pages that come closest are named, when some do. */
function notFound(situation: Situation, request: VisitorRequest | undefined): GuideReply {
  const closest = request
    ? rankSitemap(situation.sitemap, request)
        .filter((match) => match.coverage >= CLOSE / 2)
        .slice(0, 2)
        .map((match) => clip(match.page.title || match.page.path, 60))
    : [];
  const sentence = closest.length > 0 ? situation.strings.closestPages(closest) : situation.strings.notFound;
  return say(situation, sentence, { nextGoal: 'Tell the visitor it is not on this site.', memory: 'Offline guide: no sure match on this page or in the site map.' });
}

function runCommand(situation: Situation, tool: string, title: string): GuideReply {
  const narration = labelled(situation.strings, situation.strings.running(title));
  const args = situation.tools.accepts(tool, 'arg') ? { arg: '' } : {};
  return { narration, actions: [{ tool, args, about: [] }], final: true, evaluation: situation.evaluation, nextGoal: `Run ${title} and finish.`, memory: `Offline guide: ran ${tool}.` };
}

function fillForm(situation: Situation, request: VisitorRequest, navigated: boolean): GuideReply {
  const { strings, tools } = situation;
  const fills = tools.accepts('fill_input', 'target') ? fillsFor(formFields(situation.page), request.values) : [];
  if (fills.length > 0) {
    const narration = labelled(strings, strings.filled(fills.map((fill) => fill.field.label || fill.field.name)));
    const actions = fills.map((fill) => ({ tool: 'fill_input', args: { target: fill.field.id, value: fill.value }, about: [fill.field.id] }));
    return { narration, actions, final: true, evaluation: situation.evaluation, nextGoal: 'Fill the fields, leave sending to the visitor.', memory: `Offline guide: filled ${fills.length} field(s); not sent.` };
  }
  if (!navigated) {
    const form = rankSitemap(situation.sitemap, request).filter((match) => match.page.navigable && normalizePath(match.page.path) !== situation.currentPath)[0];
    if (form && form.coverage >= CLOSE) return goTo(situation, form.page);
  }
  return say(situation, strings.noForm, { nextGoal: 'Tell the visitor there is no such form here.', memory: 'Offline guide: no form for the values.' });
}

function goTo(situation: Situation, destination: SitemapPage): GuideReply {
  const { strings, tools } = situation;
  const title = clip(destination.title || destination.path, 80);
  if (!tools.accepts('navigate', 'path')) {
    return say(situation, strings.pageCovers(title, destination.path), { nextGoal: 'Name the page that covers it.', memory: `Offline guide: ${destination.path} covers it.` });
  }
  const link = linkNamed(situation.page, destination.title);
  return {
    narration: labelled(strings, strings.takingYouTo(title)),
    actions: [{ tool: 'navigate', args: { path: destination.path }, about: link ? [link] : [] }],
    final: false,
    evaluation: situation.evaluation,
    nextGoal: `Open ${destination.path}, then answer there.`,
    memory: `Offline guide: going to ${destination.path}.`,
  };
}

function herePage(situation: Situation): GuideReply {
  const title = pageTitle(situation) ?? situation.currentPath ?? '';
  return say(situation, situation.strings.hereIsPage(clip(flatten(title), 80)), { nextGoal: 'Stop: the page is open.', memory: `Offline guide: ${situation.currentPath} is open.` });
}

function openAnswer(situation: Situation, summaryId: string, question: string): GuideReply {
  return {
    narration: labelled(situation.strings, situation.strings.opening(clip(flatten(question), 80))),
    actions: [{ tool: 'click', args: { target: summaryId }, about: [summaryId] }],
    final: false,
    evaluation: situation.evaluation,
    nextGoal: 'Open the answer, then read and point at it.',
    memory: 'Offline guide: opening a collapsed answer.',
  };
}

/**
 * The other page of the site map to go to, if any: one that covers enough of the request, or the one
 * page that covers some of it when nothing here or elsewhere comes near. `byTitle`: its title alone
 * covers the request.
 */
function leadingPage(situation: Situation, request: VisitorRequest, hereCoverage: number): { page: SitemapPage; coverage: number; byTitle: boolean } | undefined {
  const others = rankSitemap(situation.sitemap, request).filter((match) => match.page.navigable && normalizePath(match.page.path) !== situation.currentPath);
  const [first, second] = others;
  if (!first) return undefined;
  const alone = first.coverage >= ONLY_LEAD && first.coverage >= 1.5 * (second?.coverage ?? 0) && first.coverage >= hereCoverage;
  if (first.coverage < CLOSE && !alone) return undefined;
  return { page: first.page, coverage: first.coverage, byTitle: first.titleCoverage >= SURE };
}

/** The id of a link whose whole text is `name` (case and spacing aside), to point at while going there. */
function linkNamed(reading: PageReading, name: string): string | undefined {
  const wanted = flatten(name).toLowerCase();
  if (!wanted) return undefined;
  for (const line of reading.lines) {
    if (line.link && line.ownId && (line.text || line.label).toLowerCase() === wanted) return line.ownId;
  }
  return undefined;
}

/** The site map's title for the current page, else the page's own. */
function pageTitle(situation: Situation): string | undefined {
  const path = situation.currentPath;
  const entry = path === undefined ? undefined : situation.sitemap.find((candidate) => normalizePath(candidate.path) === path);
  return entry?.title || situation.reading.pageTitle || situation.page.title;
}
