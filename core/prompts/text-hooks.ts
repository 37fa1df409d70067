/** Where a piece of untrusted text came from; a fence may label or treat sources differently. */
export type FenceSource = 'page' | 'selection' | 'history' | 'tool-result' | (string & {});

/**
 * How a prompt builder wraps text it does not trust (page content, tool output) and the engine's own
 * notes. Both default to leaving the text as it is.
 */
export interface PromptTextHooks {
  fence?: (text: string, source: FenceSource) => string;
  reminder?: (text: string) => string;
}

export const identityFence = (text: string): string => text;
export const identityReminder = (text: string): string => text;
