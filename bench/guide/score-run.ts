// Judges one run against its label, from what the visitor was shown only.
import type { GuideRequest } from './guide-request.types.js';
import type { RunRecord } from './run-requests.js';

export interface RunScore {
  answered: boolean;
  /** Undefined when the label names no element to point at. */
  pointed: boolean | undefined;
  endedRight: boolean;
  /** An answer given as if it were right, that is not. */
  confidentWrong: boolean;
  /** Kit phrases in another language than the answer's (an English "Done." under a Chinese answer). */
  mixedLanguage: boolean;
  final: string;
}

/** The guide's ways of saying it did not find it, or is not sure (en, zh). */
const NOT_FOUND = /can['’]t find|could not find|couldn['’]t find|not sure|closest|找不到|沒有找到|不確定|最接近/i;
const HAN = /\p{Script=Han}/u;
const LATIN_KIT_LINES = /^(?:done\.?|stopped\.?|next step)/i;

const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').replace(/[’‘]/g, "'");

export function scoreRun(request: GuideRequest, run: RunRecord): RunScore {
  const final = run.narrations.at(-1) ?? '';
  const said = normalize(run.narrations.join(' '));
  const finalText = normalize(final);
  const declined = NOT_FOUND.test(final);
  const contains = (parts: readonly string[] | undefined, text: string) => (parts ?? []).every((part) => text.includes(normalize(part)));
  const endedRight = run.endedOn === request.endOn;
  const wantsHan = request.script === 'han';
  const mixedLanguage = wantsHan && (run.painted.some((text) => text.split("\n").some((line) => LATIN_KIT_LINES.test(line.trim()))) || !HAN.test(final));
  let answered: boolean;
  switch (request.category) {
    case 'no-answer':
      answered = declined && contains(request.answer, said) && !run.error;
      break;
    case 'action':
      answered = run.effect === true && endedRight && !run.error;
      break;
    case 'language':
      answered = endedRight && !mixedLanguage && !run.error && (request.answer === undefined || contains(request.answer, said));
      break;
    default:
      answered = !declined && contains(request.answer, finalText) && endedRight && !run.error;
  }
  const pointed = request.pointAt === undefined ? undefined : run.pointed.some(Boolean);
  // A wrong answer that owns up to not knowing is a miss; one stated as fact is a confident wrong answer.
  const confidentWrong = !answered && final !== '' && !declined && !run.error && run.finalReason === 'done';
  return { answered, pointed, endedRight, confidentWrong, mixedLanguage, final };
}
