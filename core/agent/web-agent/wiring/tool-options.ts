/**
 * The names the controller's `agent` options may use (`bundles`, `excludeTools`, `actionOverrides`,
 * `customActions`), checked at `createDddk` without loading the page actions themselves: their code
 * stays in the agent's lazily loaded chunk. The agent checks the same options again, fully, when it
 * is created. A test keeps these lists equal to the page actions' own bundles.
 */
import type { ControllerAgentConfig } from './controller-agent-config.js';

export const ACTION_NAMES_BY_BUNDLE = Object.freeze({
  core: ['narrate', 'navigate', 'click', 'border', 'scroll_to', 'read_text'],
  forms: ['fill_input', 'select_option', 'clear_input', 'press_key', 'hold_key', 'double_click', 'long_press', 'hover', 'drag'],
  flow: ['wait', 'wait_until', 'pause', 'ask_user', 'ask_user_choice'],
  extra: ['highlight', 'spotlight', 'validate_form', 'detect_login_wall', 'track_intent', 'escalate_to_human'],
} as const satisfies Record<string, readonly string[]>);

type ToolOptions = Pick<ControllerAgentConfig, 'bundles' | 'excludeTools' | 'actionOverrides' | 'customActions'>;

/** Throws a TypeError starting with `where` for a bundle or an action name that does not exist. */
export function checkToolOptions(options: ToolOptions, where: string): void {
  const bundles = Object.keys(ACTION_NAMES_BY_BUNDLE);
  for (const bundle of options.bundles ?? []) {
    if (!bundles.includes(bundle)) throw new TypeError(`${where}.bundles names "${bundle}", which is not a bundle. Bundles: ${bundles.join(', ')}.`);
  }
  const builtins: string[] = Object.values(ACTION_NAMES_BY_BUNDLE).flat();
  const custom = (options.customActions ?? []).map((action) => action.name);
  for (const name of custom) {
    if (builtins.includes(name)) throw new TypeError(`${where}.customActions has "${name}", which is a built-in action. Use actionOverrides["${name}"] to change it.`);
  }
  if (new Set(custom).size !== custom.length) throw new TypeError(`${where}.customActions has two actions with the same name.`);
  const known = [...builtins, ...custom];
  const fields = [
    ['excludeTools', options.excludeTools ?? []],
    ['actionOverrides', Object.keys(options.actionOverrides ?? {})],
  ] as const;
  for (const [field, names] of fields) {
    const unknown = names.filter((name) => !known.includes(name));
    if (unknown.length === 0) continue;
    const listed = unknown.map((name) => `"${name}"`).join(', ');
    throw new TypeError(`${where}.${field} names ${listed}, which ${unknown.length > 1 ? 'are not actions' : 'is not an action'}. Known actions: ${known.join(', ')}.`);
  }
}
