import { skillStrings, type SkillStrings } from '../skills.strings.js';
import { skillRunStrings, type SkillRunStrings } from './run.strings.js';

/** The two tables a run speaks from: the runner's own, and the skills' (missing arguments, the setup form). */
export interface RunStrings {
  readonly run: SkillRunStrings;
  readonly skills: SkillStrings;
}

export function runStrings(locale: string): RunStrings {
  return { run: skillRunStrings(locale), skills: skillStrings(locale) };
}
