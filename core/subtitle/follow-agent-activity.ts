import type { DddkController } from '../controller/create-dddk.js';

/**
 * Shows the `processing` indicator while the controller's agent thinks and takes it away once the
 * agent speaks, acts or ends. Returns the function that stops following.
 */
export function followAgentActivity(controller: Pick<DddkController, 'on' | 'subtitle'>): () => void {
  const { subtitle } = controller;
  const stopProcessing = () => {
    if (subtitle.getState().indicator?.kind === 'processing') subtitle.setIndicator(undefined);
  };
  const offs = [
    controller.on('agent_thinking', () => subtitle.setIndicator('processing')),
    controller.on('agent_narrate_delta', stopProcessing),
    controller.on('agent_tool_start', stopProcessing),
    controller.on('agent_final', stopProcessing),
    controller.on('agent_error', stopProcessing),
  ];
  return () => {
    for (const off of offs) off();
  };
}
