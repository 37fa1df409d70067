/**
 * The offline `guide` provider, loaded on its first call: a page whose agent never runs does not
 * pay for it, and the agent can be created before anyone knows whether it will.
 */
import type { LLMProvider } from '../../llm/types.js';
import { onceUntilFailure } from '../../util/once-until-failure.js';
import { lazyModule } from '../../util/lazy-module.js';

const guideModule = lazyModule('the offline guide', () => import('../../llm/guide/index.js'));

export const OFFLINE_PROVIDER_NAME = 'guide (offline)';

/** `locale` is read when the guide loads: its fallback language for requests in neither of its scripts. */
export function lazyOfflineGuide(locale?: () => string): LLMProvider {
  const load = onceUntilFailure(() => guideModule.load().then((module) => module.guide(locale ? { locale: locale() } : {})));
  return {
    name: OFFLINE_PROVIDER_NAME,
    complete: async (options) => (await load()).complete(options),
    async *stream(options) {
      yield* (await load()).stream(options);
    },
  };
}

/** True for the offline guide, loaded or not. */
export function isOfflineGuide(provider: LLMProvider): boolean {
  return provider.name === OFFLINE_PROVIDER_NAME;
}
