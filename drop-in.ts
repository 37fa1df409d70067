// The drop-in, dist/dddk.min.js: what a page needs at first paint — the controller, the LLM
// providers, the subtitle and palette models, and the elements (registered on import). The web
// agent, the loop engine, the page reader and actions, prompts and sessions stay in chunks that the
// controller loads when a visitor first asks something (or a run must resume after a reload);
// `loadCore()` gives the whole headless core, as `dddk/core` exports it, on demand.
import { afterPageConfig } from './elements/config/after-page-config.js';
import { defineElements } from './elements/define-elements.js';
import { lazyModule } from './core/util/lazy-module.js';

export { createDddk, isDddkController, type DddkConfig, type DddkController, type StartAgentOptions } from './core/controller/create-dddk.js';
export { getDefaultController, setDefaultController } from './core/controller/default-controller.js';
export {
  registerController,
  unregisterController,
  getController,
  peekDefaultController,
  onControllerRegistryChange,
} from './core/controller/registry.js';
export * from './core/events/index.js';
export type * from './core/agent/web-agent/agent-bus-events.js';
export type * from './core/agent/web-agent/agent-intents.js';
// The models a page drives at first paint; their connect helpers, search and prefix tools, agent
// tools and the rest come with `loadCore()`. Each is taken from its own file: a folder's index
// would bring every file it re-exports into the first download.
export { createSubtitleModel } from './core/subtitle/subtitle-model.js';
export { subtitleStrings } from './core/subtitle/subtitle.strings.js';
export type * from './core/subtitle/subtitle.types.js';
export type * from './core/subtitle/prompt.types.js';
export { createPaletteModel } from './core/palette/palette-model.js';
export { controllerPalette } from './core/palette/controller-palette.js';
export { paletteStrings } from './core/palette/palette.strings.js';
export { paletteQuestions } from './core/palette/palette-qa.js';
export { checkItem, checkItems } from './core/palette/validate-items.js';
export { BUILTIN_ICONS } from './core/palette/palette-item.types.js';
export type * from './core/palette/palette.types.js';
export type * from './core/palette/palette-item.types.js';
export type * from './core/llm/types.js';
// The skills' types: their code loads with `dddk.loadSkills()`, apart from the first download.
export type * from './core/skills/skill.types.js';
export type * from './core/skills/script-step.types.js';
export type * from './core/skills/skill-context.types.js';
export type * from './core/skills/preferences/preference.types.js';
export type { SkillOutcome, SkillFailureReason } from './core/skills/run/skill-outcome.types.js';
export type { SkillOptions } from './core/skills/controller/skill-options.types.js';
export type { SkillRegistry } from './core/skills/skill-registry.js';
export { LLMError, isLLMError } from './core/llm/errors.js';
export { DEFAULT_ROBUSTNESS } from './core/llm/robustness.js';
export { openAICompatible } from './core/llm/openai-compatible.js';
export { anthropic } from './core/llm/anthropic.js';
export { collectStream } from './core/llm/collect-stream.js';
export { createLLMRouter, resolveLLM, isLLMProvider, isLLMRouter, LLM_ROUTER_ROLES } from './core/llm/router.js';
export { loadHtml2canvas } from './core/page/lazy-html2canvas.js';
export { loadParse5 } from './core/targets/lazy-parse5.js';
export * from './elements/index.js';
export * from './elements/config/drop-in-config.js';

/** The whole headless core (the agent, the loop, the page reader and actions, search, …), loaded on first call. */
export function loadCore(): Promise<typeof import('./core/index.js')> {
  return coreModule.load();
}

const coreModule = lazyModule('the core', () => import('./core/index.js'));

/** The page's side of dddk/server (`createServerSession`, `createHttpDocumentStore`), loaded on first call. */
export function loadServerClient(): Promise<typeof import('./core/server-client.js')> {
  return serverClientModule.load();
}

const serverClientModule = lazyModule('the server client', () => import('./core/server-client.js'));

// Registered once the page's JSON config (if any) is applied, so tags pick up the configured controller.
afterPageConfig(defineElements);
