import type { LLMMessage } from '../../llm/types.js';
import { runLoop } from '../../loop/index.js';
import type { ToolResult } from '../../loop/types.js';
import { createProvenance } from '../../marks/index.js';
import { applyEdit } from '../../targets/apply-edit.js';
import { createEditHistory } from '../../targets/edit-history.js';
import type { EditRequest, PartRef } from '../../targets/edit-target.js';
import { createStore } from '../../util/create-store.js';
import { tapToolArguments } from './delta-tap.js';
import { partsContext, systemPrompt, type ShownPart } from './prompt.js';
import { REPLACE_PART_TOOL, replacePartTool } from './replace-part-tool.js';
import type {
  AcceptResult,
  AuthoringOptions,
  AuthoringSession,
  AuthoringState,
  ProposalDelta,
  ProposalResult,
  ProposeOptions,
} from './types.js';

const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_MAX_SHOWN_PART_LENGTH = 8_000;

type ReadyProposal = Extract<ProposalResult, { status: 'ready' }>;

/** What one request has seen so far: the proposal that passed, the refusals, the tool calls made. */
interface Attempt {
  ready: ReadyProposal | undefined;
  reasons: string[];
  count: number;
}

function positiveInteger(value: number, field: string): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`dddk: createAuthoringSession: ${field} must be a positive integer, got ${String(value)}.`);
  }
  return value;
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/**
 * Conversational editing of any edit target: each request is a run of the shared loop with one tool,
 * `replace_part`, whose proposals are validated without writing; a refusal goes back to the model.
 */
export function createAuthoringSession(options: AuthoringOptions): AuthoringSession {
  const { llm, target } = options;
  if (!llm || typeof llm.stream !== 'function') throw new TypeError('dddk: createAuthoringSession needs `llm`, an LLMProvider.');
  if (!target || typeof target.validate !== 'function') throw new TypeError('dddk: createAuthoringSession needs `target`, an EditTarget.');
  const maxAttempts = positiveInteger(options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, 'maxAttempts');
  const maxShown = positiveInteger(options.maxShownPartLength ?? DEFAULT_MAX_SHOWN_PART_LENGTH, 'maxShownPartLength');
  const history = options.history ?? createEditHistory(target);
  const provenance = createProvenance();
  const system = systemPrompt(provenance, options.system);
  // Earlier requests of the conversation, so that `refine` builds on what was said and proposed.
  const conversation: LLMMessage[] = [];
  const store = createStore<AuthoringState>({ phase: 'idle', canUndo: history.canUndo, canRedo: history.canRedo }, { name: 'authoring session' });
  let lastPartId: string | undefined;

  function update(change: Partial<AuthoringState>): void {
    store.setState((previous) => ({ ...previous, ...change, canUndo: history.canUndo, canRedo: history.canRedo }));
  }

  function finish(result: ProposalResult): ProposalResult {
    update(result.status === 'ready' ? { phase: 'ready', proposal: result, last: result } : { phase: 'idle', proposal: undefined, last: result });
    return result;
  }

  async function offeredParts(partId: string | undefined): Promise<PartRef[]> {
    const refs = await target.listParts();
    if (partId === undefined) return [...refs];
    const chosen = refs.find((ref) => ref.id === partId);
    if (!chosen) throw new Error(`dddk: propose: ${JSON.stringify(partId)} is not among the target's parts; pass an id from listParts().`);
    return [chosen];
  }

  /** The parts a request offers the model, with their current content. */
  async function offer(partId: string | undefined): Promise<ShownPart[]> {
    const refs = await offeredParts(partId);
    if (refs.length === 0) throw new Error('dddk: propose: the target has no editable part (listParts() returned none).');
    return Promise.all(refs.map(async (ref) => ({ ref, content: await target.readPart({ id: ref.id }).catch(() => undefined) })));
  }

  /** `replace_part` for one request: a proposal is validated without writing; the first that passes is kept. */
  function proposalTool(ids: readonly string[], attempt: Attempt) {
    const allowed = new Set(ids);
    return replacePartTool([...ids], async (edit: EditRequest): Promise<ToolResult> => {
      if (!allowed.has(edit.id)) {
        return { ok: false, code: 'invalid_arguments', message: `There is no editable part ${JSON.stringify(edit.id)}; use one of ${ids.map((id) => JSON.stringify(id)).join(', ')}.` };
      }
      let content: string;
      let verdict;
      try {
        content = options.prepareContent ? await options.prepareContent(edit) : edit.content;
        verdict = await target.validate({ id: edit.id, content });
      } catch {
        return { ok: false, code: 'unknown', message: `The proposal for ${JSON.stringify(edit.id)} could not be checked; try again.` };
      }
      if (!verdict.ok) return { ok: false, code: 'invalid_arguments', message: `The proposal was refused: ${verdict.message}` };
      const before = await target.readPart({ id: edit.id }).catch(() => undefined);
      attempt.ready = { status: 'ready', id: edit.id, content, before };
      const rewritten = content === edit.content ? '' : ' Some of its markup was removed or rewritten first, as the page would keep it; that version is the one shown.';
      return { ok: true, message: `The proposal passed the checks and is shown to the user.${rewritten}` };
    });
  }

  /** Reports the streaming arguments of `replace_part`, with their content once they parse. */
  function argumentsListener(attempt: Attempt, onDelta: ProposeOptions['onDelta']): (text: string) => void {
    return (text) => {
      if (!onDelta) return;
      const delta: ProposalDelta = { attempt: attempt.count + 1, argumentsText: text };
      try {
        const parsed = JSON.parse(text) as { id?: unknown; content?: unknown };
        if (typeof parsed.content === 'string') delta.content = parsed.content;
        if (typeof parsed.id === 'string') delta.id = parsed.id;
      } catch {
        // Not complete yet: only the raw text is reported.
      }
      onDelta(delta);
    };
  }

  /** Follows the loop until a proposal passes, the attempts run out or the run ends; says how it ended. */
  async function outcome(run: ReturnType<typeof runLoop>, attempt: Attempt): Promise<ProposalResult> {
    let result: ProposalResult | undefined;
    try {
      for await (const event of run) {
        if (event.type === 'tool-end') {
          attempt.count += 1;
          if (event.result.ok && attempt.ready) break;
          if (!event.result.ok) attempt.reasons.push(event.result.message ?? event.result.code);
          if (attempt.count >= maxAttempts) break;
        } else if (event.type === 'final') {
          if (event.reason === 'error') result = { status: 'failed', error: event.error ?? new Error('dddk: the model call failed.') };
          else if (event.reason === 'stopped') result = { status: 'failed', error: new Error('dddk: the proposal was stopped.') };
        }
      }
    } catch (error) {
      result = { status: 'failed', error: asError(error) };
    }
    if (attempt.ready) return attempt.ready;
    if (!result && attempt.reasons.length > 0) return { status: 'refused', reasons: [...attempt.reasons] };
    return result ?? { status: 'failed', error: new Error('dddk: the model answered without proposing an edit (no replace_part call).') };
  }

  async function request(userText: string, requestOptions: ProposeOptions): Promise<ProposalResult> {
    const phase = store.getState().phase;
    if (phase === 'proposing' || phase === 'applying') {
      throw new Error(`dddk: cannot start a proposal while the session is ${phase}; wait for it to end.`);
    }
    update({ phase: 'proposing', proposal: undefined });
    let shown: ShownPart[];
    try {
      shown = await offer(requestOptions.partId);
    } catch (error) {
      return finish({ status: 'failed', error: asError(error) });
    }
    const userMessage: LLMMessage = { role: 'user', content: `${partsContext(provenance, shown, maxShown)}\n\n${userText}` };
    const attempt: Attempt = { ready: undefined, reasons: [], count: 0 };
    const run = runLoop({
      llm: tapToolArguments(llm, REPLACE_PART_TOOL, argumentsListener(attempt, requestOptions.onDelta)),
      mode: 'classic',
      tools: [proposalTool(shown.map(({ ref }) => ref.id), attempt)],
      prepareTurn: ({ transcript }) => ({
        messages: [{ role: 'system', content: system }, ...conversation, userMessage, ...transcript.messages],
      }),
      // One turn per attempt, plus the turn that could follow the last refusal.
      maxSteps: maxAttempts + 1,
      reminder: provenance.reminder,
      fence: (text, source) => provenance.fenceText(text, source),
      ...(requestOptions.signal ? { signal: requestOptions.signal } : {}),
      ...(options.llmTimeoutMs !== undefined ? { llmTimeoutMs: options.llmTimeoutMs } : {}),
    });
    const result = await outcome(run, attempt);
    conversation.push(userMessage, {
      role: 'assistant',
      content: result.status === 'ready' ? `I proposed new content for part ${JSON.stringify(result.id)}.` : 'I made no acceptable proposal.',
    });
    if (result.status === 'ready') lastPartId = result.id;
    return finish(result);
  }

  function note(text: string): void {
    conversation.push({ role: 'user', content: provenance.reminder(text) });
  }

  return {
    propose: (instruction, proposeOptions = {}) => request(instruction, proposeOptions),

    refine: async (text, refineOptions = {}) => {
      const previous = store.getState().proposal;
      if (previous && store.getState().phase === 'ready') {
        note(`The user has not accepted your proposal for part ${JSON.stringify(previous.id)} yet. It was:`);
        conversation.push({ role: 'user', content: provenance.fenceText(previous.content, `proposal for ${previous.id}`) });
      }
      const partId = previous?.id ?? lastPartId;
      return request(text, partId === undefined ? refineOptions : { ...refineOptions, partId });
    },

    async accept(): Promise<AcceptResult> {
      const proposal = store.getState().proposal;
      if (store.getState().phase !== 'ready' || !proposal) return { applied: false, reason: 'There is no ready proposal to accept.' };
      update({ phase: 'applying' });
      let outcome;
      try {
        await history.record(`replace ${proposal.id}`);
        outcome = await applyEdit(target, { id: proposal.id, content: proposal.content });
        await history.commit(`replace ${proposal.id}`);
      } catch (error) {
        update({ phase: 'ready' });
        return { applied: false, reason: asError(error).message };
      }
      if (!outcome.applied) {
        // The target changed since the proposal was checked: it stays ready so the user may refine it.
        update({ phase: 'ready' });
        return { applied: false, reason: outcome.message };
      }
      note(`The user accepted your proposal for part ${JSON.stringify(proposal.id)}; it is written.`);
      update({ phase: 'idle', proposal: undefined });
      return { applied: true, id: proposal.id };
    },

    reject() {
      const proposal = store.getState().proposal;
      if (store.getState().phase !== 'ready' || !proposal) return;
      note(`The user rejected your proposal for part ${JSON.stringify(proposal.id)}; nothing was written.`);
      update({ phase: 'idle', proposal: undefined });
    },

    async undo() {
      const done = await history.undo();
      update({});
      return done;
    },

    async redo() {
      const done = await history.redo();
      update({});
      return done;
    },

    get state() {
      return store.getState();
    },

    getState: store.getState,
    subscribe: store.subscribe,
  };
}
