/**
 * The engine's reminder tags, rendered in one place so that no caller spells the marking syntax.
 * With a mark the open tag carries it; without one (a caller outside a run, which has no declaration
 * either) the tag is the bare historic form. The close tag never changes: it carries no authority.
 */
import { assertReminderMark } from './reminder-mark.js';

export const REMINDER_TAG = 'system-reminder';
export const REMINDER_CLOSE = `</${REMINDER_TAG}>`;

export function openSystemReminder(mark?: string): string {
  if (mark === undefined) return `<${REMINDER_TAG}>`;
  assertReminderMark(mark, 'openSystemReminder(mark)');
  return `<${REMINDER_TAG} mark="${mark}">`;
}

/** One whole block: open tag, newline, the body exactly as given, newline, close tag. */
export function mintSystemReminder(body: string, mark?: string): string {
  return `${openSystemReminder(mark)}\n${body}\n${REMINDER_CLOSE}`;
}

/**
 * Wraps the engine's feedback to the model (a gate's refusal, a limit reached) in a reminder, so it
 * reads as guidance rather than data. For trusted, first-party text only: a `</system-reminder>` in
 * `text` is not escaped and would end the block early. Text from a tool, a page or a user goes
 * through a fence (`fenceUntrusted`) instead.
 */
export function formatHookFeedback(text: string, mark?: string): string {
  return mintSystemReminder(text, mark);
}
