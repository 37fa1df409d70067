/**
 * The question the visitor is asked before an action, naming what it would do in their words: the
 * effect that matters most leads, the others follow as short sentences.
 */
import { consentStrings, type ConsentStrings } from './consent.strings.js';
import type { DecidedEffect, EffectKind } from './effect.types.js';

/** Which effect leads the question when an action has several. */
const LEAD_ORDER: readonly EffectKind[] = ['submit', 'leave-origin', 'new-window', 'download', 'secret-fill', 'request', 'activate', 'host-action'];

/** The question for the effects of one call that wait for consent; empty when none does. */
export function consentQuestion(effects: readonly DecidedEffect[], locale: string | undefined): string {
  const asked = effects.filter((effect) => effect.decision === 'confirm');
  if (asked.length === 0) return '';
  const strings = consentStrings(locale);
  const ordered = [...asked].sort((a, b) => LEAD_ORDER.indexOf(a.kind) - LEAD_ORDER.indexOf(b.kind));
  const [lead, ...rest] = ordered;
  const sentences = [question(lead!, strings)];
  for (const effect of rest) {
    // The effect that leads already names the element; a second one adds where it goes.
    const also = alsoSentence(effect, strings);
    if (also && !sentences.includes(also)) sentences.push(also);
  }
  // Sentences ending in full-width punctuation (Chinese, Japanese) follow each other without a space.
  return sentences.reduce((text, sentence) => (text === '' ? sentence : /[。？！]$/.test(text) ? text + sentence : `${text} ${sentence}`), '');
}

function subjectOf(effect: DecidedEffect, strings: ConsentStrings): string | undefined {
  return effect.subject ? strings.subject(effect.subject) : undefined;
}

function question(effect: DecidedEffect, strings: ConsentStrings): string {
  const subject = subjectOf(effect, strings);
  const host = hostOf(effect);
  switch (effect.kind) {
    case 'submit':
      return strings.submit(subject, effect.form, host.foreign);
    case 'leave-origin':
      return strings.leaveOrigin(host.name ?? effect.destination ?? '?');
    case 'new-window':
      return strings.newWindow(host.foreign ?? host.path ?? host.name ?? '?');
    case 'download':
      return strings.download(effect.fileName, host.foreign);
    case 'secret-fill':
      return strings.secretFill(effect.secret ?? 'password', subject ?? strings.subject({ role: 'field', name: '' }));
    case 'host-action':
      return strings.hostAction((effect.tool ?? '?').replace(/[_-]+/g, ' ').trim(), subject);
    case 'request':
      return strings.request(effect.method ?? 'POST', host.path ?? host.name ?? '?');
    default:
      return strings.activate(subject ?? strings.subject({ role: 'element', name: '' }));
  }
}

function alsoSentence(effect: DecidedEffect, strings: ConsentStrings): string | undefined {
  const host = hostOf(effect);
  switch (effect.kind) {
    case 'submit':
      return strings.alsoSubmits;
    case 'leave-origin':
      return strings.alsoLeaves(host.name ?? effect.destination ?? '?');
    case 'new-window':
      return strings.alsoOpens(host.foreign ?? host.path ?? host.name ?? '?');
    case 'download':
      return strings.alsoDownloads(effect.fileName);
    default:
      return undefined;
  }
}

/** `foreign`: the host of a destination on another site; `path`: one on this site; `name`: the host either way. */
function hostOf(effect: DecidedEffect): { name?: string; foreign?: string; path?: string } {
  if (!effect.destination) return {};
  try {
    const url = new URL(effect.destination);
    const name = url.host || url.protocol.replace(/:$/, '');
    return effect.sameOrigin ? { name, path: url.pathname + url.search } : { name, foreign: name };
  } catch {
    return { name: effect.destination };
  }
}
