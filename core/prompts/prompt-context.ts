import type { ToolDefinition } from '../llm/types.js';
import type { SitemapConfig } from '../sitemap/sitemap.types.js';
import type { PromptRegistry } from './prompt-registry.js';

/** Who the agent speaks as. Without one it describes the site from outside ("the site offers…"). */
export interface PersonaConfig {
  /** A first-person identity, e.g. "You are Acme's support assistant; say 'we' for Acme." */
  identity: string;
  /** Tone, e.g. "Warm, brief, never speculative." */
  voice?: string;
  /** Rules the persona never breaks. */
  constraints?: string[];
}

export type PersonaInput = string | PersonaConfig;

/** The product the agent represents. */
export interface BrandPrompt {
  productName?: string;
  voice?: string;
  constraints?: string[];
}

/** Per-tool wording a host sets: `description` replaces the kit's, `appendDescription` adds a line to it. */
export type ActionOverrides = Record<string, { description?: string; appendDescription?: string }>;

/** A whole system prompt: a string replaces the kit's; a function receives it and returns the one to use. */
export type SystemPromptOverride = string | ((context: PromptContext, defaultPrompt: string) => string);

/** Everything the web agent's system prompt is built from. It holds nothing that changes from turn to turn. */
export interface PromptContext {
  /** `envelope` (default): every reply is one streamed `agent_turn`; `classic`: one tool call at a time. */
  mode?: 'envelope' | 'classic';
  /** The site's locale (BCP 47); picks the prompt's language. Default `en`. */
  locale?: string;
  agentName?: string;
  siteName?: string;
  persona?: PersonaInput;
  brand?: BrandPrompt;
  sitemap?: SitemapConfig;
  /** Every tool offered this turn, before `actionOverrides` and `excludeTools` are applied. */
  tools?: ToolDefinition[];
  actionOverrides?: ActionOverrides;
  excludeTools?: string[];
  /** Added at the very end, also after a `systemPrompt` override. */
  appendSystemPrompt?: string;
  systemPrompt?: SystemPromptOverride;
  /** Where the rule texts come from, with the host's overrides; default the kit's shipped texts. */
  prompts?: PromptRegistry;
}
