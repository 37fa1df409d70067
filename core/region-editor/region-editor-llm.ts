import { resolveLLM } from '../llm/router.js';
import type { LLMProvider, LLMSource } from '../llm/types.js';

/** The model sources an editor can see: its own `llm`, and its controller's. */
export interface RegionEditorLLMSources {
  readonly llm: LLMSource | undefined;
  readonly controllerLlm: LLMSource | undefined;
}

/**
 * The model that writes proposals: the editor's own `llm`, else its controller's; of a router, the
 * `task` role. A source that is no model only costs the proposals: a warning says so, and manual
 * edits stay.
 */
export function regionEditorLLM(sources: RegionEditorLLMSources, warn: (message: string) => void = console.warn): LLMProvider | undefined {
  const source = sources.llm ?? sources.controllerLlm;
  if (source === undefined) return undefined;
  try {
    return resolveLLM(source, 'task', sources.llm ? 'region editor llm' : 'controller llm');
  } catch (error) {
    warn(`dddk-region-editor: ${error instanceof Error ? error.message : String(error)}; only manual edits are offered.`);
    return undefined;
  }
}
