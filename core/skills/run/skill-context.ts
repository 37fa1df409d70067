import type { SkillContext } from '../skill-context.types.js';
import { memoryStorage } from '../../storage/memory-storage.js';
import { withMemoryFallback } from '../../storage/memory-fallback.js';
import { scopedStorage } from '../../storage/scoped-storage.js';
import type { KeyValueStorage } from '../../storage/key-value-storage.js';
import { untilCancelled } from './run-errors.js';
import type { RunScope } from './run-scope.js';

// One fallback per lasting storage, so a storage that fails is said once, not once per call.
const lasting = new WeakMap<KeyValueStorage, KeyValueStorage>();

/** The context an action, surface or panel skill's code is handed, built from the ports. */
export function buildSkillContext(scope: RunScope, signal: AbortSignal = scope.signal): SkillContext {
  const { core } = scope;
  const { ports } = core;
  const model = ports.llm;
  const agent = ports.startAgent;
  const palette = ports.palette?.();
  return {
    signal,
    args: scope.args,
    rest: scope.rest,
    preferences: core.preferences.contextFor(scope.skill),
    locale: core.locale(),
    say: (text) => ports.subtitle.show(String(text)),
    async navigate(path) {
      await untilCancelled(ports.navigate(path), signal);
    },
    closePalette: () => ports.closePalette?.(),
    ...(model ? { llm: (prompt: string) => untilCancelled(model(prompt, { signal }), signal) } : {}),
    // The skill's code hands a task on and goes on; the run it starts is the agent's, not this skill's.
    ...(agent ? { startAgent: (task: string) => void agent(task) } : {}),
    storage: scopedStorage(lastingStorage(scope), `dddk.skills.data.${scope.skill.id}.`),
    showSurface: (surface, placement = 'modal') => untilCancelled(ports.showSurface(surface, placement, { signal }), signal),
    ...(palette ? { palette } : {}),
  };
}

function lastingStorage(scope: RunScope): KeyValueStorage {
  const { ports } = scope.core;
  const primary = ports.persistentStorage;
  if (!primary) return (lasting.get(ports.storage) ?? lasting.set(ports.storage, memoryStorage()).get(ports.storage))!;
  let storage = lasting.get(primary);
  if (!storage) {
    storage = withMemoryFallback(primary, (failure) => scope.core.reportError(new Error(failure.message, { cause: failure.error })), { subject: "the skills' data", consequence: 'it is kept for this page only' });
    lasting.set(primary, storage);
  }
  return storage;
}
