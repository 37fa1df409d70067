/**
 * A call's options checked before the request goes out, catching the mistakes that would otherwise
 * come back as a confusing HTTP 400. The providers' wire code runs it, so it loads with that code.
 */
import { describe, requireText } from './provider-config.js';
import type { CompleteOptions } from './types.js';

/** Catches the mistakes that would otherwise surface as a confusing HTTP 400. */
export function checkCallOptions(options: CompleteOptions, factory: string): void {
  if (!options || typeof options !== 'object') throw new TypeError(`${factory}: a call needs an options object with \`messages\`; got ${describe(options)}.`);
  if (!Array.isArray(options.messages)) throw new TypeError(`${factory}: \`messages\` must be an array of messages; got ${describe(options.messages)}.`);
  if (options.model !== undefined) requireText(options.model, factory, 'model', '"gpt-4o-mini"');
  if (options.tools !== undefined && !Array.isArray(options.tools)) throw new TypeError(`${factory}: \`tools\` must be an array of tool definitions; got ${describe(options.tools)}.`);
  const choice = options.toolChoice;
  if (choice !== undefined && typeof choice === 'object') {
    const wanted = choice.name;
    if (!options.tools?.some((tool) => tool.name === wanted)) throw new TypeError(`${factory}: \`toolChoice\` names "${wanted}", which is not in \`tools\`.`);
  }
}
