import type { LLMMessage } from '../llm/types.js';
import { serializeSitemap } from '../sitemap/serialize-sitemap.js';
import type { SitemapConfig } from '../sitemap/sitemap.types.js';
import type { BrandPrompt, PersonaInput } from './prompt-context.js';
import { createPromptRegistry, type PromptRegistry } from './prompt-registry.js';
import { promptStrings } from './prompt.strings.js';
import { PROMPT_IDS, shippedPrompts } from './shipped-prompts.js';
import { identityFence, type PromptTextHooks } from './text-hooks.js';

export interface PlannerPromptInput {
  task: string;
  locale?: string;
  sitemap?: SitemapConfig;
  brand?: BrandPrompt;
  persona?: PersonaInput;
  /** The current page's URL and a capped dump of it, so the plan starts where the user is. */
  url?: string;
  pageText?: string;
  /** Where the instructions come from, with the host's overrides; default the kit's shipped texts. */
  prompts?: PromptRegistry;
}

let shippedRegistry: PromptRegistry | undefined;

/**
 * The planning call's messages: the `planner` instructions (with the persona and brand so the summary
 * speaks in the right voice) as the system message; the request, the site map and the current page
 * as the user message. The page passes through `hooks.fence`. Parse the reply with `parseTaskPlan`.
 */
export function buildPlannerPrompt(input: PlannerPromptInput, hooks: PromptTextHooks = {}): LLMMessage[] {
  const strings = promptStrings(input.locale);
  const prompts = input.prompts ?? (shippedRegistry ??= createPromptRegistry({ prompts: shippedPrompts }));
  const fence = hooks.fence ?? identityFence;

  const system = [prompts.get(PROMPT_IDS.planner, input.locale, input)];
  const persona = typeof input.persona === 'string' ? input.persona : input.persona?.identity;
  if (persona) system.push(`${strings.personaHeading}\n${persona.trim()}`);
  const voice = typeof input.persona === 'object' ? input.persona.voice : input.brand?.voice;
  const brandLines = [
    input.brand?.productName ? `${strings.productLabel}${input.brand.productName}` : '',
    voice ? `${strings.voiceLabel}${voice}` : '',
  ].filter(Boolean);
  if (brandLines.length > 0) system.push(`${strings.brandHeading}\n${brandLines.join('\n')}`);

  const user = [`${strings.requestHeading}\n${input.task}`];
  if (input.sitemap) {
    const outline = serializeSitemap(input.sitemap);
    if (outline) user.push(`${strings.sitemapHeading}\n${outline}`);
  }
  if (input.url || input.pageText) {
    const page = [input.url ? `${strings.urlLabel}${input.url}` : '', input.pageText ?? ''].filter(Boolean).join('\n\n');
    user.push(`${strings.pageHeading}\n${fence(page, 'page')}`);
  }

  return [
    { role: 'system', content: system.join('\n\n') },
    { role: 'user', content: user.join('\n\n') },
  ];
}
