import type { SkillKind } from '../skill.types.js';
import type { SkillFailureReason } from './skill-outcome.types.js';

// The runner's intents, declared into the intent hub so the hub imports nothing of the skills. Each
// carries the skill's id, so what the visitor says after a run can be put down to that skill.
declare module '../../events/intents.js' {
  interface IntentEventMap {
    /** A skill began to run, or a tour was picked up after a reload (`resumed`). `parentRunId`: run by another skill. */
    skill_start: { runId: string; skillId: string; skillKind: SkillKind; resumed: boolean; parentRunId?: string; timestamp: number };
    /** A script reached a step (`step` is its kind), or a panel was entered (`step: 'panel'`, `index` its depth). */
    skill_step: { runId: string; skillId: string; index: number; step: string; timestamp: number };
    /** A run ended; `reason` says why one failed. */
    skill_done: { runId: string; skillId: string; status: 'done' | 'cancelled' | 'failed'; reason?: SkillFailureReason; timestamp: number };
  }
}

export {};
