/**
 * The controller's last check on what reaches the visitor from the agent: the subtitle's prompts and
 * notices, and the intents recorded for the host's analytics, without the engine's text (its tags,
 * its labels, its fixed notes). The run has already filtered the model's words against every note it
 * sent; this catches what arrives here by any other way.
 */
import type { IntentEvent } from '../../../events/intents.js';
import { createVisitorTextGuard } from '../../../marks/visitor-text.js';
import { engineSentences } from '../engine-wording.js';

const guard = createVisitorTextGuard({ sentences: engineSentences });

/** A text for the visitor, without the engine's. */
export function visitorText(text: string): string {
  return guard.clean(text);
}

/** An intent with every string in it (its props included) without the engine's text. */
export function visitorIntent<Intent extends IntentEvent>(intent: Intent): Intent {
  return cleanStrings(intent);
}

function cleanStrings<T>(value: T): T {
  if (typeof value === 'string') return guard.clean(value) as T;
  if (Array.isArray(value)) return value.map(cleanStrings) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cleanStrings(item)])) as T;
  return value;
}
