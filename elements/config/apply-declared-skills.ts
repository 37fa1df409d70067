import type { DddkController } from '../../core/controller/controller.types.js';
import type { PageConfigProblem } from './page-config.types.js';

const CONTROLLER_FIELD = 'createDddk(config): config.declaredSkills';

/**
 * A page config's skills are checked when the skills' code loads, after the first paint; their
 * problems come back as `error` events, and are reported on the config's script as the others are.
 */
export function reportDeclaredSkillProblems(controller: DddkController, report: (problems: PageConfigProblem[]) => void): () => void {
  return controller.on('error', ({ error, source }) => {
    if (source !== 'skills-declared') return;
    const message = (error instanceof Error ? error.message : String(error)).replace(CONTROLLER_FIELD, 'skills');
    const field = /^skills\[\d+\][^\s:]*/.exec(message)?.[0] ?? 'skills';
    report([{ field, message: `page config: ${message}` }]);
  });
}
