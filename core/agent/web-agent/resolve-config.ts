/** The web agent's configuration completed with its defaults, once checked. */
import { resolveEffectPolicy, type ResolvedEffectPolicy } from '../../effects/effect-policy.js';
import type { LoopMode } from '../../loop/types.js';
import type { WebAgentConfig } from './agent-config.types.js';
import { checkWebAgentConfig } from './check-config.js';

export const WEB_AGENT_DEFAULTS = Object.freeze({
  locale: 'en',
  mode: 'envelope' as LoopMode,
  // The page reading's budget: about 3,000 tokens a turn, room for a 2,000-word article whole. It
  // is a budget, not a cut: what does not fit folds into one-line summaries, one read_text away.
  domMaxLength: 12_000,
  plannerDomMaxLength: 4_000,
  /** Long enough to find on the page what the answer pointed at, short enough not to linger over what comes next. */
  overlayLingerMs: 6_000,
});

export interface ResolvedWebAgentConfig extends WebAgentConfig {
  locale: string;
  mode: LoopMode;
  pace: 'self' | 'visitor';
  /** The effect policy, checked, with its defaults. */
  policy: ResolvedEffectPolicy;
  domMaxLength: number;
  plannerDomMaxLength: number;
  overlayLingerMs: number;
}

/** The configuration checked and completed with defaults. */
export function resolveWebAgentConfig(config: WebAgentConfig, where = 'createWebAgent(config): config'): ResolvedWebAgentConfig {
  checkWebAgentConfig(config, where);
  return {
    ...config,
    locale: config.locale?.trim() || WEB_AGENT_DEFAULTS.locale,
    mode: config.mode ?? WEB_AGENT_DEFAULTS.mode,
    pace: config.pace ?? 'self',
    policy: resolveEffectPolicy(config.effects, `${where}.effects`),
    domMaxLength: config.domMaxLength ?? WEB_AGENT_DEFAULTS.domMaxLength,
    plannerDomMaxLength: config.plannerDomMaxLength ?? WEB_AGENT_DEFAULTS.plannerDomMaxLength,
    overlayLingerMs: config.overlayLingerMs ?? WEB_AGENT_DEFAULTS.overlayLingerMs,
  };
}
