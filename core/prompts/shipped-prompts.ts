import type { PromptTexts } from './prompt-registry.js';
import { plannerTexts } from './texts/planner.js';
import { webAgentClassicTexts } from './texts/webagent-classic.js';
import { webAgentEnvelopeTexts } from './texts/webagent-envelope.js';

/** The ids of the prompts the kit ships. Features that add prompts define their own ids. */
export const PROMPT_IDS = Object.freeze({
  webAgentEnvelope: 'webagent.envelope',
  webAgentClassic: 'webagent.classic',
  planner: 'planner',
} as const);

/** Every prompt the kit ships, by id, in `en` and `zh-TW`. */
export const shippedPrompts: Readonly<Record<string, PromptTexts>> = Object.freeze({
  [PROMPT_IDS.webAgentEnvelope]: webAgentEnvelopeTexts,
  [PROMPT_IDS.webAgentClassic]: webAgentClassicTexts,
  [PROMPT_IDS.planner]: plannerTexts,
});
