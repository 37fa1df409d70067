// The LoCoMo conversations in ../shared/corpus/locomo (Maharana et al., ACL 2024), read for the
// memory benchmark: each conversation's turns with who said them, the picture shared and the
// session's date, and its questions that have evidence (category 5, adversarial, has none).
// The data is read here only: it stays out of the project's files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const LOCOMO_DIR = fileURLToPath(new URL('../../../shared/corpus/locomo', import.meta.url));

export interface LocomoTurn {
  id: string;
  speaker: string;
  text: string;
  caption: string;
  session: number;
  at: number;
}

export interface LocomoQuestion {
  question: string;
  evidence: string[];
  category: number;
}

export interface LocomoConversation {
  name: string;
  turns: LocomoTurn[];
  questions: LocomoQuestion[];
  /** Just after the last session: the "now" of a reader looking back. */
  endedAt: number;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** `1:56 pm on 8 May, 2023` as ms since the epoch (UTC). */
export function sessionTime(text: string): number {
  const match = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(text);
  if (!match) throw new Error(`LoCoMo: cannot read the session date ${JSON.stringify(text)}`);
  const [, hour, minute, half, day, month, year] = match;
  const monthIndex = MONTHS.indexOf(month!.toLowerCase());
  if (monthIndex < 0) throw new Error(`LoCoMo: unknown month in ${JSON.stringify(text)}`);
  const hours = (Number(hour) % 12) + (half!.toLowerCase() === 'pm' ? 12 : 0);
  return Date.UTC(Number(year), monthIndex, Number(day), hours, Number(minute));
}

export function loadLocomo(dir = LOCOMO_DIR): LocomoConversation[] {
  if (!existsSync(dir)) throw new Error(`the LoCoMo conversations are missing: expected JSON files in ${dir}`);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => readConversation(name.replace(/\.json$/, ''), JSON.parse(readFileSync(`${dir}/${name}`, 'utf8'))));
}

function readConversation(name: string, data: Record<string, unknown>): LocomoConversation {
  const turns: LocomoTurn[] = [];
  let endedAt = 0;
  for (let session = 1; Array.isArray(data[`session_${session}`]); session++) {
    const start = sessionTime(String(data[`session_${session}_date_time`]));
    const said = data[`session_${session}`] as Array<{ dia_id: string; speaker: string; text: string; blip_caption?: string }>;
    said.forEach((turn, index) => {
      // A minute a turn keeps a session's turns in order and apart.
      turns.push({ id: turn.dia_id, speaker: turn.speaker, text: turn.text, caption: turn.blip_caption ?? '', session, at: start + index * 60_000 });
    });
    endedAt = Math.max(endedAt, start + said.length * 60_000);
  }
  const questions = (data['qa'] as Array<{ question: string; evidence?: string[]; category: number }>)
    .filter((qa) => qa.category !== 5 && (qa.evidence?.length ?? 0) > 0)
    // A few evidence entries list several turns in one string ("D8:6; D9:17").
    .map((qa) => ({ question: qa.question, evidence: [...new Set(qa.evidence!.flatMap((entry) => entry.split(/[;,]\s*/)).map((id) => id.trim()).filter(Boolean))], category: qa.category }));
  return { name, turns, questions, endedAt: endedAt + 86_400_000 };
}
