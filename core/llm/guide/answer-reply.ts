/**
 * An answer from a fact of the page: the page's own words, shaped by what the fact is (a table cell
 * with its row and column, a definition, a question and its answer, a sentence), said with the offline
 * label, and the element it stands in pointed at.
 */
import { CJK_CLASS } from '../../util/cjk-scripts.js';
import { labelled } from './guide.strings.js';
import type { FactMatch } from './match.js';
import type { PageFact } from './page-facts.js';
import { narrateAction, type GuideReply, type ReplyAction, type Situation } from './guide-reply.js';
import { clip, flatten } from './plain-text.js';
import { topicOf, type VisitorRequest } from './request.js';

const QUOTE_MAX_CHARS = 220;
/** Tools that point at an element, best first; each takes `target`. */
const POINTING_TOOLS = ['highlight', 'border', 'spotlight', 'scroll_to'];

/** The fact in the page's words, as one line. */
export function quoteOf(fact: PageFact): string {
  switch (fact.kind) {
    case 'cell':
    case 'row':
      return clip(flatten(`${fact.kind === 'cell' ? fact.key.slice(0, fact.key.length - fact.value.split(':')[0]!.length).trim() : fact.key} — ${fact.value}`), QUOTE_MAX_CHARS);
    case 'pair':
      return clip(flatten(`${fact.key}${separatorAfter(fact.key)}${fact.value}`), QUOTE_MAX_CHARS);
    case 'question':
      return clip(flatten(`${fact.key} ${fact.value}`), QUOTE_MAX_CHARS);
    case 'heading':
      return clip(flatten(fact.value ? `${fact.key}${separatorAfter(fact.key)}${fact.value}` : fact.key), QUOTE_MAX_CHARS);
    default:
      return clip(flatten(fact.value), QUOTE_MAX_CHARS);
  }
}

const CJK_END = new RegExp(`[${CJK_CLASS}]$`, 'u');

/** A term and what follows it are joined as the term's script writes it: `：` after Chinese. */
function separatorAfter(term: string): string {
  if (/[:：]$/.test(term)) return ' ';
  return CJK_END.test(term) ? '：' : ': ';
}

/** `rival`: a match as sure that states another value; both are quoted and the guide says it is not sure. */
export function answerReply(situation: Situation, request: VisitorRequest, match: FactMatch, pointing: boolean, rival?: FactMatch): GuideReply {
  const { strings, tools } = situation;
  const topic = clip(topicOf(request, match.matched), 60);
  const sentence = rival ? strings.pageDisagrees(topic, quoteOf(match.fact), quoteOf(rival.fact)) : strings.pageSays(topic, quoteOf(match.fact));
  const narration = labelled(strings, sentence);
  const target = pointing ? match.fact.target : undefined;
  const tool = target ? POINTING_TOOLS.find((name) => tools.accepts(name, 'target')) : undefined;
  const actions: ReplyAction[] = tool && target ? [{ tool, args: { target }, about: target.startsWith('text:') ? [] : [target] }] : narrateAction(tools, narration);
  return { narration, actions, final: true, evaluation: situation.evaluation, nextGoal: 'Point at what this page says and finish.', memory: rival ? `Offline guide: this page states two answers about ${topic}; quoted both.` : `Offline guide: answered from this page about ${topic}.` };
}
