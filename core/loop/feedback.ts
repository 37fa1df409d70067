/**
 * Every text the model reads back from the loop. What the loop writes itself goes through `reminder`;
 * what a tool returned goes through `fence`, apart from it, so that a tool's output can never end up
 * inside the loop's own reminder framing.
 */
import type { ActionRecord, ToolOutputSource, PendingTurn, ToolResult, TurnRecord } from './types.js';

export interface FeedbackHooks {
  reminder(text: string): string;
  fence(text: string, source: ToolOutputSource): string;
}

/**
 * The loop's texts quote model- and tool-supplied bits (a tool name it invented, a value it sent);
 * angle brackets are swapped for look-alikes so that such a bit cannot open or close a tag.
 */
export function neutralizeTags(text: string): string {
  return text.replace(/</g, '‹').replace(/>/g, '›');
}

/** A model-supplied string as it appears in the loop's texts: quoted, short, tag-free. */
export function quoteForModel(text: string, max = 60): string {
  const short = text.length > max ? `${text.slice(0, max)}…` : text;
  return neutralizeTags(JSON.stringify(short));
}

/** The loop's fixed notes to the model (also what a visitor-facing filter must recognize if a model repeats them). */
export const LOOP_NOTES = {
  noAction: 'No action was received in this turn.',
  brokeOff: 'Your response broke off before it was complete; nothing after the actions above arrived, and only they ran.',
  brokeOffInside: (index: number) => `Your response broke off inside actions[${index}], which did not run; nothing after it arrived. Only the actions above ran.`,
  interrupted: 'The page reloaded before your response was complete; the actions above are all that arrived. Continue from the page as it is now.',
} as const;

export class Feedback {
  constructor(private readonly hooks: FeedbackHooks) {}

  /** A text the loop wrote for the model. */
  engine(text: string): string {
    return this.hooks.reminder(neutralizeTags(text));
  }

  /** The content of the `tool` message answering one classic tool call. */
  classicResult(action: ActionRecord): string {
    return this.actionBlock(action, action.tool || 'the call');
  }

  /** The content of the `tool` message answering an `agent_turn` call: each action's outcome, then the turn's notes. */
  envelopeResult(turn: PendingTurn, ending: TurnRecord['ending']): string {
    const blocks = turn.actions.map((action) => this.actionBlock(action, envelopeLabel(action)));
    if (turn.actions.length === 0) blocks.push(this.engine(LOOP_NOTES.noAction));
    const notes = [...turn.notes, ...endingNotes(turn, ending)];
    if (notes.length > 0) blocks.push(this.engine(notes.join('\n')));
    return blocks.join('\n\n');
  }

  private actionBlock(action: ActionRecord, label: string): string {
    const result = action.result;
    if (action.status !== 'done' || !result) return this.engine(`${label} did not run.`);
    const engineMessage = action.resultBy === 'engine' && !result.ok && result.message ? ` ${result.message}` : '';
    const status = result.ok ? `${label} succeeded.` : `${label} failed (${result.code}).${engineMessage}`;
    const parts = [this.engine(status)];
    const output = action.resultBy === 'engine' ? undefined : toolOutput(result);
    if (output !== undefined) parts.push(this.hooks.fence(output, { tool: action.tool, callId: action.callId }));
    return parts.join('\n');
  }
}

function envelopeLabel(action: ActionRecord): string {
  return action.tool && !action.invalid ? `actions[${action.actionIndex}] (${action.tool})` : `actions[${action.actionIndex}]`;
}

function endingNotes(turn: PendingTurn, ending: TurnRecord['ending']): string[] {
  switch (ending) {
    case 'broken':
      return [turn.cutAction === undefined ? LOOP_NOTES.brokeOff : LOOP_NOTES.brokeOffInside(turn.cutAction)];
    case 'interrupted':
      return [LOOP_NOTES.interrupted];
    default:
      return [];
  }
}

/** What a tool said: its message and its data, as text; undefined when it said nothing. */
export function toolOutput(result: ToolResult): string | undefined {
  const parts: string[] = [];
  if (result.message) parts.push(result.message);
  if (result.ok && result.data !== undefined) {
    if (typeof result.data === 'string') parts.push(result.data);
    else {
      try {
        const json = JSON.stringify(result.data);
        if (json !== undefined) parts.push(json);
      } catch {
        parts.push(String(result.data));
      }
    }
  }
  const text = parts.join('\n');
  return text === '' ? undefined : text;
}
