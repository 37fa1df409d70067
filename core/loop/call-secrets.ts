/**
 * The secrets of one run: what the model wrote into a secret argument (the value for a password
 * field) is kept for the tool alone, from the moment the call arrives. Every record of it, every text
 * of the turn so far, the model's own copy of its calls and whatever else the loop keeps carry a
 * placeholder instead; a call that repeats a secret outside its own field is marked to be refused.
 */
import { redactArgs, scrubSecrets, secretValues } from './secret-args.js';
import type { ActionRecord, EffectGateOptions, LoopMode, PendingTurn } from './types.js';

export class CallSecrets {
  /** The arguments as the model sent them, for calls whose recorded arguments hide a secret. */
  private readonly realArgs = new WeakMap<ActionRecord, Record<string, unknown>>();
  /** Secret values seen in this run: blanked out of everything the loop keeps or reports. */
  private readonly values = new Set<string>();
  /** Calls that would carry a secret out of its field (into another field, a message, a host tool). */
  private readonly repeating = new WeakSet<ActionRecord>();

  constructor(
    private readonly secretArgs: EffectGateOptions['secretArgs'],
    private readonly mode: LoopMode,
  ) {}

  /** An assessment that throws treats every argument as secret. */
  protect(action: ActionRecord, turn: PendingTurn): void {
    if (action.invalid === undefined && this.secretArgs) {
      let names: readonly string[];
      try {
        names = this.secretArgs(action.tool, action.args);
      } catch {
        names = Object.keys(action.args);
      }
      const present = names.filter((name) => name in action.args);
      if (present.length > 0) {
        this.realArgs.set(action, action.args);
        for (const value of secretValues(action.args, present)) this.values.add(value);
        action.args = redactArgs(action.args, present);
        action.secret = present;
      }
    }
    if (this.values.size === 0) return;
    const blanked = this.scrub(action.args);
    if (JSON.stringify(blanked) !== JSON.stringify(action.args)) {
      action.args = blanked;
      this.repeating.add(action);
    }
    if (action.narrate !== undefined) action.narrate = this.scrub(action.narrate);
    turn.text = this.scrub(turn.text);
    for (const other of turn.actions) if (other.narrate !== undefined) other.narrate = this.scrub(other.narrate);
  }

  /** The arguments the model really sent, when the recorded ones hide a secret. */
  argsOf(action: ActionRecord): Record<string, unknown> | undefined {
    return this.realArgs.get(action);
  }

  /** The call writes a secret somewhere other than its own field. */
  repeatsSecret(action: ActionRecord): boolean {
    return this.repeating.has(action);
  }

  /** `value` with every secret of the run blanked out. */
  scrub<T>(value: T): T {
    return scrubSecrets(value, this.values);
  }

  /** The model's own copy of its calls (the raw tool-call arguments) carries the placeholders too. */
  redactToolCalls(turn: PendingTurn): void {
    const secret = turn.actions.filter((action) => action.secret);
    if (secret.length === 0) return;
    for (const call of turn.toolCalls) {
      if (this.mode === 'classic') {
        const action = secret.find((candidate) => candidate.callId === call.id);
        if (action) call.arguments = action.args;
        continue;
      }
      const listed = (call.arguments as { actions?: unknown }).actions;
      if (!Array.isArray(listed)) continue;
      for (const action of secret) {
        const entry = listed[action.actionIndex] as { args?: unknown } | undefined;
        if (entry && typeof entry === 'object') entry.args = action.args;
      }
    }
  }
}
