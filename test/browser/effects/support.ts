/**
 * What the effect tests watch: every effect a page can suffer (a form submitted, a window opened, a
 * link followed, a script URL run, a file chooser opened, a secret field filled), recorded as it
 * would happen, after the kit's guard had its say. Recorders keep the test page where it is.
 */
import type { EffectKind } from '../../../core/effects/effect.types.js';
import type { LLMProvider, StreamEvent } from '../../../core/llm/types.js';

export interface ObservedEffect {
  kind: EffectKind;
  detail: string;
  /** Position in the shared timeline of effects and consents. */
  at: number;
}

export interface Consent {
  question: string;
  approved: boolean;
  at: number;
}

/** One timeline for the test: effects and consents are ordered against each other. */
export class Timeline {
  private seq = 0;
  readonly effects: ObservedEffect[] = [];
  readonly consents: Consent[] = [];

  effect(kind: EffectKind, detail: string): void {
    this.effects.push({ kind, detail, at: ++this.seq });
  }

  consent(question: string, approved: boolean): void {
    this.consents.push({ question, approved, at: ++this.seq });
  }
}

function anchorOf(event: Event): HTMLAnchorElement | HTMLAreaElement | undefined {
  return event.composedPath().find((node): node is HTMLAnchorElement => node instanceof Element && (node.localName === 'a' || node.localName === 'area') && node.hasAttribute('href'));
}

/**
 * Installs the recorders on the window; returns the function that removes them. They run after the
 * kit's guard (which listens in the capture phase and wraps whatever `open` and `submit` are when it
 * arms), so they see only what got through.
 */
export function recordEffects(timeline: Timeline, win: Window & typeof globalThis = window): () => void {
  const doc = win.document;
  const undo: Array<() => void> = [];
  const onSubmit = (event: Event) => {
    const form = event.target as HTMLFormElement;
    timeline.effect('submit', form.id || form.action);
    event.preventDefault();
  };
  doc.addEventListener('submit', onSubmit);
  undo.push(() => doc.removeEventListener('submit', onSubmit));

  const onClick = (event: Event) => {
    if (event.defaultPrevented) return;
    const target = event.composedPath()[0];
    if (target instanceof HTMLInputElement && target.type === 'file') {
      timeline.effect('choose-file', target.id);
      event.preventDefault();
      return;
    }
    const link = anchorOf(event);
    if (!link) return;
    const href = link.getAttribute('href') ?? '';
    event.preventDefault();
    if (/^\s*javascript:/i.test(href)) timeline.effect('javascript-url', link.id);
    else if (link.hasAttribute('download')) timeline.effect('download', link.id);
    else if (link.target === '_blank') timeline.effect('new-window', link.id);
    else if (new URL(link.href).origin !== win.location.origin) timeline.effect('leave-origin', link.id);
  };
  doc.addEventListener('click', onClick);
  undo.push(() => doc.removeEventListener('click', onClick));

  const open = win.open;
  win.open = ((url?: string | URL) => {
    timeline.effect('new-window', String(url));
    return null;
  }) as typeof win.open;
  undo.push(() => (win.open = open));

  const submit = win.HTMLFormElement.prototype.submit;
  win.HTMLFormElement.prototype.submit = function (this: HTMLFormElement) {
    timeline.effect('submit', this.id || this.action);
  };
  undo.push(() => (win.HTMLFormElement.prototype.submit = submit));

  const onInput = (event: Event) => {
    const field = event.target as HTMLInputElement;
    if (field.type === 'password' || field.autocomplete === 'one-time-code' || field.autocomplete === 'cc-number') timeline.effect('secret-fill', field.id);
  };
  doc.addEventListener('input', onInput, true);
  undo.push(() => doc.removeEventListener('input', onInput, true));
  return () => {
    for (const step of undo.reverse()) step();
  };
}

/** The effect classes an English consent question names, lead sentence and "It also …" ones. */
export function kindsAsked(question: string): EffectKind[] {
  const kinds: EffectKind[] = [];
  if (/\b(Submit|Send) the form\b|\bsubmits the form\b/.test(question)) kinds.push('submit');
  if (/\bin a new tab\b/.test(question)) kinds.push('new-window');
  if (/\bLeave this site\b|\bleaves this site\b|^Send the form on this page to /.test(question)) kinds.push('leave-origin');
  if (/\bDownload|\bdownloads\b/.test(question)) kinds.push('download');
  if (/^Fill the (password|one-time code|payment)\b/.test(question)) kinds.push('secret-fill');
  return kinds;
}

/**
 * Effects that happened without the visitor's yes before them: each observed effect needs an
 * earlier approved consent that named its class, one consent per effect. Returns the violations.
 */
export function unconsentedEffects(timeline: Timeline): ObservedEffect[] {
  const used = new Set<Consent>();
  return timeline.effects.filter((effect) => {
    const consent = timeline.consents.find((candidate) => candidate.approved && candidate.at < effect.at && !used.has(candidate) && kindsAsked(candidate.question).includes(effect.kind));
    if (consent) used.add(consent);
    return consent === undefined;
  });
}

export interface ScriptedCall {
  tool: string;
  args: Record<string, unknown>;
  narrate?: string;
}

/**
 * A model in memory that streams one `agent_turn` per scripted turn, as a provider would, and keeps
 * every request it was sent. After the script it ends the run.
 */
export function scriptedModel(turns: ScriptedCall[][]): LLMProvider & { requests: Array<{ messages: unknown[] }> } {
  const requests: Array<{ messages: unknown[] }> = [];
  let index = 0;
  return {
    name: 'scripted',
    requests,
    complete: () => Promise.reject(new Error('the scripted model only streams')),
    async *stream(options): AsyncGenerator<StreamEvent> {
      requests.push({ messages: JSON.parse(JSON.stringify(options.messages)) });
      const calls = turns[index] ?? [];
      index += 1;
      const envelope = {
        memory: '',
        turn_planning: { evaluation_previous_goal: 'ok', next_goal: 'do what the page says' },
        todos_remaining: [],
        actions: calls.map((call) => ({ narrate: call.narrate ?? '', about: [], tool: call.tool, args: call.args })),
        is_final: index >= turns.length,
      };
      const text = JSON.stringify(envelope);
      const startedAt = Date.now();
      // Small deltas, so actions are dispatched while the rest still streams.
      for (let at = 0; at < text.length; at += 40) {
        yield { type: 'tool-call-delta', index: 0, id: `call_${index}`, name: 'agent_turn', argumentsDelta: text.slice(at, at + 40) };
      }
      yield { type: 'tool-call', index: 0, call: { id: `call_${index}`, name: 'agent_turn', arguments: envelope } };
      yield { type: 'finish', reason: 'tool_calls', metrics: { provider: 'scripted', model: 'scripted', startedAt, durationMs: Date.now() - startedAt, attempts: 1, outcome: 'finished' } };
    },
  };
}
