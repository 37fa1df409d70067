/**
 * One action, from the moment its call is known: check it, judge what it would do (refuse it, or ask
 * the user, before it runs), record that it starts, run it, record its result. Every action passes
 * the same gate, narrated or not.
 */
import { consentQuestion } from '../effects/consent-question.js';
import { declinedNote, refusalNote } from '../effects/effect-notes.js';
import type { DecidedEffect, EffectVerdict } from '../effects/effect.types.js';
import { deferred, untilAborted } from './abortable.js';
import type { CallSecrets } from './call-secrets.js';
import { judgeCall } from './effect-gate.js';
import { quoteForModel } from './feedback.js';
import { jsonCopy, recordableResult } from './pending-turn.js';
import type { ResolvedLoopOptions } from './resolve-options.js';
import { runTool, type ToolOutcome } from './run-tool.js';
import type { ActionRecord, AnyLoopTool, LoopEvent, StepRecord, ToolContext } from './types.js';
import { validateArguments } from './validate-args.js';

/** The codes of outcomes the loop gives an action without running it. */
type RefusalCode = 'invalid_arguments' | 'unknown_tool' | 'user_declined' | 'not_allowed';

export interface DispatchSetup {
  options: ResolvedLoopOptions;
  /** The run's signal: a stop ends a confirm, a pause or a running tool at once. */
  signal: AbortSignal;
  secrets: CallSecrets;
  /** The transcript's records: each finished action is appended. */
  records: StepRecord[];
  /** The `step` event for a record, with a checkpoint of the run as it stands. */
  stepEvent(record: ActionRecord): LoopEvent;
}

export class ActionDispatcher {
  constructor(private readonly setup: DispatchSetup) {}

  async *dispatch(action: ActionRecord, tools: readonly AnyLoopTool[]): AsyncGenerator<LoopEvent, void> {
    const { options, signal } = this.setup;
    const checked = this.check(action, tools);
    if ('code' in checked) {
      yield* this.refuse(action, checked.code, checked.message);
      return;
    }
    const { tool, args } = checked;
    const context: Omit<ToolContext, 'signal'> = { callId: action.callId, step: action.step, actionIndex: action.actionIndex };
    if (action.narrate !== undefined) context.narrate = action.narrate;
    if (action.about !== undefined) context.about = action.about;
    const verdict = await untilAborted(signal, judgeCall({ tool, args, context: { ...context, signal }, gate: options.effects, policy: options.policy }));
    for (const error of verdict.errors) yield { type: 'policy-error', step: action.step, actionIndex: action.actionIndex, name: tool.name, error };
    if (verdict.decision === 'refuse') {
      yield* this.refuse(action, 'not_allowed', refusalNote(verdict) ?? 'This action is not allowed here.');
      return;
    }
    if (verdict.decision === 'confirm') {
      if (!(yield* this.confirm(action, tool, verdict))) {
        yield* this.refuse(action, 'user_declined', declinedNote(verdict));
        return;
      }
    } else if (options.pace === 'visitor') {
      yield* this.pause(action, tool, verdict.effects);
    }
    context.effects = verdict.effects;

    action.status = 'running';
    yield this.setup.stepEvent(jsonCopy(action));
    yield { type: 'tool-start', step: action.step, actionIndex: action.actionIndex, callId: action.callId, name: tool.name, args: action.args };
    const outcome = await runTool(tool, args, context, tool.timeoutMs ?? options.toolTimeoutMs, signal);
    yield* this.finishAction(action, outcome);
    const navigation = outcome.result.ok ? outcome.result.navigation : undefined;
    if (navigation) {
      const where = { step: action.step, actionIndex: action.actionIndex, callId: action.callId, to: navigation.to, ...(navigation.newDocument ? { newDocument: true as const } : {}) };
      yield { type: 'navigating', ...where };
      yield { type: 'navigated', ...where };
    }
  }

  /** Records an action's result: the transcript keeps it, and `tool-end` and `step` report it. */
  async *finishAction(action: ActionRecord, outcome: ToolOutcome): AsyncGenerator<LoopEvent, void> {
    const { secrets } = this.setup;
    action.status = 'done';
    // A tool may echo what it was given; a secret never leaves through its result.
    action.result = secrets.scrub(recordableResult(outcome.result));
    action.resultBy = outcome.by;
    const record = jsonCopy(action);
    this.setup.records.push(record);
    yield { type: 'tool-end', step: action.step, actionIndex: action.actionIndex, callId: action.callId, name: action.tool, result: secrets.scrub(outcome.result) };
    yield this.setup.stepEvent(record);
  }

  /** The tool and the arguments to call it with, or why the action cannot run at all. */
  private check(action: ActionRecord, tools: readonly AnyLoopTool[]): { tool: AnyLoopTool; args: Record<string, unknown> } | { code: RefusalCode; message: string } {
    const { secrets } = this.setup;
    if (action.invalid !== undefined) return { code: 'invalid_arguments', message: action.invalid };
    const tool = tools.find((candidate) => candidate.name === action.tool);
    if (!tool) {
      const names = tools.map((candidate) => candidate.name).join(', ') || 'none';
      return { code: 'unknown_tool', message: `There is no tool named ${quoteForModel(action.tool)}. The tools are: ${names}.` };
    }
    if (secrets.repeatsSecret(action)) {
      return {
        code: 'not_allowed',
        message: 'This action was not run: it repeats a value the user gave for a secret field (a password, code or card number), and secrets stay in their own field. Do not write it anywhere else.',
      };
    }
    const real = secrets.argsOf(action);
    if (action.secret && !real) {
      return { code: 'invalid_arguments', message: 'The page reloaded before this call ran, and the secret it carried is never kept; ask the user to type it into the field themselves.' };
    }
    const args = real ?? action.args;
    const problems = validateArguments(args, tool.parameters);
    if (problems.length > 0) return { code: 'invalid_arguments', message: `The arguments do not fit the parameters of ${tool.name}: ${secrets.scrub(problems.join('; '))}.` };
    return { tool, args };
  }

  private refuse(action: ActionRecord, code: RefusalCode, message: string): AsyncGenerator<LoopEvent, void> {
    return this.finishAction(action, { result: { ok: false, code, message }, by: 'engine' });
  }

  /** Asks the user before the call runs; true once they agreed. */
  private async *confirm(action: ActionRecord, tool: AnyLoopTool, verdict: EffectVerdict): AsyncGenerator<LoopEvent, boolean> {
    const decision = deferred<boolean>();
    yield {
      type: 'confirm',
      step: action.step,
      actionIndex: action.actionIndex,
      callId: action.callId,
      name: tool.name,
      args: action.args,
      question: consentQuestion(verdict.effects, this.setup.options.effects.locale?.()),
      effects: verdict.effects,
      decide: (approved: boolean) => decision.resolve(approved === true),
    };
    return untilAborted(this.setup.signal, decision.promise);
  }

  /** `pace: 'visitor'`: the user sees what comes next and lets it happen. */
  private async *pause(action: ActionRecord, tool: AnyLoopTool, effects: readonly DecidedEffect[]): AsyncGenerator<LoopEvent, void> {
    const resumed = deferred<void>();
    const event: LoopEvent = { type: 'pause', step: action.step, actionIndex: action.actionIndex, callId: action.callId, name: tool.name, args: action.args, effects, resume: () => resumed.resolve() };
    if (action.narrate !== undefined && action.narrate.trim() !== '') event.narrate = action.narrate;
    yield event;
    await untilAborted(this.setup.signal, resumed.promise);
  }
}
