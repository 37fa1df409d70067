// `dddk/core/internals`: every export of the core, the building blocks included. Tests, benchmarks and
// advanced hosts reach them here; they may change in any release. Hosts use `dddk/core`.
export { createDddk, isDddkController, type DddkConfig, type DddkController } from './controller/create-dddk.js';
export { getDefaultController, setDefaultController } from './controller/default-controller.js';
export {
  registerController,
  unregisterController,
  getController,
  peekDefaultController,
  onControllerRegistryChange,
} from './controller/registry.js';
export * from './events/index.js';
export * from './subtitle/index.js';
export * from './llm/index.js';
export type { RequestHeaders, HeadersFunction, SessionRefusal } from './util/request-headers.js';
export { loadHtml2canvas, type Html2canvas } from './page/lazy-html2canvas.js';
export { loadParse5, type Parse5 } from './targets/lazy-parse5.js';
export * from './loop/envelope/index.js';
export * from './search/index.js';
export * from './loop/index.js';
export {
  createPageActions,
  builtinActionNames,
  ACTION_BUNDLES,
  type ActionBundle,
  type ActionOverride,
  type PageActionsOptions,
  type ActionDefinition,
  type ActionContext,
  type ActionResult,
  type ActionFailureCode,
} from './page/actions/index.js';
// Each action on its own, under one name so `click`, `wait` and friends do not crowd the top level.
export * as pageActions from './page/actions/index.js';
export * from './page/overlays/index.js';
export * from './page/forms/index.js';
export * from './page/cursor/index.js';
export * from './page/screenshot/index.js';
export * from './agent/session/index.js';
export * from './prompts/index.js';
export * from './sitemap/index.js';
export * from './palette/index.js';
// Apart from the palette's index, which the drop-in imports at first paint: only the agent uses these.
export { paletteAgentTools, type PaletteAgentToolDescriptor } from './palette/palette-agent-tools.js';
export * from './tools/index.js';
export * from './palette/context/index.js';
export * from './page/context-capture/index.js';
export * from './i18n/index.js';
export * from './page/read-dom/index.js';
export * from './page/context/index.js';
export * from './agent/web-agent/index.js';
export type { OnLoopEnd } from './agent/web-agent/wiring/loop-closure.js';
export * from './marks/index.js';
export * from './input/index.js';
export * from './surface/index.js';
export * from './skills/index.js';
export * from './targets/index.js';
export * from './targets/html/index.js';
export * from './targets/stores/index.js';
export * from './targets/html-target/index.js';
export * from './agent/authoring/index.js';
export * from './region-editor/index.js';
export * from './storage/index.js';
export { DddkError, isDddkError } from './util/dddk-error.js';
export * from './memory/drawer/index.js';
export { findPersonalData, redactPersonalData, type PersonalDataFinding, type PersonalDataKind, type HostPattern } from './memory/privacy/personal-data.js';
export { openMemoryStore, type MemoryStore, type MemoryStoreChange, type MemoryStoreOptions } from './memory/store/memory-store.js';
export type { MemoryRecord, MemoryTier, MemoryAuthority, MemorySource } from './memory/store/memory-record.types.js';
export { createMemory, type Memory, type MemoryEvent, type MemoryOptions } from './memory/create-memory.js';
export type { MemoryConfig, CoreFieldSchema, RememberInput, RememberOutcome, MemoryRefusal, RecalledMemory } from './memory/memory.types.js';
export type { MemoryProvider, SemanticConfig } from './memory/semantic/memory-provider.types.js';
