/**
 * The site's own commands among the tools a call offers (a theme switch the palette publishes, a
 * host tool), matched to the request by what each says it does. Only a tool the guide can call with
 * what it knows qualifies: one that requires no argument, or only a free-text `arg`. The page's own
 * actions (pointing, typing, navigating) are the guide's to use, not commands.
 */
import { coverageOf, SURE } from './match.js';
import type { OfferedTools } from './offered-tools.js';
import type { VisitorRequest } from './request.js';
import { conceptsIn } from './terms.js';

/** The page actions and engine tools, which the guide calls itself or never. */
const NOT_COMMANDS = new Set([
  'narrate', 'navigate', 'highlight', 'border', 'spotlight', 'scroll_to', 'click', 'double_click', 'long_press', 'hover', 'drag',
  'fill_input', 'clear_input', 'select_option', 'press_key', 'hold_key', 'wait', 'wait_until', 'read_text', 'validate_form',
  'detect_login_wall', 'track_intent', 'escalate_to_human', 'pause', 'ask_user', 'ask_user_choice', 'remember', 'recall',
]);
/** A command's display name, where the palette writes it: `(palette command "Dark theme")`. */
const COMMAND_NAME = /palette command "([^"]{1,80})"/;

export interface SiteCommand {
  tool: string;
  title: string;
  coverage: number;
}

export function matchCommand(tools: OfferedTools, request: VisitorRequest): SiteCommand | undefined {
  let best: SiteCommand | undefined;
  for (const tool of tools.names) {
    if (NOT_COMMANDS.has(tool)) continue;
    const required = tools.required(tool);
    if (required.some((name) => name !== 'arg')) continue;
    const description = tools.description(tool);
    const title = COMMAND_NAME.exec(description)?.[1] ?? tool.replace(/^palette_/, '').replace(/_/g, ' ');
    const { coverage } = coverageOf(request, conceptsIn(`${title} ${tool.replace(/_/g, ' ')}`), conceptsIn(description), new Set());
    if (coverage >= SURE && (!best || coverage > best.coverage)) best = { tool, title, coverage };
  }
  return best;
}
