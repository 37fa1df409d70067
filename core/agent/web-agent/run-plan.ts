/**
 * The plan of a run, made before its first turn when the config asks for one: the planner reads the
 * page, the plan is written to the session and reported, and its summary narrated when asked. A plan
 * that cannot be made is reported and the run goes on without one.
 */
import { untilAborted } from '../../loop/abortable.js';
import type { TaskPlan } from '../../prompts/task-plan.js';
import { makePlan } from './make-plan.js';
import type { RunContext } from './run-context.js';
import { askToGoOn } from './run-host.js';

/** Makes the plan; `adopt` receives it before it is saved, reported or announced. */
export async function preparePlan(run: RunContext, adopt: (plan: TaskPlan) => void): Promise<void> {
  const { config, page } = run.env;
  const session = run.start.session;
  // A plan belongs to the task it was made for; a follow-up gets its own or none.
  delete session.plan;
  if (!config.planner) return;
  try {
    const snapshot = page.read({ maxLength: config.plannerDomMaxLength, ...(config.domFilter ? { domFilter: config.domFilter } : {}) });
    const plan = await untilAborted(
      run.signal,
      makePlan({ config, locale: run.env.locale(), llm: run.env.planLLM, task: run.task, page: snapshot, signal: run.signal, textHooks: run.textHooks }),
    );
    adopt(plan);
    session.plan = plan;
    run.save();
    run.emit({ type: 'plan', runId: run.id, plan });
    if (config.announcePlan) await announce(run, plan.task_summary);
  } catch (error) {
    if (run.signal.aborted) return;
    run.emit({ type: 'plan-failed', runId: run.id, error: error instanceof Error ? error : new Error(String(error)) });
  }
}

/** The plan's summary, narrated before the first turn like an action's narration (step 0). */
async function announce(run: RunContext, text: string): Promise<void> {
  const where = { runId: run.id, step: 0, actionIndex: 0 };
  run.emit({ type: 'narrate-delta', ...where, text });
  run.emit({ type: 'narrate-complete', ...where, text });
  // A visitor-paced run lets the visitor read the plan before the first step.
  if (run.env.config.pace === 'visitor' && (await askToGoOn(run, { cause: 'step', message: text, step: 0, actionIndex: 0 })) === 'stop') {
    run.requestStop('pause');
  }
}
