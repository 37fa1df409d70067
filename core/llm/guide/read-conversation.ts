/**
 * What the guide reads from a conversation the web agent built: the visitor's request (the task
 * section of the latest turn context), the page section (the current URL and the indexed page text),
 * the site map outline from the system prompt, and what earlier turns of this run did. Everything
 * here is read defensively: any message may be missing, malformed, fenced or huge.
 */
import { promptStrings } from '../../prompts/prompt.strings.js';
import { AGENT_TURN_TOOL } from '../../loop/envelope/schema.js';
import type { LLMMessage } from '../types.js';
import { clip, flatten } from './plain-text.js';

/** Characters of one message the guide looks at; a page reading beyond this is not read. */
const MAX_MESSAGE_CHARS = 400_000;
const MAX_REQUEST_CHARS = 500;
const MAX_SITEMAP_LINES = 1_000;

const CONTEXT_STRINGS = [
  { locale: 'en', strings: promptStrings('en') },
  { locale: 'zh-TW', strings: promptStrings('zh-TW') },
];
const TASK_HEADINGS = CONTEXT_STRINGS.map(({ strings }) => strings.taskHeading);
const PAGE_HEADINGS = CONTEXT_STRINGS.map(({ strings }) => strings.pageHeading);
/** Sections that may follow the page in a turn context. */
const AFTER_PAGE_HEADINGS = CONTEXT_STRINGS.flatMap(({ strings }) => [strings.selectionHeading, strings.historyHeading, strings.todosHeading]);
const URL_LABELS = CONTEXT_STRINGS.map(({ strings }) => strings.urlLabel);
const TITLE_LABELS = CONTEXT_STRINGS.map(({ strings }) => strings.titleLabel);

/** One outline line of `serializeSitemap`: indentation, a path, an em dash, the rest. */
const SITEMAP_LINE = /^ *(\/[^\s]*) \u2014 (.+)$/;
/** The loop's status line for one action of an envelope turn, e.g. `actions[0] (navigate) failed (not_found).` */
const ENVELOPE_STATUS = /actions\[(\d{1,4})\](?: \(([A-Za-z0-9_-]{1,64})\))? (succeeded|failed \(([a-z_]{1,40})\))/g;
/** The loop's status line for a classic tool call, e.g. `navigate failed (not_found).` */
const CLASSIC_STATUS = /([A-Za-z0-9_-]{1,64}) (succeeded|failed \(([a-z_]{1,40})\))/;

export interface PriorTurn {
  /** The tools its actions (or native calls) named, in order. */
  tools: string[];
  /** The path a `navigate` of that turn was asked to open. */
  navigatedTo?: string;
  /** The first of its actions that failed, as the loop reported it. */
  failure?: { tool: string; reason: string };
}

export interface ConversationReading {
  request?: string;
  /** The locale of the turn context's headings, when one was found. */
  contextLocale?: string;
  currentUrl?: string;
  pageTitle?: string;
  /** The page section's lines after the URL and title labels: the indexed page text, maybe between fence lines. */
  pageLines: string[];
  /** Site map outline lines from the system prompt. */
  sitemapLines: string[];
  priorTurns: PriorTurn[];
}

export function readConversation(messages: readonly unknown[]): ConversationReading {
  const reading: ConversationReading = { pageLines: [], sitemapLines: [], priorTurns: [] };
  const userTexts: string[] = [];
  for (const message of messages) {
    if (!isMessage(message)) continue;
    if (message.role === 'user') userTexts.push(textOf(message.content));
    else if (message.role === 'system') collectSitemapLines(textOf(message.content), reading.sitemapLines);
  }
  reading.priorTurns = readPriorTurns(messages);

  for (let i = userTexts.length - 1; i >= 0; i--) {
    const text = userTexts[i]!;
    const page = findHeading(text, PAGE_HEADINGS);
    if (page) {
      reading.contextLocale = CONTEXT_STRINGS[page.which]!.locale;
      readPageSection(text, page.end, reading);
      break;
    }
  }
  reading.request = findRequest(userTexts);
  return reading;
}

function isMessage(value: unknown): value is LLMMessage {
  return typeof value === 'object' && value !== null && typeof (value as { role?: unknown }).role === 'string';
}

/** A message's text: a string, or the text parts of a list; anything else reads as nothing. */
function textOf(content: unknown): string {
  let text = '';
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) {
    text = content
      .filter((part): part is { type: 'text'; text: string } => typeof part === 'object' && part !== null && part.type === 'text' && typeof part.text === 'string')
      .map((part) => part.text)
      .join('\n');
  }
  return text.length > MAX_MESSAGE_CHARS ? text.slice(0, MAX_MESSAGE_CHARS) : text;
}

/**
 * Where a section heading of the turn context starts and ends (after its newline), first found: a line
 * that is exactly one of `headings`, opening the message or after a blank line, as the builder joins its
 * sections. The page text never has a blank line, so a page heading that reads "# Plan" is not taken for one.
 */
function findHeading(text: string, headings: readonly string[], from = 0): { which: number; start: number; end: number } | undefined {
  let best: { which: number; start: number; end: number } | undefined;
  headings.forEach((heading, which) => {
    let at = text.indexOf(heading, from);
    while (at >= 0) {
      const startsLine = at === 0 || (text[at - 1] === '\n' && (at === 1 || text[at - 2] === '\n' || (text[at - 2] === '\r' && text[at - 3] === '\n')));
      const after = at + heading.length;
      const endsLine = after === text.length || text[after] === '\n' || text[after] === '\r';
      if (startsLine && endsLine) {
        if (!best || at < best.start) best = { which, start: at, end: Math.min(text.length, after + 1) };
        return;
      }
      at = text.indexOf(heading, at + 1);
    }
  });
  return best;
}

/** The visitor's request: the task section of the latest turn context that has one, else a plain user message. */
function findRequest(userTexts: readonly string[]): string | undefined {
  for (let i = userTexts.length - 1; i >= 0; i--) {
    const text = userTexts[i]!;
    const task = findHeading(text, TASK_HEADINGS);
    // The task comes before the page; a "# Task" further down is the page's own text.
    const page = findHeading(text, PAGE_HEADINGS);
    if (!task || (page && page.start < task.start)) continue;
    const next = findHeading(text, [...PAGE_HEADINGS, ...AFTER_PAGE_HEADINGS], task.end);
    const request = cleanRequest(text.slice(task.end, next ? next.start : task.end + MAX_REQUEST_CHARS * 4));
    if (request) return request;
  }
  // A conversation not built by the turn context builder: the latest user message that holds no page.
  for (let i = userTexts.length - 1; i >= 0; i--) {
    const text = userTexts[i]!;
    if (findHeading(text, PAGE_HEADINGS)) continue;
    const request = cleanRequest(text.slice(0, MAX_REQUEST_CHARS * 4));
    if (request) return request;
  }
  return undefined;
}

function cleanRequest(text: string): string | undefined {
  const flat = flatten(text);
  return flat ? clip(flat, MAX_REQUEST_CHARS) : undefined;
}

/** The URL and title labels, then the page text, up to the next section of the turn context. */
function readPageSection(text: string, start: number, reading: ConversationReading): void {
  // The labels open the section, maybe after a fence's first line; the page text follows them.
  let bodyStart = start;
  let cursor = start;
  for (let i = 0; i < 6 && cursor < text.length; i++) {
    const lineEnd = endOfLine(text, cursor);
    const line = text.slice(cursor, lineEnd);
    const url = reading.currentUrl === undefined ? afterLabel(line, URL_LABELS) : undefined;
    const title = url === undefined && reading.currentUrl !== undefined && reading.pageTitle === undefined ? afterLabel(line, TITLE_LABELS) : undefined;
    if (url !== undefined) reading.currentUrl = clip(url, 2_000);
    if (title !== undefined) reading.pageTitle = clip(flatten(title), 200);
    cursor = lineEnd + 1;
    if (url !== undefined || title !== undefined) bodyStart = cursor;
  }
  // The page text's first line follows a blank line, like a section would: never take it for the next section.
  let firstLine = bodyStart;
  while (firstLine < text.length && (text[firstLine] === '\n' || text[firstLine] === '\r')) firstLine++;
  const next = findHeading(text, AFTER_PAGE_HEADINGS, endOfLine(text, firstLine));
  reading.pageLines = text
    .slice(Math.min(bodyStart, text.length), next ? next.start : text.length)
    .split('\n')
    .map((line) => line.replace(/\r$/, ''));
}

function endOfLine(text: string, from: number): number {
  const at = text.indexOf('\n', from);
  return at < 0 ? text.length : at;
}

function afterLabel(line: string, labels: readonly string[]): string | undefined {
  for (const label of labels) {
    const at = line.indexOf(label);
    // The label opens the line, or follows a fence's marker on the same line.
    if (at >= 0 && at <= 80) return line.slice(at + label.length).trim();
  }
  return undefined;
}

function collectSitemapLines(text: string, out: string[]): void {
  for (const line of text.split('\n')) {
    if (out.length >= MAX_SITEMAP_LINES) return;
    if (line.length <= 2_000 && SITEMAP_LINE.test(line)) out.push(line);
  }
}

/** What each earlier assistant turn did and how its actions ended, from the loop's transcript. */
function readPriorTurns(messages: readonly unknown[]): PriorTurn[] {
  const results = new Map<string, string>();
  for (const message of messages) {
    if (!isMessage(message) || message.role !== 'tool') continue;
    if (typeof message.toolCallId === 'string' && typeof message.content === 'string') {
      results.set(message.toolCallId, message.content.slice(0, 20_000));
    }
  }
  const turns: PriorTurn[] = [];
  for (const message of messages) {
    if (!isMessage(message) || message.role !== 'assistant' || !Array.isArray(message.toolCalls) || message.toolCalls.length === 0) continue;
    const turn: PriorTurn = { tools: [] };
    for (const call of message.toolCalls) {
      if (!call || typeof call !== 'object' || typeof call.name !== 'string') continue;
      const args = typeof call.arguments === 'object' && call.arguments !== null ? (call.arguments as Record<string, unknown>) : {};
      const result = typeof call.id === 'string' ? results.get(call.id) : undefined;
      if (call.name === AGENT_TURN_TOOL) readEnvelopeTurn(args, result, turn);
      else readClassicCall(call.name, args, result, turn);
    }
    turns.push(turn);
  }
  return turns;
}

function readEnvelopeTurn(args: Record<string, unknown>, result: string | undefined, turn: PriorTurn): void {
  const actions = Array.isArray(args.actions) ? args.actions : [];
  for (const action of actions) {
    if (typeof action !== 'object' || action === null) continue;
    const { tool, args: toolArgs } = action as { tool?: unknown; args?: unknown };
    if (typeof tool !== 'string') continue;
    turn.tools.push(tool);
    if (tool === 'navigate' && typeof toolArgs === 'object' && toolArgs !== null) {
      const path = (toolArgs as { path?: unknown }).path;
      if (typeof path === 'string') turn.navigatedTo ??= path;
    }
  }
  if (result === undefined) return;
  // Only the first status of each action counts: the loop writes it before the tool's own (fenced) output.
  const seen = new Set<string>();
  for (const match of result.matchAll(ENVELOPE_STATUS)) {
    const index = match[1]!;
    if (seen.has(index)) continue;
    seen.add(index);
    if (match[4] && !turn.failure) turn.failure = { tool: match[2] ?? turn.tools[Number(index)] ?? 'action', reason: match[4] };
  }
}

function readClassicCall(name: string, args: Record<string, unknown>, result: string | undefined, turn: PriorTurn): void {
  turn.tools.push(name);
  if (name === 'navigate' && typeof args.path === 'string') turn.navigatedTo ??= args.path;
  const status = result === undefined ? null : CLASSIC_STATUS.exec(result.slice(0, 400));
  if (status?.[3] && !turn.failure) turn.failure = { tool: name, reason: status[3] };
}
