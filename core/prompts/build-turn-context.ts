import { promptStrings } from './prompt.strings.js';
import { identityFence, identityReminder, type PromptTextHooks } from './text-hooks.js';

export interface TurnContextInput {
  /** The user's request, restated each turn so trimming old turns never loses it. */
  task?: string;
  url: string;
  title?: string;
  /** The indexed page dump from the DOM reader. */
  pageText: string;
  /** Short lines on what was done so far, oldest first (they may quote page text). */
  history?: string[];
  selection?: { text?: string; elements?: string[] };
  /** The steps still to do. */
  todos?: string[];
  /** A note from the engine for this turn, e.g. that the last action failed and why. */
  stepNote?: string;
  /** Picks the headings' language; default `en`. */
  locale?: string;
}

/**
 * The per-turn user message: task, page, selection, steps so far, plan and the engine's note. Page
 * derived text (the page, the selection, the history) passes through `fence`; the engine's note
 * through `reminder`.
 */
export function buildTurnContext(input: TurnContextInput, hooks: PromptTextHooks = {}): string {
  const strings = promptStrings(input.locale);
  const fence = hooks.fence ?? identityFence;
  const reminder = hooks.reminder ?? identityReminder;
  const sections: string[] = [];

  if (input.task) sections.push(`${strings.taskHeading}\n${input.task}`);

  const pageLines = [`${strings.urlLabel}${input.url}`];
  if (input.title) pageLines.push(`${strings.titleLabel}${input.title}`);
  pageLines.push('', input.pageText);
  sections.push(`${strings.pageHeading}\n${fence(pageLines.join('\n'), 'page')}`);

  const selection = input.selection;
  if (selection && (selection.text || selection.elements?.length)) {
    const lines: string[] = [];
    if (selection.text) lines.push(selection.text);
    if (selection.elements?.length) lines.push(`${strings.selectedElementsLabel}${selection.elements.join(', ')}`);
    sections.push(`${strings.selectionHeading}\n${fence(lines.join('\n'), 'selection')}`);
  }

  if (input.history?.length) {
    sections.push(`${strings.historyHeading}\n${fence(input.history.map((line) => `- ${line}`).join('\n'), 'history')}`);
  }

  if (input.todos?.length) sections.push(`${strings.todosHeading}\n${input.todos.map((todo) => `- ${todo}`).join('\n')}`);

  if (input.stepNote) sections.push(reminder(input.stepNote));

  return sections.join('\n\n');
}
