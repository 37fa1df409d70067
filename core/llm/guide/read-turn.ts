/**
 * What the guide knows of a turn: the typed facts the caller passed with the call (`turn`), checked
 * field by field, since a host may call the guide with anything. It never reads the prompt's wording.
 * Without facts (a host calling `guide()` with plain messages) the last user message's text is the
 * request, and there is no page, site map or earlier turn.
 */
import type { CompleteOptions, PriorTurnFacts, SitemapPageFacts } from '../types.js';
import { clip, flatten } from './plain-text.js';

/** Characters of page text the guide looks at; a page beyond this is not read. */
const MAX_PAGE_CHARS = 400_000;
const MAX_REQUEST_CHARS = 500;
const MAX_SITEMAP_PAGES = 1_000;
const MAX_PRIOR_TURNS = 100;
/** A tool's name or a failure code, as the loop writes them; anything else is not read. */
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

export interface PriorTurn {
  tools: string[];
  navigatedTo?: string;
  failure?: { tool: string; code: string };
}

export interface TurnReading {
  request?: string;
  /** The prompt's language, when the caller said. */
  locale?: string;
  currentUrl?: string;
  pageTitle?: string;
  /** The indexed page text, one line each. */
  pageLines: string[];
  sitemap: SitemapPageFacts[];
  priorTurns: PriorTurn[];
}

export function readTurn(call: CompleteOptions | undefined): TurnReading {
  const facts: unknown = call?.turn;
  if (!isObject(facts)) {
    const messages: readonly unknown[] = Array.isArray(call?.messages) ? call.messages : [];
    const request = lastUserText(messages);
    return { ...(request ? { request } : {}), pageLines: [], sitemap: [], priorTurns: [] };
  }
  const reading: TurnReading = { pageLines: readLines(facts.pageLines), sitemap: readSitemapFacts(facts.sitemap), priorTurns: readPriorTurns(facts.priorTurns) };
  const request = typeof facts.request === 'string' ? cleanRequest(facts.request) : undefined;
  if (request) reading.request = request;
  if (typeof facts.locale === 'string' && facts.locale.length <= 40) reading.locale = facts.locale;
  if (typeof facts.url === 'string') reading.currentUrl = clip(facts.url, 2_000);
  if (typeof facts.title === 'string') reading.pageTitle = clip(flatten(facts.title), 200);
  return reading;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The text of the last user message: a string, or the text parts of a list. */
function lastUserText(messages: readonly unknown[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (!isObject(message) || message.role !== 'user') continue;
    const content = message.content;
    let text = '';
    if (typeof content === 'string') text = content;
    else if (Array.isArray(content)) {
      text = content
        .filter((part): part is { type: 'text'; text: string } => isObject(part) && part.type === 'text' && typeof part.text === 'string')
        .map((part) => part.text)
        .join('\n');
    }
    return cleanRequest(text.slice(0, MAX_REQUEST_CHARS * 4));
  }
  return undefined;
}

function cleanRequest(text: string): string | undefined {
  const flat = flatten(text.slice(0, MAX_REQUEST_CHARS * 4));
  return flat ? clip(flat, MAX_REQUEST_CHARS) : undefined;
}

/** The page's lines, up to `MAX_PAGE_CHARS` characters in all; anything but a string is skipped. */
function readLines(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const lines: string[] = [];
  let chars = 0;
  for (const line of value) {
    if (typeof line !== 'string') continue;
    chars += line.length + 1;
    if (chars > MAX_PAGE_CHARS) break;
    lines.push(line);
  }
  return lines;
}

function readSitemapFacts(value: unknown): SitemapPageFacts[] {
  if (!Array.isArray(value)) return [];
  const pages: SitemapPageFacts[] = [];
  for (const entry of value.slice(0, MAX_SITEMAP_PAGES)) {
    if (!isObject(entry) || typeof entry.path !== 'string' || !entry.path.startsWith('/') || entry.path.length > 2_000) continue;
    const page: { path: string; title: string; description?: string; also?: string[] } = {
      path: entry.path,
      title: typeof entry.title === 'string' ? clip(flatten(entry.title), 200) : '',
    };
    if (typeof entry.description === 'string') page.description = clip(entry.description, 2_000);
    if (Array.isArray(entry.also)) page.also = entry.also.filter((word): word is string => typeof word === 'string').map((word) => clip(word, 2_000));
    pages.push(page);
  }
  return pages;
}

function readPriorTurns(value: unknown): PriorTurn[] {
  if (!Array.isArray(value)) return [];
  const turns: PriorTurn[] = [];
  for (const entry of value.slice(-MAX_PRIOR_TURNS)) {
    if (!isObject(entry)) continue;
    const facts = entry as Partial<Record<keyof PriorTurnFacts, unknown>>;
    const turn: PriorTurn = { tools: Array.isArray(facts.tools) ? facts.tools.filter(isName) : [] };
    if (typeof facts.navigatedTo === 'string') turn.navigatedTo = clip(facts.navigatedTo, 2_000);
    const failure = facts.failure;
    if (isObject(failure) && isName(failure.tool) && isName(failure.code)) turn.failure = { tool: failure.tool, code: failure.code };
    turns.push(turn);
  }
  return turns;
}

function isName(value: unknown): value is string {
  return typeof value === 'string' && NAME.test(value);
}
