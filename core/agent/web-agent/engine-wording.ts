/**
 * What the web agent's engine writes for the model, as fixed sentences a visitor-facing filter
 * recognizes when a model repeats them: the agent's own notes in every shipped locale, the loop's
 * notes, and the system prompt's declarations of the mark and the fence. A sentence that carries a
 * value (a path, a count) is kept only in its fixed parts; a run adds the notes it actually sent,
 * values included (`run-visitor-text.ts`).
 */
import { LOOP_NOTES } from '../../loop/feedback.js';
import { createProvenance } from '../../marks/provenance.js';
import { splitSentences } from '../../marks/visitor-text.js';
import { agentStrings } from './agent.strings.js';

const LOCALES = ['en', 'zh-TW'];
/** Stands for a value in a note; a sentence that contains it is not fixed wording. */
const VALUE = '\u0001';

let catalogue: readonly string[] | undefined;

/** The engine's fixed sentences, as the string tables have them on first use. */
export function engineSentences(): readonly string[] {
  return (catalogue ??= Object.freeze([...new Set(notes().flatMap((note) => splitSentences(note).map((sentence) => sentence.trim())).filter((sentence) => sentence !== '' && !sentence.includes(VALUE)))]));
}

function notes(): string[] {
  const found: string[] = [LOOP_NOTES.noAction, LOOP_NOTES.brokeOff, LOOP_NOTES.interrupted];
  for (const locale of LOCALES) {
    const strings = agentStrings(locale);
    found.push(strings.resumedNote, strings.navigatedNote(VALUE), strings.stayedNote(VALUE));
    for (const count of [1, 2]) {
      found.push(strings.screenshotsNote(count, true), strings.screenshotsNote(count, false), strings.attachmentsNote(count));
    }
  }
  const provenance = createProvenance();
  found.push(provenance.declaration().split(provenance.mark).join(VALUE).split(provenance.fence.boundary).join(VALUE));
  return found;
}
