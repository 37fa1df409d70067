/**
 * A run when its page moves: a router's move is followed (saved, settled, the next turn told where
 * it is); another document is loaded in the page's place only once the session is written, and the
 * run waits for the page to go, so that the next page resumes it at its next step. And what a resumed
 * run's first turn is told.
 */
import type { LoopEvent } from '../../loop/types.js';
import { agentStrings } from './agent.strings.js';
import type { RunContext, RunEnvironment, RunStart } from './run-context.js';
import { ACTION_SETTLE, NAVIGATION_SETTLE, settlePage, untilReplaced } from './run-page-waits.js';
import type { RunTurns } from './run-turns.js';
import { arrivedByLoad } from './session-steps.js';

type Navigating = Extract<LoopEvent, { type: 'navigating' }>;

/** The page is moving: saved first, so a reload resumes the run; the next turn is told where it is. */
export async function followNavigation(run: RunContext, turns: RunTurns, event: Navigating): Promise<void> {
  run.setStatus('navigating');
  if (!run.signal.aborted) run.save();
  run.emit({ type: 'navigating', runId: run.id, step: event.step, to: event.to });
  turns.noteForNextTurn = agentStrings(run.env.locale()).navigatedNote(routeOf(event.to));
  await settlePage(run, NAVIGATION_SETTLE);
  run.start.session.currentPage = run.env.page.location();
}

/**
 * Another document takes the page's place: the session is written first (the action is recorded
 * done), then `url` (the navigate action's) is loaded, and the run waits for the page to go, so that
 * nothing more runs here. A load that was called off (the page is still here after the wait) lets
 * the run go on here, and the next turn is told so; a page shown again from the back/forward cache
 * stops the run as an unload would (the page it loaded has it).
 */
export async function leaveForDocument(run: RunContext, turns: RunTurns, event: Navigating, url: string | undefined): Promise<void> {
  run.setStatus('navigating');
  if (!run.signal.aborted) run.save();
  run.emit({ type: 'navigating', runId: run.id, step: event.step, to: event.to, newDocument: true });
  if (url !== undefined && !run.signal.aborted) run.env.page.load?.(url);
  if ((await untilReplaced(run)) === 'returned') {
    // Shown again from the back/forward cache: the page it loaded continued the run, which is not this one's any more.
    run.requestStop('dispose');
    return;
  }
  turns.noteForNextTurn = agentStrings(run.env.locale()).stayedNote(routeOf(event.to));
  await settlePage(run, ACTION_SETTLE);
  run.start.session.currentPage = run.env.page.location();
}

/**
 * The model's note on the first turn of a resumed run: where a navigation it made brought it, when the
 * page it loaded is the one the run woke up on; otherwise that the page was reloaded.
 */
export function resumeNote(env: RunEnvironment, start: RunStart): string {
  const strings = agentStrings(env.locale());
  const arrived = start.checkpoint ? arrivedByLoad(start.checkpoint) : undefined;
  if (arrived === undefined) return strings.resumedNote;
  let here: string | undefined;
  try {
    here = env.page.location();
  } catch {
    here = undefined;
  }
  const route = routeOf(arrived);
  return here !== undefined && withoutHash(here) === withoutHash(route) ? strings.navigatedNote(route) : strings.resumedNote;
}

function withoutHash(route: string): string {
  const at = route.indexOf('#');
  return at < 0 ? route : route.slice(0, at);
}

/** Path, query and hash of a URL, as the page's `location()` gives them. */
function routeOf(to: string): string {
  try {
    const url = new URL(to, 'http://page.invalid');
    return url.pathname + url.search + url.hash;
  } catch {
    return to;
  }
}
