/**
 * The confirmation gate: which tool calls wait for the user's approval before they run. A tool's own
 * `requireConfirmation` wins; otherwise its name, and the policy's description of the call (the label
 * of the element a click would hit), are matched against the destructive patterns.
 */
import type { AnyLoopTool, ConfirmationOptions, ToolContext } from './types.js';

/**
 * Verbs whose effect a user cannot undo by clicking around. They are matched against a normalized
 * text (camelCase, `_`, `-` and `.` become spaces, lower case) so that `deleteItem`, `delete_item` and
 * "Delete item" all match while `display` or `payload` do not.
 */
export const DEFAULT_DESTRUCTIVE_PATTERNS: readonly RegExp[] = Object.freeze([
  /\b(delete|remove|destroy|purge|erase|wipe|unsubscribe|deactivate|revoke|terminate)\b/,
  /\bdrop\b(?![ -]?down)/,
  /\b(pay|purchase|checkout|check out|buy|transfer|refund)\b/,
  /\bcancel (my |the |this )?(order|subscription|account|plan|membership|booking|reservation)s?\b/,
  /\bsubmit (the |my )?(order|payment)\b/,
  /\bplace (an |the |my )?order\b/,
  /\bsend (the )?(money|payment|funds)\b/,
  /\bclose (my |the |this )?account\b/,
]);

/** `deleteItem` → `delete item`, `Cancel_Order` → `cancel order`. */
export function normalizeForGate(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** True when any pattern matches a text as written or normalized. */
export function matchesDestructive(texts: readonly string[], patterns: readonly RegExp[]): boolean {
  for (const text of texts) {
    const forms = [text, normalizeForGate(text)];
    for (const pattern of patterns) {
      for (const form of forms) {
        // A host's pattern may carry the `g` or `y` flag, whose `lastIndex` would make `test` stateful.
        pattern.lastIndex = 0;
        if (pattern.test(form)) return true;
      }
    }
  }
  return false;
}

export interface GateDecision {
  needed: boolean;
  /** What `describeForGate` said about the call, when it said anything. */
  description?: string;
}

/** Whether this call must wait for the user. A failing predicate asks, rather than running unchecked. */
export async function confirmationNeeded(
  tool: AnyLoopTool,
  args: Record<string, unknown>,
  context: ToolContext,
  options: ConfirmationOptions,
): Promise<GateDecision> {
  const own = tool.requireConfirmation;
  const description = await describe(tool, args, options);
  const decided = (needed: boolean): GateDecision => (description === undefined ? { needed } : { needed, description });
  if (own === true) return decided(true);
  if (options.disableConfirmations || own === false) return decided(false);
  if (typeof own === 'function') {
    try {
      return decided((await own(args, context)) === true);
    } catch {
      return decided(true);
    }
  }
  const patterns = options.destructivePatterns ?? DEFAULT_DESTRUCTIVE_PATTERNS;
  const texts = description === undefined ? [tool.name] : [tool.name, description];
  return decided(matchesDestructive(texts, patterns));
}

async function describe(tool: AnyLoopTool, args: Record<string, unknown>, options: ConfirmationOptions): Promise<string | undefined> {
  if (!options.describeForGate) return undefined;
  try {
    const text = await options.describeForGate(tool, args);
    return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
  } catch {
    // Without a description the tool name alone is matched.
    return undefined;
  }
}
