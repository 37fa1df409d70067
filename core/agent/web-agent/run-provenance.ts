/**
 * How a run tells the model which text is the engine's and which it must not take orders from: the
 * session's reminder mark on every note the engine writes, and the session's fence around page text,
 * tool results and host-supplied context, both declared in the system prompt. A host that passes its
 * own `reminder` or `fence` replaces that half, and its declaration with it.
 */
import { createProvenance } from '../../marks/provenance.js';
import { reminderMarkDeclaration } from '../../marks/reminder-mark.js';
import type { AgentSession } from '../session/session.types.js';
import type { AgentFenceSource, WebAgentConfig } from './agent-config.types.js';

export interface RunTextHooks {
  /** Wraps a note the engine wrote for the model (and keeps it in `notes`). */
  reminder(text: string): string;
  /** Every note of the session the engine wrote for the model, so that none is shown to the visitor. */
  readonly notes: ReadonlySet<string>;
  /** The session's mark and fence boundary: values a visitor never needs to see. */
  readonly tokens: readonly string[];
  /** Wraps a text the engine did not write. */
  fence(text: string, source: AgentFenceSource): string;
  /** The system prompt's paragraphs on the mark and the fence; empty when the host supplied both hooks. */
  declaration: string;
  /** The fence's paragraph alone, for a prompt that carries no engine notes; empty with the host's own fence. */
  fenceDeclaration: string;
}

/**
 * The run's hooks. The session keeps its mark when the stored one still verifies (a resumed or
 * continued session, whose stored fences then still match) and gets a fresh one otherwise.
 */
export function runTextHooks(config: Pick<WebAgentConfig, 'fence' | 'reminder'>, session: AgentSession): RunTextHooks {
  const provenance = createProvenance(session.mark);
  session.mark = provenance.mark;
  const fenceDeclaration = config.fence ? '' : provenance.fence.declaration();
  const declarations = [config.reminder ? '' : reminderMarkDeclaration(provenance.mark), fenceDeclaration].filter(Boolean);
  const hostFence = config.fence;
  const notes = new Set<string>();
  const reminder = config.reminder ?? provenance.reminder;
  return {
    reminder: (text) => {
      notes.add(text);
      return reminder(text);
    },
    notes,
    tokens: [provenance.mark, provenance.fence.boundary],
    fence: hostFence ? (text, source) => hostFence(text, source) : (text, source) => provenance.fenceText(text, source),
    declaration: declarations.join('\n\n'),
    fenceDeclaration,
  };
}

/** A system prompt followed by the declarations it needs. */
export function withDeclaration(systemPrompt: string, declaration: string): string {
  return declaration ? `${systemPrompt}\n\n${declaration}` : systemPrompt;
}
