/**
 * The effect policy: which effects happen without asking, which wait for the visitor's consent, and
 * which never happen. Each class has a default; the host changes a class, marks elements, or
 * decides in a function. This file holds the defaults and the host's config, checked when the
 * controller is made; the decision itself (`effect-decision.ts`) loads with the agent.
 */
import { describeValue } from '../util/describe-value.js';
import {
  EFFECT_KINDS,
  type ConfigurableEffectKind,
  type EffectDecision,
  type EffectKind,
  type EffectPolicyConfig,
} from './effect.types.js';

/** What each class gets unless the host says otherwise. */
export const DEFAULT_EFFECT_DECISIONS: Readonly<Record<EffectKind | 'destructive', EffectDecision>> = Object.freeze({
  activate: 'allow',
  submit: 'confirm',
  'leave-origin': 'confirm',
  'new-window': 'confirm',
  download: 'confirm',
  'javascript-url': 'refuse',
  'secret-fill': 'confirm',
  'choose-file': 'refuse',
  // Pages post on nearly every click (analytics, carts, likes): a request asks only when its method or words read destructive.
  request: 'allow',
  'host-action': 'allow',
  destructive: 'confirm',
});

/** Running script from a URL and choosing the visitor's files are never done for them. */
export const ALWAYS_REFUSED: ReadonlySet<EffectKind> = new Set(['javascript-url', 'choose-file']);
export const DECISIONS: readonly EffectDecision[] = ['allow', 'confirm', 'refuse'];

export interface ResolvedEffectPolicy {
  classes: Readonly<Record<EffectKind | 'destructive', EffectDecision>>;
  /** The classes the host set itself. */
  explicit: ReadonlySet<string>;
  decide?: EffectPolicyConfig['decide'];
  destructivePatterns: readonly RegExp[];
}

/** Checks the host's policy field by field; a mistake throws a TypeError naming the field. */
export function resolveEffectPolicy(config: EffectPolicyConfig | undefined, where: string): ResolvedEffectPolicy {
  if (config === undefined) return { classes: DEFAULT_EFFECT_DECISIONS, explicit: new Set(), destructivePatterns: [] };
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new TypeError(`${where} must be an object { classes?, decide?, destructivePatterns? }, got ${describeValue(config)}`);
  }
  for (const key of Object.keys(config)) {
    if (key !== 'classes' && key !== 'decide' && key !== 'destructivePatterns') {
      throw new TypeError(`${where}.${key} is not a field of the effect policy; the fields are classes, decide and destructivePatterns`);
    }
  }
  const classes: Record<EffectKind | 'destructive', EffectDecision> = { ...DEFAULT_EFFECT_DECISIONS };
  if (config.classes !== undefined) {
    if (typeof config.classes !== 'object' || config.classes === null) {
      throw new TypeError(`${where}.classes must be an object of class → "allow" | "confirm" | "refuse", got ${describeValue(config.classes)}`);
    }
    for (const [name, decision] of Object.entries(config.classes)) {
      if (ALWAYS_REFUSED.has(name as EffectKind)) {
        throw new TypeError(`${where}.classes.${name} cannot be changed: ${name === 'javascript-url' ? 'javascript: URLs' : 'file choosers'} are always refused`);
      }
      if (!(name in classes)) {
        throw new TypeError(`${where}.classes.${name} is not an effect class; the classes are ${configurableNames().join(', ')}`);
      }
      if (!DECISIONS.includes(decision as EffectDecision)) {
        throw new TypeError(`${where}.classes.${name} must be "allow", "confirm" or "refuse", got ${describeValue(decision)}`);
      }
      classes[name as ConfigurableEffectKind | 'destructive'] = decision as EffectDecision;
    }
  }
  if (config.decide !== undefined && typeof config.decide !== 'function') {
    throw new TypeError(`${where}.decide must be a function (effect, proposed) => "allow" | "confirm" | "refuse" | undefined, got ${describeValue(config.decide)}`);
  }
  const patterns = config.destructivePatterns ?? [];
  if (!Array.isArray(patterns) || !patterns.every((pattern) => pattern instanceof RegExp)) {
    throw new TypeError(`${where}.destructivePatterns must be an array of RegExp, got ${describeValue(patterns)}`);
  }
  const resolved: ResolvedEffectPolicy = {
    classes: Object.freeze(classes),
    explicit: new Set(Object.keys(config.classes ?? {})),
    destructivePatterns: Object.freeze([...patterns]),
  };
  if (config.decide) resolved.decide = config.decide;
  return resolved;
}

function configurableNames(): string[] {
  return [...EFFECT_KINDS.filter((kind) => !ALWAYS_REFUSED.has(kind)), 'destructive'];
}
