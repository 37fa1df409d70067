/**
 * Runs a page action inside the effect guard. Effects the gate foresaw and the visitor agreed to
 * (or the policy allows) pass; anything else the page does in answer is held, and once the action
 * is over each held effect is put to the same policy: refused, or asked about and only then let
 * happen. The model is told what became of each.
 */
import { effectClause } from '../../effects/effect-notes.js';
import type { DecidedEffect, Effect, EffectVerdict } from '../../effects/effect.types.js';
import { nextFrame } from '../actions/timing.js';
import type { ActionResult } from '../actions/types.js';
import { armEffectGuard } from './effect-guard.js';
import type { HeldEffect } from './guard-scope.js';

export interface GuardedRunOptions {
  /** The window whose page the action works on. */
  window: Window;
  /** The call's effects as the gate decided them; those it did not refuse were agreed to. */
  approved: readonly DecidedEffect[];
  /** The policy's verdict on effects the gate did not foresee. */
  decide(effects: readonly Effect[]): EffectVerdict;
  /** Asks the visitor about a verdict that calls for consent; resolves whether they agreed. */
  ask(verdict: EffectVerdict): Promise<boolean>;
  patterns?: readonly RegExp[];
  signal: AbortSignal;
}

/** How long the guard keeps watching after the action returned: handlers that finish in a task or a frame. */
async function quietTail(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await nextFrame();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

export async function runGuarded<T>(run: () => Promise<ActionResult<T>>, options: GuardedRunOptions): Promise<ActionResult<T>> {
  // One yes lets one effect through: a double click on a submit button submits once.
  const approvedKeys = new Set(options.approved.filter((effect) => effect.decision !== 'refuse' && effect.key !== undefined).map((effect) => effect.key!));
  const usedKeys = new Set<string>();
  const held: HeldEffect[] = [];
  const disarm = armEffectGuard(options.window, {
    permits: (effect) => {
      if (options.decide([effect]).decision === 'allow') return true;
      if (effect.key === undefined || !approvedKeys.delete(effect.key)) return false;
      usedKeys.add(effect.key);
      return true;
    },
    onHeld: (effect) => held.push(effect),
    ...(options.patterns ? { patterns: options.patterns } : {}),
  });
  let result: ActionResult<T>;
  try {
    result = await run();
    await quietTail();
  } finally {
    disarm();
  }
  if (held.length === 0) return result;
  const notes: string[] = [];
  const seen = new Set<string>();
  for (const one of held) {
    const signature = one.effects.map((effect) => effect.key ?? effect.kind).join('|');
    if (seen.has(signature)) {
      // The same effect held twice is settled once; the copy does not happen.
      one.drop?.();
      continue;
    }
    seen.add(signature);
    notes.push(one.effects.every((effect) => effect.key !== undefined && usedKeys.has(effect.key)) ? repeatNote(one) : await settleHeld(one, options));
  }
  const message = [result.message, ...notes].filter(Boolean).join(' ');
  return { ...result, message };
}

/** The same effect again within one action: the user agreed to it once, so it happened once. */
function repeatNote(held: HeldEffect): string {
  held.drop?.();
  const what = held.effects.map((effect) => effectClause(effect)).join(' and ');
  return `The page then tried to ${what} a second time; the user agreed to it once, so it happened once.`;
}

async function settleHeld(held: HeldEffect, options: GuardedRunOptions): Promise<string> {
  const note = await decideHeld(held, options);
  // Whatever did not happen is over for good: a page waiting for it hears so.
  if (!note.released) held.drop?.();
  return note.text;
}

async function decideHeld(held: HeldEffect, options: GuardedRunOptions): Promise<{ text: string; released: boolean }> {
  const said = (text: string, released = false) => ({ text, released });
  const verdict = options.decide(held.effects);
  const what = held.effects.map((effect) => effectClause(effect)).join(' and ');
  if (verdict.decision === 'refuse') return said(`The page then tried to ${what}; that is not allowed here, so it was stopped.`);
  if (verdict.decision === 'allow' && held.release) {
    held.release();
    return said(`The page then went on to ${what}.`, true);
  }
  if (!held.release) return said(`The page then tried to ${what}; it was stopped, and it cannot be done for the user: ask them to do it themselves if they want it.`);
  if (options.signal.aborted) return said(`The page then tried to ${what}; the run stopped before the user was asked, so it did not happen.`);
  let approved = false;
  try {
    approved = await options.ask(verdict);
  } catch {
    approved = false;
  }
  if (!approved || options.signal.aborted) return said(`The page then tried to ${what}; the user declined, so it did not happen. Do not try it again unless they ask for it.`);
  held.release();
  return said(`The page then tried to ${what}; the user agreed, and it went ahead.`, true);
}
