/**
 * A tool outside the kit (a test harness, a devtools panel) may watch it by putting an object on
 * `globalThis[Symbol.for('dddk.debug-hook')]`: it is told of every controller created and of every
 * event of every agent run, as they happen, in every copy of the kit on the page. Without the object
 * nothing is reported, and a hook that throws changes nothing for the kit.
 */

export const DEBUG_HOOK_KEY = Symbol.for('dddk.debug-hook');

export interface DebugHook {
  /** A controller was created (`createDddk`). */
  controller?(controller: unknown): void;
  /** A web agent's run emitted an event (the same object its readers get). */
  agentEvent?(event: unknown): void;
}

export function reportToDebugHook(kind: keyof DebugHook, value: unknown): void {
  const hook = (globalThis as { [DEBUG_HOOK_KEY]?: DebugHook })[DEBUG_HOOK_KEY];
  if (!hook) return;
  try {
    hook[kind]?.(value);
  } catch {
    // A watcher's failure is the watcher's.
  }
}
