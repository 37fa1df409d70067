/**
 * What the model is told about effects: the engine's own notes when an action is refused or
 * declined. Element names in them come from the page, so they are quoted short and tag-free.
 */
import type { DecidedEffect, Effect, EffectVerdict } from './effect.types.js';

const NAME_LIMIT = 60;

function quoted(text: string): string {
  const short = text.length > NAME_LIMIT ? `${text.slice(0, NAME_LIMIT)}…` : text;
  return JSON.stringify(short).replace(/</g, '‹').replace(/>/g, '›');
}

function subjectText(effect: Effect): string {
  if (!effect.subject) return 'the element';
  const role = effect.subject.role === 'menu-item' ? 'menu item' : effect.subject.role;
  return effect.subject.name ? `${role} ${quoted(effect.subject.name)}` : `an unnamed ${role}`;
}

function where(effect: Effect): string {
  if (!effect.destination) return 'another page';
  try {
    const url = new URL(effect.destination);
    return effect.sameOrigin ? url.pathname + url.search : url.host || url.protocol;
  } catch {
    return quoted(effect.destination);
  }
}

/** The effect as a verb phrase: `submit the form "Sign up" with button "Go"`. */
export function effectClause(effect: Effect): string {
  switch (effect.kind) {
    case 'activate':
      return `click ${subjectText(effect)}`;
    case 'submit':
      return `submit ${effect.form ? `the form ${quoted(effect.form)}` : 'a form'}${effect.subject ? ` with ${subjectText(effect)}` : ''}${effect.destination && !effect.sameOrigin ? ` to ${where(effect)}` : ''}`;
    case 'leave-origin':
      return `leave the site for ${where(effect)}`;
    case 'new-window':
      return `open ${where(effect)} in a new tab`;
    case 'download':
      return `download ${effect.fileName ? quoted(effect.fileName) : 'a file'}`;
    case 'javascript-url':
      return 'run a javascript: URL';
    case 'secret-fill':
      return `fill the ${effect.secret === 'one-time-code' ? 'one-time code' : (effect.secret ?? 'password')} field ${effect.subject?.name ? quoted(effect.subject.name) : ''}`.trim();
    case 'choose-file':
      return 'open a file chooser';
    case 'host-action':
      return `run ${effect.tool ? quoted(effect.tool) : 'a host tool'}`;
    case 'request':
      return `send a ${effect.method ?? 'POST'} request to ${where(effect)}`;
  }
}

function refusalReason(effect: DecidedEffect): string {
  switch (effect.decidedBy) {
    case 'fixed':
      return effect.kind === 'choose-file' ? 'only the user can choose their files' : 'the assistant never runs javascript: URLs';
    case 'marker':
      return 'the site marked this element as one the assistant must not use';
    case 'policy-error':
      return "the site's policy could not decide about it, so it is refused";
    default:
      return "the site's policy does not let the assistant do that";
  }
}

/** Why a call was refused, for the model; undefined when nothing refused it. */
export function refusalNote(verdict: EffectVerdict): string | undefined {
  const refused = verdict.effects.filter((effect) => effect.decision === 'refuse');
  if (refused.length === 0) return undefined;
  const reasons = refused.map((effect) => `it would ${effectClause(effect)}, and ${refusalReason(effect)}`);
  return `This action was not run: ${reasons.join('; ')}. Do not try to reach the same effect another way; tell the user what you meant to do so they can do it themselves.`;
}

/** What the model reads when the visitor said no. */
export function declinedNote(verdict: EffectVerdict): string {
  const asked = verdict.effects.filter((effect) => effect.decision === 'confirm').map((effect) => effectClause(effect));
  const what = asked.length > 0 ? ` to ${asked.join(' and ')}` : '';
  return `The user declined${what}. Do not try it again, by this or any other action, unless they ask for it.`;
}
