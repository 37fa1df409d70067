import { passPreferenceGate } from './preference-gate.js';
import { runAction } from './run-action.js';
import { runPanel } from './run-panel.js';
import { runPrompt } from './run-prompt.js';
import type { PointerFrame } from './run-pointer.js';
import type { RunScope } from './run-scope.js';
import { runScript } from './run-script.js';
import { runSurface } from './run-surface.js';

/** The preference gate, then the skill by its kind; `resume` continues a script from its pointer frames. */
export async function runSkillKind(scope: RunScope, resume?: readonly PointerFrame[]): Promise<{ answer?: string }> {
  // A resumed tour passed the gate when it began.
  if (!resume) await passPreferenceGate(scope);
  switch (scope.skill.kind) {
    case 'script':
      await runScript(scope, resume);
      return {};
    case 'prompt':
      return runPrompt(scope);
    case 'action':
      await runAction(scope);
      return {};
    case 'surface':
      await runSurface(scope);
      return {};
    case 'panel':
      await runPanel(scope);
      return {};
  }
}
