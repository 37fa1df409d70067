/**
 * The check every test run makes on what the visitor is shown: no subtitle text or prompt, agent
 * narration, final answer or intent may carry the engine's text (its reminder and fence tags, the
 * loop's `actions[n]` labels, the mark and fence attributes, a sentence of the engine's fixed notes).
 * It watches through the kit's debug hook, so it sees every controller and every agent run a test
 * makes, whatever the test asserts itself. Where it runs decides how a finding fails the test.
 */
import { engineSentences } from '../../../core/agent/web-agent/engine-wording.js';
import { createVisitorTextGuard } from '../../../core/marks/visitor-text.js';
import { DEBUG_HOOK_KEY, type DebugHook } from '../../../core/util/debug-hook.js';

export interface VisitorTextFinding {
  /** Where the text was shown: `subtitle`, `prompt`, `narration`, `answer`, `intent:<kind>`. */
  channel: string;
  text: string;
  /** The engine text found in it. */
  found: string;
}

const guard = createVisitorTextGuard({ sentences: engineSentences });

/** The engine text in `text`, if any. */
export function engineTextIn(text: string): string | undefined {
  return guard.find(text);
}

/** Checks one visitor-facing text; a finding goes to `report`. */
export function checkVisitorText(channel: string, text: unknown, report: (finding: VisitorTextFinding) => void): void {
  if (typeof text !== 'string' || text === '') return;
  const found = engineTextIn(text);
  if (found !== undefined) report({ channel, text: text.length > 300 ? `${text.slice(0, 300)}…` : text, found });
}

/** Every string in a value (an intent, its props), with where it sits. */
function* stringsIn(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* stringsIn(item, `${path}[${index}]`);
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* stringsIn(item, `${path}.${key}`);
}

interface WatchedController {
  subtitle: { subscribe(listener: (state: SubtitleLike) => void): () => void };
  on(name: string, handler: (payload: any) => void): () => void;
}

interface SubtitleLike {
  text: string;
  streaming?: boolean;
  prompt?: { message?: string; options?: ReadonlyArray<{ label?: string }> };
}

/** The hook's watchers: the subtitle and intents of each controller, the narration and answer of each agent run. */
export function visitorTextWatcher(report: (finding: VisitorTextFinding) => void): DebugHook {
  return {
    controller(value) {
      const controller = value as WatchedController;
      let lastText = '';
      let lastPrompt: unknown;
      controller.subtitle.subscribe((state) => {
        // A streamed line is checked once it is whole (a tag split across deltas is whole by then).
        if (!state.streaming && state.text !== lastText) checkVisitorText('subtitle', state.text, report);
        lastText = state.streaming ? lastText : state.text;
        if (state.prompt && state.prompt !== lastPrompt) {
          checkVisitorText('prompt', state.prompt.message, report);
          for (const option of state.prompt.options ?? []) checkVisitorText('prompt option', option.label, report);
        }
        lastPrompt = state.prompt;
      });
      controller.on('intent', (intent: { kind?: string }) => {
        for (const [path, text] of stringsIn(intent, `intent:${intent.kind ?? '?'}`)) checkVisitorText(path, text, report);
      });
    },
    agentEvent(value) {
      const event = value as { type?: string; text?: unknown; summary?: unknown };
      if (event.type === 'narrate-complete') checkVisitorText('narration', event.text, report);
      if (event.type === 'final') checkVisitorText('answer', event.summary, report);
    },
  };
}

/** Puts the watcher on this realm's debug hook. */
export function installVisitorTextAudit(report: (finding: VisitorTextFinding) => void): void {
  const holder = globalThis as { [DEBUG_HOOK_KEY]?: DebugHook };
  holder[DEBUG_HOOK_KEY] = visitorTextWatcher(report);
}

const findings: VisitorTextFinding[] = [];
let collecting = false;

/** Node: findings of this process (its own controllers and runs, the pages its Chromium shows), until taken. */
export function collectFindings(): void {
  collecting = true;
  installVisitorTextAudit(reportVisitorTextFinding);
}

/** True once `collectFindings()` ran: a test run that checks what its pages show. */
export function collectingFindings(): boolean {
  return collecting;
}

export function reportVisitorTextFinding(finding: VisitorTextFinding): void {
  if (collecting) findings.push(finding);
}

/** The findings so far, taken out of the list. */
export function takeFindings(): VisitorTextFinding[] {
  return findings.splice(0);
}

export function describeFindings(findings: readonly VisitorTextFinding[]): string {
  return findings.map((finding) => `${finding.channel}: ${JSON.stringify(finding.text)} carries ${JSON.stringify(finding.found)}`).join('\n');
}
