export { createToolsRegistry, TOOLS, type OwnedToolsRegistry, type ToolsRegistryOptions } from './tools-registry.js';
export { checkHostTool, nameTakenBy } from './check-host-tool.js';
export { hostToolAction } from './host-tool-action.js';
export { readToolOutput, failedOutput, TOOL_OUTPUT_LIMIT, type ReadOutput } from './tool-output.js';
export { bounded } from '../util/bounded.js';
export type { HostTool, HostToolContext, HostToolHandle, ToolParameters, ToolsRegistry, ToolsState } from './tools.types.js';
export { registerQATool, registerSearchTool, registerRecommendTools } from './catalog-tools.js';
export type { QAToolItem, RegisterQAOptions, RegisterSearchOptions, RegisterRecommendOptions, CatalogToolDoc } from './catalog-tools.types.js';
export type { RecommendToolsHandle } from './tools.types.js';
