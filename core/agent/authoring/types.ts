import type { LLMProvider } from '../../llm/types.js';
import type { EditHistory } from '../../targets/edit-history.js';
import type { EditRequest, EditTarget, PartId } from '../../targets/edit-target.js';
import type { ReadableStore } from '../../util/create-store.js';

export interface AuthoringOptions {
  llm: LLMProvider;
  target: EditTarget;
  /** Where accepted proposals are recorded for undo and redo. Default: a new history over `target`. */
  history?: EditHistory;
  /** Proposals the model may make per request before the request ends refused. Default 3. */
  maxAttempts?: number;
  /** Host instructions placed before the built-in ones in the system prompt. */
  system?: string;
  /** Longest part content shown in full when every part is offered; longer parts are cut. Default 8 000 characters. */
  maxShownPartLength?: number;
  /** Longest time one model call may stream. Default: the loop's. */
  llmTimeoutMs?: number;
  /**
   * Turns a proposal's content into the content that is then validated, shown and written (the
   * region editor sanitizes it as the page would). A rejection refuses that proposal. Default: as proposed.
   */
  prepareContent?: (edit: EditRequest) => Promise<string>;
}

export interface ProposeOptions {
  /** The one part to edit; without it every part is offered and the model chooses. */
  partId?: PartId;
  /** Receives each piece of the proposal as it streams in. */
  onDelta?: (delta: ProposalDelta) => void;
  signal?: AbortSignal;
}

/** The proposal as far as it arrived: the raw arguments text of the tool call, and its content once it parses. */
export interface ProposalDelta {
  attempt: number;
  argumentsText: string;
  /** Present once the arguments are complete JSON. */
  content?: string;
  id?: string;
}

export type ProposalResult =
  | { status: 'ready'; id: PartId; content: string; before: string | undefined }
  | { status: 'refused'; reasons: string[] }
  | { status: 'failed'; error: Error };

export type AuthoringPhase = 'idle' | 'proposing' | 'ready' | 'applying';

export interface AuthoringState {
  phase: AuthoringPhase;
  /** The proposal waiting for `accept` or `reject`. */
  proposal?: Extract<ProposalResult, { status: 'ready' }>;
  /** How the last request ended. */
  last?: ProposalResult;
  canUndo: boolean;
  canRedo: boolean;
}

export type AcceptResult = { applied: true; id: PartId } | { applied: false; reason: string };

/** `getState()` (and `state`, its older name) gives the frozen current state; `subscribe` hears every change. */
export interface AuthoringSession extends ReadableStore<AuthoringState> {
  propose(instruction: string, options?: ProposeOptions): Promise<ProposalResult>;
  /** Asks for a new proposal, continuing the conversation about the last one. */
  refine(text: string, options?: Omit<ProposeOptions, 'partId'>): Promise<ProposalResult>;
  /** Writes the ready proposal (validated again) and records it in the history. */
  accept(): Promise<AcceptResult>;
  /** Drops the ready proposal; the target is not touched. */
  reject(): void;
  undo(): Promise<boolean>;
  redo(): Promise<boolean>;
  readonly state: AuthoringState;
}
