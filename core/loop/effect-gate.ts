/**
 * The gate every call passes before it runs: what it would do (the policy's assessment, or for a
 * tool the policy knows nothing about, what the tool declares and what its name says), decided by
 * the effect policy. It runs for every call alike, whatever the model narrated.
 */
import { decideEffects } from '../effects/effect-decision.js';
import type { ResolvedEffectPolicy } from '../effects/effect-policy.js';
import type { Effect, EffectVerdict } from '../effects/effect.types.js';
import { destructiveWording } from '../effects/wording.js';
import type { AnyLoopTool, EffectGateOptions, ToolContext } from './types.js';

export interface GateInput {
  tool: AnyLoopTool;
  args: Record<string, unknown>;
  context: ToolContext;
  gate: EffectGateOptions;
  policy: ResolvedEffectPolicy;
}

/** The verdict for one call. An assessment that throws refuses the call rather than letting it through. */
export async function judgeCall({ tool, args, context, gate, policy }: GateInput): Promise<EffectVerdict> {
  let assessed: readonly Effect[] | undefined;
  try {
    assessed = gate.assess ? await gate.assess(tool, args, context) : undefined;
  } catch (error) {
    return failedAssessment(tool, error);
  }
  // A tool the policy knows nothing of: its name is all there is to go on.
  let effects: Effect[] = assessed ? [...assessed] : [nameEffect(tool.name, policy)];
  const declared = await declaredEffect(tool, args, context);
  if (declared) {
    // The host vouches for its own tool, one way or the other; what the page does is still judged.
    effects = effects.filter((effect) => effect.kind !== 'host-action');
    effects.push(declared);
  }
  return decideEffects(effects, policy);
}

function nameEffect(tool: string, policy: ResolvedEffectPolicy): Effect {
  const wording = destructiveWording([tool], policy.destructivePatterns);
  return wording === undefined ? { kind: 'host-action', tool } : { kind: 'host-action', tool, destructive: wording };
}

/** What the tool says of itself: `requireConfirmation` true, false, or a predicate's answer for this call (one that throws asks). */
async function declaredEffect(tool: AnyLoopTool, args: Record<string, unknown>, context: ToolContext): Promise<Effect | undefined> {
  const own = tool.requireConfirmation;
  if (own === undefined) return undefined;
  let asks: boolean;
  if (typeof own === 'function') {
    try {
      asks = (await own(args, context)) === true;
    } catch {
      asks = true;
    }
  } else asks = own;
  return { kind: 'host-action', tool: tool.name, declared: asks ? 'confirm' : 'allow' };
}

function failedAssessment(tool: AnyLoopTool, error: unknown): EffectVerdict {
  const reason = error instanceof Error ? error : new Error(String(error));
  return {
    decision: 'refuse',
    effects: [{ kind: 'host-action', tool: tool.name, decision: 'refuse', decidedBy: 'policy-error' }],
    errors: [reason],
  };
}
