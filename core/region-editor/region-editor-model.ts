import { deepFreeze } from '../util/deep-freeze.js';
import type { LLMProvider } from '../llm/types.js';
import { createEditHistory } from '../targets/edit-history.js';
import type { EditTarget, PartRef, Snapshot, ValidationCode, ValidationResult } from '../targets/edit-target.js';
import { createParse5RegionParser } from '../targets/html/parse5-region-parser.js';
import { HTML_DOCUMENT_SNAPSHOT_KEY, createHtmlRegionTarget } from '../targets/html-target/html-region-target.js';
import { StaleWriteError } from '../targets/stores/store-errors.js';
import { createStore } from '../util/create-store.js';
import { createAuthoringSession } from '../agent/authoring/authoring-session.js';
import { saveDraft } from './draft-save.js';
import { pinDocumentStore } from './pinned-document-store.js';
import { partialContent } from '../agent/authoring/proposal-text.js';
import { diffText } from './text-diff.js';
import type { AuthoringSession, ProposalResult } from '../agent/authoring/types.js';
import type {
  RegionChangeCause,
  RegionEditorModel,
  RegionEditorModelOptions,
  RegionEditorNoticeKind,
  RegionEditorState,
} from './region-editor.types.js';

const GUIDE_PROVIDER_NAME = 'guide (offline)';

/** What a write came to: done, refused (the reason for the model, the code for people), or failed in the store. */
interface WriteOutcome {
  ok: boolean;
  refusal?: string;
  code?: ValidationCode;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The offline guide answers questions about a page; it cannot write HTML, so it does not count as a model here. */
function canPropose(llm: LLMProvider | undefined): llm is LLMProvider {
  return llm !== undefined && llm.name !== GUIDE_PROVIDER_NAME;
}

function regionContents(snapshot: Snapshot): Map<string, string> {
  const contents = new Map<string, string>();
  for (const key of Object.keys(snapshot.parts)) {
    if (key !== HTML_DOCUMENT_SNAPSHOT_KEY) contents.set(key, snapshot.parts[key]!);
  }
  return contents;
}

/**
 * The headless model behind a region editor: the regions of one HTML document, the selected one,
 * streaming proposals from the model with the target's refusals, the diff under review, manual
 * edits, undo and redo, and store conflicts. Proposals and drafts are sanitized (`sanitize`) before
 * they are validated, shown and written, so the document stores exactly the markup the page shows;
 * every write goes through the HTML-region target's validation and one shared history.
 */
export function createRegionEditorModel(options: RegionEditorModelOptions): RegionEditorModel {
  if (!options.store || typeof options.store.read !== 'function') {
    throw new TypeError('dddk: createRegionEditorModel needs `store`, a DocumentStore (e.g. createHttpDocumentStore({ url })).');
  }
  if (typeof options.sanitize !== 'function') {
    throw new TypeError('dddk: createRegionEditorModel needs `sanitize`, the page\'s sanitizer as an async function (sanitizeRegionHtml in a browser).');
  }
  const { sanitize } = options;
  const store = pinDocumentStore(options.store);
  const baseTarget = createHtmlRegionTarget({ store, parser: options.parser ?? createParse5RegionParser() });
  const history = createEditHistory(baseTarget, options.historyLimit === undefined ? {} : { limit: options.historyLimit });
  // The session validates proposals through this target, so that each refusal shows up while it
  // streams, and the last one's code says what the visitor is told when the request ends refused.
  let lastRefusal: Extract<ValidationResult, { ok: false }> | undefined;
  const watchedTarget: EditTarget = {
    ...baseTarget,
    async validate(candidate) {
      const verdict = await baseTarget.validate(candidate);
      lastRefusal = verdict.ok ? undefined : verdict;
      if (!verdict.ok && state().phase === 'streaming') update({ refusals: [...state().refusals, { code: verdict.code, message: verdict.message }] });
      return verdict;
    },
  };

  let llm = options.llm;
  let session: AuthoringSession | undefined;
  let controller: AbortController | undefined;
  let contents = new Map<string, string>();
  let revision = 0;
  let noticeSequence = 0;
  let destroyed = false;
  const states = createStore<RegionEditorState>({
    phase: 'loading',
    regions: [],
    selectedId: undefined,
    instruction: '',
    streamText: '',
    attempt: 0,
    proposal: undefined,
    diff: [],
    refusals: [],
    notice: undefined,
    conflict: false,
    draft: '',
    canUndo: false,
    canRedo: false,
    aiAvailable: canPropose(llm),
    changes: undefined,
  }, { name: 'region editor' });
  const state = (): RegionEditorState => states.getState();

  // The model's own lists and records (regions, diff, refusals) are frozen with the state; they hold no host objects.
  const ownDataFrozen = (change: Partial<RegionEditorState>): Partial<RegionEditorState> => {
    for (const value of Object.values(change)) deepFreeze(value);
    return change;
  };

  function update(change: Partial<RegionEditorState>): void {
    if (destroyed) return;
    states.setState((previous) => ({ ...previous, ...ownDataFrozen(change), canUndo: history.canUndo, canRedo: history.canRedo, aiAvailable: canPropose(llm) }));
  }

  function notice(kind: RegionEditorNoticeKind, detail?: string, code?: ValidationCode): RegionEditorState['notice'] {
    noticeSequence += 1;
    return { kind, ...(detail === undefined ? {} : { detail }), ...(code === undefined ? {} : { code }), sequence: noticeSequence };
  }

  /** A refusal's notice: the reason as written for the model, and the code of the check that gave it. */
  function refusedNotice(reason: string | undefined, code: ValidationCode | undefined = lastRefusalCode()): RegionEditorState['notice'] {
    return notice('refused', reason, code);
  }

  // Read through a function: assigned from the target's callback, which narrowing does not follow.
  function lastRefusalCode(): ValidationCode | undefined {
    return lastRefusal?.code;
  }

  function authoring(): AuthoringSession {
    if (!canPropose(llm)) throw new Error('dddk: no model is configured for proposals; set `llm` on the controller or the element, or edit the HTML directly.');
    session ??= createAuthoringSession({
      llm,
      target: watchedTarget,
      history,
      // What the model proposes is checked, diffed, shown and written as the page would keep it.
      prepareContent: ({ content }) => sanitize(content),
      ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
      ...(options.system === undefined ? {} : { system: options.system }),
      ...(options.llmTimeoutMs === undefined ? {} : { llmTimeoutMs: options.llmTimeoutMs }),
    });
    return session;
  }

  /** Re-reads the regions and reports those whose content differs from what was known. */
  async function refreshContents(cause: RegionChangeCause, extra: Partial<RegionEditorState> = {}): Promise<void> {
    const [regions, snapshot] = await Promise.all([baseTarget.listParts(), baseTarget.snapshot()]);
    const next = regionContents(snapshot);
    const changed = [...next].filter(([id, content]) => contents.get(id) !== content).map(([id, content]) => ({ id, content }));
    contents = next;
    const selected = state().selectedId;
    const selectedId = selected !== undefined && next.has(selected) ? selected : undefined;
    const changes = changed.length > 0 || cause === 'load' ? { revision: ++revision, cause, regions: changed } : state().changes;
    update({ regions, selectedId, changes, ...extra });
  }

  /** Says what a failed write means: a conflict when the store saw a newer version, else the store's own words. */
  function writeFailure(fallback: string): Partial<RegionEditorState> {
    const error = store.takeWriteError();
    if (error instanceof StaleWriteError) return { conflict: true, notice: notice('conflict', error.message) };
    return { notice: notice('failed', error === undefined ? fallback : message(error)) };
  }

  async function loadDocument(cause: 'load' | 'reload'): Promise<void> {
    update({ phase: 'loading' });
    try {
      if (cause === 'reload') {
        await store.reload();
        await history.clear();
        session = undefined;
      }
      await refreshContents(cause, {
        phase: 'idle',
        conflict: false,
        proposal: undefined,
        diff: [],
        streamText: '',
        refusals: [],
        ...(cause === 'reload' ? { notice: notice('reloaded') } : {}),
      });
    } catch (error) {
      update({ phase: 'unavailable', notice: notice('failed', message(error)) });
    }
  }

  function settleProposal(result: ProposalResult, stopped: boolean): void {
    controller = undefined;
    if (result.status === 'ready') {
      const before = result.before ?? contents.get(result.id) ?? '';
      update({
        phase: 'review',
        selectedId: result.id,
        streamText: result.content,
        proposal: { id: result.id, before, content: result.content },
        diff: diffText(before, result.content),
      });
      return;
    }
    const ended =
      result.status === 'refused'
        ? refusedNotice(result.reasons.at(-1))
        : stopped
          ? notice('stopped')
          : notice('failed', result.error.message);
    update({ phase: 'idle', proposal: undefined, diff: [], notice: ended });
  }

  async function request(run: (session: AuthoringSession, options: { onDelta: (delta: { argumentsText: string; attempt: number }) => void; signal: AbortSignal }) => Promise<ProposalResult>): Promise<void> {
    if (state().phase === 'streaming' || state().phase === 'saving' || state().phase === 'loading') return;
    if (state().conflict) {
      update({ notice: notice('conflict') });
      return;
    }
    let current: AuthoringSession;
    try {
      current = authoring();
    } catch (error) {
      update({ notice: notice('failed', message(error)) });
      return;
    }
    const requestController = new AbortController();
    controller = requestController;
    lastRefusal = undefined;
    update({ phase: 'streaming', streamText: '', attempt: 1, refusals: [], proposal: undefined, diff: [], notice: undefined });
    const onDelta = (delta: { argumentsText: string; attempt: number }): void => {
      const text = partialContent(delta.argumentsText);
      if (delta.attempt !== state().attempt) update({ attempt: delta.attempt, streamText: text ?? '' });
      else if (text !== undefined && text !== state().streamText) update({ streamText: text });
    };
    let result: ProposalResult;
    try {
      result = await run(current, { onDelta, signal: requestController.signal });
    } catch (error) {
      result = { status: 'failed', error: error instanceof Error ? error : new Error(String(error)) };
    }
    settleProposal(result, requestController.signal.aborted && result.status === 'failed');
  }

  async function write(cause: 'accept' | 'manual' | 'undo' | 'redo', action: () => Promise<WriteOutcome>, after: Partial<RegionEditorState>, failedPhase: RegionEditorState['phase']): Promise<void> {
    const previousPhase = state().phase;
    update({ phase: 'saving', notice: undefined });
    lastRefusal = undefined;
    let outcome: WriteOutcome;
    try {
      outcome = await action();
    } catch (error) {
      store.takeWriteError();
      const conflict = error instanceof StaleWriteError;
      update({ phase: failedPhase === 'saving' ? previousPhase : failedPhase, ...(conflict ? { conflict: true, notice: notice('conflict', error.message) } : { notice: notice('failed', message(error)) }) });
      return;
    }
    if (!outcome.ok) {
      const failure = outcome.refusal === undefined ? writeFailure('The change could not be written.') : { notice: refusedNotice(outcome.refusal, outcome.code ?? lastRefusalCode()) };
      update({ phase: failedPhase === 'saving' ? previousPhase : failedPhase, ...failure });
      return;
    }
    try {
      await refreshContents(cause, after);
    } catch (error) {
      update({ phase: 'idle', notice: notice('failed', message(error)) });
    }
  }

  const model: RegionEditorModel = {
    getState: states.getState,
    subscribe: states.subscribe,
    load: () => loadDocument(state().changes === undefined ? 'load' : 'reload'),
    reload: () => loadDocument('reload'),
    setLLM(next) {
      if (next === llm) return;
      llm = next;
      session = undefined;
      update({});
    },
    select(id) {
      if (state().phase === 'streaming' || state().phase === 'saving' || state().phase === 'loading') return;
      if (id !== undefined && !contents.has(id)) return;
      if (state().phase === 'review') session?.reject();
      update({
        selectedId: id,
        phase: state().phase === 'unavailable' ? 'unavailable' : 'idle',
        proposal: undefined,
        diff: [],
        streamText: '',
        refusals: [],
        draft: '',
      });
    },
    setInstruction(text) {
      update({ instruction: text });
    },
    propose(instruction = state().instruction, id = state().selectedId) {
      if (id === undefined || !contents.has(id)) {
        update({ notice: id === undefined ? notice('failed', 'Pick a region to edit first.') : refusedNotice(`There is no editable region ${JSON.stringify(id)}.`, 'unknown-part') });
        return Promise.resolve();
      }
      if (instruction.trim() === '') return Promise.resolve();
      if (state().phase === 'review') session?.reject();
      if (state().phase === 'idle' || state().phase === 'review' || state().phase === 'manual') update({ selectedId: id, instruction, phase: 'idle' });
      return request((current, requestOptions) => current.propose(instruction, { partId: id, ...requestOptions }));
    },
    refine(text) {
      if (text.trim() === '' || state().selectedId === undefined) return Promise.resolve();
      const partId = state().selectedId;
      return request((current, requestOptions) =>
        current.state.phase === 'ready' || current.state.last !== undefined ? current.refine(text, requestOptions) : current.propose(text, { partId, ...requestOptions }),
      );
    },
    stop() {
      controller?.abort();
    },
    async accept() {
      const proposal = state().proposal;
      if (state().phase !== 'review' || !proposal || !session) return;
      const current = session;
      await write(
        'accept',
        async () => {
          const result = await current.accept();
          if (result.applied) return { ok: true };
          const failure = store.takeWriteError();
          if (failure instanceof StaleWriteError) throw failure;
          return failure === undefined ? { ok: false, refusal: result.reason } : { ok: false };
        },
        { phase: 'idle', proposal: undefined, diff: [], streamText: '', instruction: '', notice: notice('applied', proposal.id) },
        'review',
      );
    },
    reject() {
      if (state().phase !== 'review') return;
      session?.reject();
      update({ phase: 'idle', proposal: undefined, diff: [], streamText: '', notice: notice('rejected') });
    },
    async undo() {
      if (!history.canUndo || state().phase === 'streaming' || state().phase === 'saving' || state().phase === 'loading') return;
      if (state().conflict) return update({ notice: notice('conflict') });
      if (state().phase === 'review') session?.reject();
      await write('undo', async () => ({ ok: await history.undo() }), { phase: 'idle', proposal: undefined, diff: [], notice: notice('undone') }, 'idle');
    },
    async redo() {
      if (!history.canRedo || state().phase === 'streaming' || state().phase === 'saving' || state().phase === 'loading') return;
      if (state().conflict) return update({ notice: notice('conflict') });
      if (state().phase === 'review') session?.reject();
      await write('redo', async () => ({ ok: await history.redo() }), { phase: 'idle', proposal: undefined, diff: [], notice: notice('redone') }, 'idle');
    },
    async startManualEdit(id = state().selectedId) {
      if (id === undefined || !contents.has(id)) return;
      if (state().phase === 'streaming' || state().phase === 'saving' || state().phase === 'loading') return;
      if (state().phase === 'review') session?.reject();
      update({ phase: 'manual', selectedId: id, draft: contents.get(id) ?? '', proposal: undefined, diff: [], notice: undefined });
    },
    setDraft(text) {
      if (state().phase === 'manual') update({ draft: text });
    },
    async saveManualEdit() {
      const id = state().selectedId;
      if (state().phase !== 'manual' || id === undefined) return;
      if (state().conflict) return update({ notice: notice('conflict') });
      const content = state().draft;
      if (content === contents.get(id)) return update({ phase: 'idle', draft: '' });
      await write('manual', () => saveDraft({ target: baseTarget, history, store, sanitize }, id, content), { phase: 'idle', draft: '', notice: notice('applied', id) }, 'manual');
    },
    cancelManualEdit() {
      if (state().phase === 'manual') update({ phase: 'idle', draft: '' });
    },
    readDocument: () => store.read(),
    destroy() {
      controller?.abort();
      states.clear();
      destroyed = true;
    },
  };
  return model;
}

export type { PartRef };
