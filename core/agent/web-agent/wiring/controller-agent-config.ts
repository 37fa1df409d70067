import type { WebAgentConfig } from '../web-agent.types.js';

/** The part of the web agent's configuration a controller's `agent` field may set. */
export type ControllerAgentConfig = Partial<Omit<WebAgentConfig, 'host' | 'onEvent'>>;
