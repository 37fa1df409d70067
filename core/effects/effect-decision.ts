/**
 * The effect policy's decision on the effects of one call: each effect by its class, raised by
 * destructive wording, then the host's `decide` (one that throws refuses: the policy fails closed),
 * then the host's marks; the strictest decision is the call's.
 */
import { describeValue } from '../util/describe-value.js';
import type { DecidedEffect, Effect, EffectDecision, EffectVerdict } from './effect.types.js';
import { ALWAYS_REFUSED, DECISIONS, type ResolvedEffectPolicy } from './effect-policy.js';

const STRICTNESS: Readonly<Record<EffectDecision, number>> = { allow: 0, confirm: 1, refuse: 2 };

/** The decision for each effect and for the call as a whole (the strictest one; no effect: allow). */
export function decideEffects(effects: readonly Effect[], policy: ResolvedEffectPolicy): EffectVerdict {
  const errors: Error[] = [];
  const decided = effects.map((effect) => decideOne(effect, policy, errors));
  let decision: EffectDecision = 'allow';
  for (const effect of decided) decision = stricter(decision, effect.decision);
  return { decision, effects: decided, errors };
}

function decideOne(effect: Effect, policy: ResolvedEffectPolicy, errors: Error[]): DecidedEffect {
  if (ALWAYS_REFUSED.has(effect.kind)) return { ...effect, decision: 'refuse', decidedBy: 'fixed' };
  let decision = policy.classes[effect.kind];
  let decidedBy: DecidedEffect['decidedBy'] = policy.explicit.has(effect.kind) ? 'class' : 'default';
  if (effect.declared) {
    // A tool that asks first is asked at least: a class the host set to refuse still refuses it.
    const refused = effect.declared === 'confirm' && policy.explicit.has(effect.kind) && policy.classes[effect.kind] === 'refuse';
    decision = refused ? 'refuse' : effect.declared;
    decidedBy = refused ? 'class' : 'declared';
  } else if (effect.destructive !== undefined && STRICTNESS[policy.classes.destructive] > STRICTNESS[decision]) {
    decision = policy.classes.destructive;
    decidedBy = policy.explicit.has('destructive') ? 'class' : 'wording';
  }
  if (policy.decide) {
    try {
      const answer = policy.decide(Object.freeze({ ...effect }), decision);
      if (answer !== undefined) {
        if (!DECISIONS.includes(answer)) throw new TypeError(`the effect policy's decide() returned ${describeValue(answer)}; return "allow", "confirm", "refuse" or undefined`);
        decision = answer;
        decidedBy = 'policy';
      }
    } catch (error) {
      errors.push(error instanceof Error ? error : new Error(String(error)));
      return { ...effect, decision: 'refuse', decidedBy: 'policy-error' };
    }
  }
  // The host's marks on its own elements hold whatever the function said.
  if (effect.marker === 'never') return { ...effect, decision: 'refuse', decidedBy: 'marker' };
  if (effect.marker === 'confirm' && decision === 'allow') return { ...effect, decision: 'confirm', decidedBy: 'marker' };
  return { ...effect, decision, decidedBy };
}

function stricter(a: EffectDecision, b: EffectDecision): EffectDecision {
  return STRICTNESS[b] > STRICTNESS[a] ? b : a;
}
