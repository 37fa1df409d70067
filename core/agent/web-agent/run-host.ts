/**
 * How a run asks the visitor, through the host: consent before an action that needs it, whether to go
 * on at a pause, and what a visitor-paced run says comes next. Without a handler, an action that needs
 * consent does not run and a pause goes on at once.
 */
import { consentStrings } from '../../effects/consent.strings.js';
import type { DecidedEffect } from '../../effects/effect.types.js';
import { untilAborted } from '../../loop/abortable.js';
import type { LoopEvent } from '../../loop/types.js';
import { agentStrings, humanToolName } from './agent.strings.js';
import type { AgentPauseRequest } from './agent-host.types.js';
import type { RunContext } from './run-context.js';

/** The host's answer to the consent question of a call; false when there is nobody to ask, or on a stop. */
export async function askConsent(run: RunContext, event: Extract<LoopEvent, { type: 'confirm' }>): Promise<boolean> {
  const host = run.env.config.host;
  if (!host?.confirm) return false;
  run.setStatus('waiting');
  const locale = run.env.locale();
  const subject = event.effects.find((effect) => effect.subject)?.subject;
  const request = {
    action: event.name,
    subject: subject ? consentStrings(locale).subject(subject) : humanToolName(event.name),
    message: run.visibleText(event.question) || agentStrings(locale).confirmAction(humanToolName(event.name), undefined),
  };
  try {
    return (await untilAborted(run.signal, Promise.resolve(host.confirm(request, { signal: run.signal })))) === true;
  } catch {
    return false;
  }
}

/** Asks the host whether to go on, and reports the decision as a `pause` event. */
export async function askToGoOn(run: RunContext, request: AgentPauseRequest): Promise<'continue' | 'stop'> {
  const host = run.env.config.host;
  if (!host?.pause) return 'continue';
  run.setStatus('waiting');
  const shown = { ...request, message: run.visibleText(request.message) };
  let decision: 'continue' | 'stop';
  try {
    decision = (await untilAborted(run.signal, Promise.resolve(host.pause(shown, { signal: run.signal })))) === 'stop' ? 'stop' : 'continue';
  } catch {
    decision = run.signal.aborted ? 'stop' : 'continue';
  }
  if (!run.signal.aborted) run.emit({ type: 'pause', runId: run.id, step: request.step, actionIndex: request.actionIndex, cause: request.cause, decision });
  run.setStatus('executing');
  return decision;
}

/** What a visitor-paced run says before its next action: the model's narration, else the action in plain words. */
export function nextStepText(locale: string, tool: string, narrate: string | undefined, effects: readonly DecidedEffect[]): string {
  const strings = agentStrings(locale);
  if (narrate) return strings.nextStep(narrate);
  const subject = effects.find((effect) => effect.subject)?.subject;
  const action = humanToolName(tool);
  return strings.nextStep(subject ? `${action} ${consentStrings(locale).subject(subject)}` : action);
}
