// The chunk `dddk.tools.registerQA`, `registerSearch` and `registerRecommend` load on first use.
export { registerQATool } from './qa-tool.js';
export { registerSearchTool } from './search-tool.js';
export { registerRecommendTools } from './recommend-tools.js';
