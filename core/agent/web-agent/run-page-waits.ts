/**
 * The waits of a run on its page: for what an action or a navigation set in motion to land, and for a
 * page that is being left for another document to go.
 */
import { RunStopped, untilAborted } from '../../loop/abortable.js';
import type { SettleOptions } from './agent-page.types.js';
import type { RunContext } from './run-context.js';

/** After a navigation: the router's render and the data it fetches. */
export const NAVIGATION_SETTLE = { quietMs: 150, maxMs: 2_500 };
/** Before a turn that follows actions: what a click or a fill set in motion. */
export const ACTION_SETTLE = { quietMs: 60, maxMs: 800 };
/** How long a run waits for a page that is being left to go; a navigation that was called off lets it go on. */
const LEAVING_WAIT_MS = 8_000;
const LEAVING_POLL_MS = 100;
/** How long a load the run started may take to begin (the page's `beforeunload`) before it counts as called off. */
const LOAD_START_MS = 1_000;

export async function settlePage(run: RunContext, limits: Pick<SettleOptions, 'quietMs' | 'maxMs'>): Promise<void> {
  try {
    await untilAborted(run.signal, Promise.resolve(run.env.page.settle({ ...limits, signal: run.signal })));
  } catch (error) {
    if (error instanceof RunStopped) throw error;
    // A page that cannot tell when it settled is read as it is.
  }
}

/**
 * A link that loads another document is under way: a model call now would be cut by the unload and
 * its answer lost, while the next page continues the run from the session. So wait for the unload.
 */
export async function untilStaying(run: RunContext): Promise<void> {
  const page = run.env.page;
  for (let waited = 0; page.isLeaving?.() && waited < LEAVING_WAIT_MS; waited += LEAVING_POLL_MS) {
    await untilAborted(run.signal, new Promise((resolve) => setTimeout(resolve, LEAVING_POLL_MS)));
  }
}

/**
 * The run loaded another document in the page's place: wait for the page to go (the next page
 * continues the run). `stayed`: the load did not begin within `LOAD_START_MS`, or the page is still
 * here after `LEAVING_WAIT_MS` (the server sent nothing to show, the visitor called it off).
 * `returned`: the page went and came back (the back/forward cache): the next page has the run.
 */
export async function untilReplaced(run: RunContext): Promise<'stayed' | 'returned'> {
  const page = run.env.page;
  let left = false;
  for (let waited = 0; waited < LEAVING_WAIT_MS; waited += LEAVING_POLL_MS) {
    const leaving = page.isLeaving?.() === true;
    if (leaving) left = true;
    else if (left) return 'returned';
    else if (waited >= LOAD_START_MS) return 'stayed';
    await untilAborted(run.signal, new Promise((resolve) => setTimeout(resolve, LEAVING_POLL_MS)));
  }
  return 'stayed';
}
