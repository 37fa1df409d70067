/**
 * The vocabulary of the effect policy: what an action would do to the visitor's world, judged from
 * the action itself and its target (never from its name or label alone), and what may happen
 * without asking.
 */

/**
 * What an action does, in classes a site owner can reason about:
 * - `activate`: presses, clicks or toggles an element of this page (by any means: pointer, Enter, Space);
 * - `submit`: submits a form (a submit button, Enter in a field, a script the action set off);
 * - `leave-origin`: loads a page of another site in this tab;
 * - `new-window`: opens a new tab or window;
 * - `download`: downloads a file;
 * - `javascript-url`: runs a `javascript:` URL;
 * - `secret-fill`: writes a password, one-time code or payment field;
 * - `choose-file`: opens a file chooser;
 * - `request`: the page's own script sends a request that may change data on a server (a POST,
 *   PUT, PATCH or DELETE from a handler the action set off);
 * - `host-action`: one of the host's own tools, whose effect only the host knows.
 */
export type EffectKind =
  | 'activate'
  | 'submit'
  | 'leave-origin'
  | 'new-window'
  | 'download'
  | 'javascript-url'
  | 'secret-fill'
  | 'choose-file'
  | 'request'
  | 'host-action';

export const EFFECT_KINDS: readonly EffectKind[] = [
  'activate',
  'submit',
  'leave-origin',
  'new-window',
  'download',
  'javascript-url',
  'secret-fill',
  'choose-file',
  'request',
  'host-action',
];

/** What happens to an action with an effect: it runs, it waits for the visitor's yes, or it never runs. */
export type EffectDecision = 'allow' | 'confirm' | 'refuse';

/** How the visitor would name an element: its role and the name they read on it. */
export interface EffectSubject {
  role: 'button' | 'link' | 'checkbox' | 'radio' | 'switch' | 'tab' | 'menu-item' | 'option' | 'field' | 'form' | 'element';
  /** The visible text first (what the visitor reads), else the accessible name; may be empty. */
  name: string;
}

export interface Effect {
  kind: EffectKind;
  /** The element the effect starts from, in the visitor's words. */
  subject?: EffectSubject;
  /** Where it leads: the URL of a link, a form's action, a window or a download. */
  destination?: string;
  /** The destination is on the page's own origin. */
  sameOrigin?: boolean;
  /** For `submit`: the form's own name (its label, legend or heading), when it has one. */
  form?: string;
  /** For `secret-fill`: which kind of secret. */
  secret?: 'password' | 'one-time-code' | 'payment';
  /** For `download`: the file name the link suggests. */
  fileName?: string;
  /** For `host-action`: the tool's name. */
  tool?: string;
  /** For `request`: its HTTP method. */
  method?: string;
  /** The destructive wording found on the element, its form or its destination, after normalization. */
  destructive?: string;
  /** The host marked the element (or a region around it) `data-dddk-confirm` or `data-dddk-never`. */
  marker?: 'confirm' | 'never';
  /** The host's tool says it always asks (`requireConfirmation: true`) or never does (`false`). */
  declared?: 'confirm' | 'allow';
  /** The effect's identity on the page, so the one the visitor agreed to is recognised when it happens. */
  key?: string;
}

/** An effect with the decision the policy reached for it. */
export interface DecidedEffect extends Effect {
  decision: EffectDecision;
  /** Which rule decided, for the model's note and for the host's logs. */
  decidedBy: 'default' | 'class' | 'wording' | 'marker' | 'declared' | 'policy' | 'policy-error' | 'fixed';
}

/**
 * The host's say over effects: a decision per class, a function that sees every effect, extra
 * destructive wording. `javascript-url` and `choose-file` are always refused.
 */
export interface EffectPolicyConfig {
  /** Per class; unset classes keep their defaults. `destructive` is what wording that reads destructive calls for. */
  classes?: Partial<Record<ConfigurableEffectKind | 'destructive', EffectDecision>>;
  /**
   * Sees each effect with the decision reached so far and may return another one (or undefined to
   * keep it). A function that throws refuses the action: it never allows. Markers on the element
   * still apply after it (`data-dddk-never` refuses, `data-dddk-confirm` asks at least).
   */
  decide?: (effect: Effect, proposed: EffectDecision) => EffectDecision | undefined;
  /** More wording that reads destructive, matched after normalization like the shipped words. */
  destructivePatterns?: readonly RegExp[];
}

/** The classes a host may set; the two that are always refused are not among them. */
export type ConfigurableEffectKind = Exclude<EffectKind, 'javascript-url' | 'choose-file'>;

/** The effects of one call, decided: the strictest decision wins. */
export interface EffectVerdict {
  decision: EffectDecision;
  effects: DecidedEffect[];
  /** Errors thrown by the host's `decide`, each of which refused the action. */
  errors: Error[];
}
