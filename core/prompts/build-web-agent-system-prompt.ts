import { serializeSitemap } from '../sitemap/serialize-sitemap.js';
import type { BrandPrompt, PersonaInput, PromptContext } from './prompt-context.js';
import { createPromptRegistry, type PromptRegistry } from './prompt-registry.js';
import { promptStrings, type PromptStrings } from './prompt.strings.js';
import { PROMPT_IDS, shippedPrompts } from './shipped-prompts.js';
import { formatToolReference, prepareToolCatalog } from './tool-catalog.js';

let shippedRegistry: PromptRegistry | undefined;

/**
 * The web agent's system prompt: who it is (agent and site name, persona, brand), the rules of its
 * mode from the prompt registry, the reply language, the site map and the tools offered. A string
 * `systemPrompt` replaces all of it; a function receives it and returns the prompt to use.
 * `appendSystemPrompt` always comes last.
 */
export function buildWebAgentSystemPrompt(context: PromptContext): string {
  const defaultPrompt = assembleDefaultPrompt(context);
  const { systemPrompt, appendSystemPrompt } = context;
  let prompt = defaultPrompt;
  if (typeof systemPrompt === 'string') prompt = systemPrompt;
  else if (typeof systemPrompt === 'function') {
    prompt = systemPrompt(context, defaultPrompt);
    if (typeof prompt !== 'string') {
      throw new TypeError(`systemPrompt: the function must return a string, got ${typeof prompt}.`);
    }
  }
  if (appendSystemPrompt) prompt = `${prompt}\n\n${appendSystemPrompt}`;
  return prompt;
}

function assembleDefaultPrompt(context: PromptContext): string {
  const strings = promptStrings(context.locale);
  const prompts = context.prompts ?? (shippedRegistry ??= createPromptRegistry({ prompts: shippedPrompts }));
  const rulesId = context.mode === 'classic' ? PROMPT_IDS.webAgentClassic : PROMPT_IDS.webAgentEnvelope;
  const sections = [
    strings.identity(context.agentName, context.siteName),
    personaSection(context.persona, strings),
    brandSection(context.brand, strings),
    prompts.get(rulesId, context.locale, context),
    `${strings.languageHeading}\n${strings.language(context.locale)}`,
  ];
  if (context.sitemap) {
    const outline = serializeSitemap(context.sitemap);
    if (outline) sections.push(`${strings.sitemapHeading}\n${strings.sitemapIntro}\n${outline}`);
  }
  const tools = prepareToolCatalog(context.tools ?? [], context);
  if (tools.length > 0) sections.push(`${strings.toolsHeading}\n${strings.toolsIntro}\n${formatToolReference(tools)}`);
  return sections.filter((section) => section !== '').join('\n\n');
}

function personaSection(persona: PersonaInput | undefined, strings: PromptStrings): string {
  if (!persona) return '';
  if (typeof persona === 'string') return `${strings.personaHeading}\n${persona.trim()}`;
  const lines = [strings.personaHeading, persona.identity.trim()];
  if (persona.voice) lines.push(`${strings.voiceLabel}${persona.voice.trim()}`);
  lines.push(...rules(persona.constraints, strings));
  return lines.join('\n');
}

function brandSection(brand: BrandPrompt | undefined, strings: PromptStrings): string {
  if (!brand) return '';
  const lines: string[] = [];
  if (brand.productName) lines.push(`${strings.productLabel}${brand.productName.trim()}`);
  if (brand.voice) lines.push(`${strings.voiceLabel}${brand.voice.trim()}`);
  lines.push(...rules(brand.constraints, strings));
  return lines.length > 0 ? [strings.brandHeading, ...lines].join('\n') : '';
}

function rules(constraints: string[] | undefined, strings: PromptStrings): string[] {
  const items = (constraints ?? []).map((rule) => rule.trim()).filter(Boolean);
  return items.length > 0 ? [strings.rulesLabel, ...items.map((rule) => `- ${rule}`)] : [];
}
