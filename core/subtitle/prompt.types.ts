/** One choice of a `choice` question: `value` comes back in the answer, `label` is what the user sees. */
export interface AskOption {
  value: string;
  label: string;
}

/** A yes/no question, e.g. before a destructive step. */
export interface ConfirmAskRequest {
  kind: 'confirm';
  message: string;
  /** The accept button's text; defaults to the localized "Confirm". */
  acceptLabel?: string;
  /** The reject button's text; defaults to the localized "Cancel". */
  rejectLabel?: string;
}

/** Pick one of a few options, or (with `allowFreeText`) answer in one's own words. */
export interface ChoiceAskRequest {
  kind: 'choice';
  message: string;
  options: AskOption[];
  allowFreeText?: boolean;
}

/** A question answered with typed text. */
export interface TextAskRequest {
  kind: 'text';
  message: string;
  placeholder?: string;
}

export type AskRequest = ConfirmAskRequest | ChoiceAskRequest | TextAskRequest;

/**
 * What the user answered. A dismissed question (Esc, the close button, a newer question, or
 * `cancelPrompt`) answers `accepted: false` or `value: null` and carries the dismissal's `reason`.
 */
export type AskAnswer =
  | { kind: 'confirm'; accepted: boolean; reason?: string }
  | { kind: 'choice'; value: string | null; reason?: string }
  | { kind: 'text'; value: string | null; reason?: string };

export type PauseDecision = 'continue' | 'stop';

export interface PauseHintRequest {
  /** What the user should do before continuing; shown above the "Space to continue" hint. */
  message: string;
}

/** The pending prompt as views see it. `id` changes with every new prompt, so a view can tell them apart. */
export type SubtitlePrompt =
  | { readonly id: number; readonly kind: 'confirm'; readonly message: string; readonly acceptLabel?: string; readonly rejectLabel?: string }
  | {
      readonly id: number;
      readonly kind: 'choice';
      readonly message: string;
      readonly options: readonly AskOption[];
      readonly allowFreeText: boolean;
    }
  | { readonly id: number; readonly kind: 'text'; readonly message: string; readonly placeholder?: string }
  | { readonly id: number; readonly kind: 'pause'; readonly message: string };

export type SubtitlePromptKind = SubtitlePrompt['kind'];

/** What a view sends back through `answerPrompt`: an ask answer, or the decision on a pause hint. */
export type PromptAnswer =
  | { kind: 'confirm'; accepted: boolean }
  | { kind: 'choice'; value: string | null }
  | { kind: 'text'; value: string | null }
  | { kind: 'pause'; decision: PauseDecision };
