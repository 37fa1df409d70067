import { askUser, askUserChoice, pause } from './ask-user.js';
import { detectLoginWallAction } from './detect-login-wall.js';
import { drag } from './drag.js';
import { clearInput, fillInput } from './fill-input.js';
import { escalateToHuman, trackIntent } from './host-handlers.js';
import { holdKey, pressKey } from './keys.js';
import { narrate } from './narrate.js';
import { navigate } from './navigate.js';
import { border, highlight, spotlight } from './overlay-actions.js';
import { click, doubleClick, hover, longPress } from './pointer-actions.js';
import { readText } from './read-text.js';
import { unexpected } from './results.js';
import { scrollTo } from './scroll-to.js';
import { selectOption } from './select-option.js';
import type { ActionContext, ActionDefinition, ActionResult, JsonSchema } from './types.js';
import { validateForm } from './validate-form.js';
import { wait, waitUntil } from './wait.js';

/** Groups of actions, so a host can offer only what its pages need and keep the prompt short. */
export type ActionBundle = 'core' | 'forms' | 'flow' | 'extra';

// Type-erased so that actions with different result data share one list.
type AnyAction = ActionDefinition<Record<string, unknown>, unknown>;

export const ACTION_BUNDLES: Readonly<Record<ActionBundle, readonly AnyAction[]>> = {
  core: [narrate, navigate, click, border, scrollTo, readText],
  forms: [fillInput, selectOption, clearInput, pressKey, holdKey, doubleClick, longPress, hover, drag],
  flow: [wait, waitUntil, pause, askUser, askUserChoice],
  extra: [highlight, spotlight, validateForm, detectLoginWallAction, trackIntent, escalateToHuman],
};

export interface ActionOverride {
  description?: string;
  parameters?: JsonSchema;
  /** Replaces the action's behaviour; `original` runs the built-in one. */
  run?: (
    args: Record<string, unknown>,
    ctx: ActionContext,
    original: (args: Record<string, unknown>, ctx: ActionContext) => Promise<ActionResult>,
  ) => Promise<ActionResult>;
}

export interface PageActionsOptions {
  /** Which groups to offer. Default: all of them. */
  bundles?: ActionBundle[];
  /** Names of actions not to offer. */
  excludeTools?: string[];
  /** Per action name: a new description, schema or behaviour. */
  actionOverrides?: Record<string, ActionOverride>;
  /** The host's own actions, offered after the built-in ones. */
  extraActions?: AnyAction[];
}

export function builtinActionNames(): string[] {
  return Object.values(ACTION_BUNDLES).flatMap((list) => list.map((action) => action.name));
}

function checkNames(field: string, names: Iterable<string>, known: Set<string>): void {
  const unknown = [...names].filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(
      `createPageActions: ${field} names ${unknown.map((n) => `"${n}"`).join(', ')}, which ${unknown.length > 1 ? 'are not actions' : 'is not an action'}. Known actions: ${[...known].join(', ')}.`,
    );
  }
}

function applyOverride(action: AnyAction, override: ActionOverride): AnyAction {
  const original = action.run.bind(action);
  const run = override.run;
  return {
    name: action.name,
    description: override.description ?? action.description,
    parameters: override.parameters ?? action.parameters,
    run: run
      ? async (args, ctx) => {
          try {
            return await run(args, ctx, original);
          } catch (error) {
            return unexpected(action.name, error);
          }
        }
      : original,
  };
}

/** The page actions as tool definitions an agent can offer, shaped by the host's options. */
export function createPageActions(options: PageActionsOptions = {}): AnyAction[] {
  const bundles = options.bundles ?? (Object.keys(ACTION_BUNDLES) as ActionBundle[]);
  for (const bundle of bundles) {
    if (!(bundle in ACTION_BUNDLES)) {
      throw new Error(`createPageActions: bundles names "${bundle}", which is not a bundle. Bundles: ${Object.keys(ACTION_BUNDLES).join(', ')}.`);
    }
  }
  const extra = options.extraActions ?? [];
  const known = new Set([...builtinActionNames(), ...extra.map((action) => action.name)]);
  checkNames('excludeTools', options.excludeTools ?? [], known);
  checkNames('actionOverrides', Object.keys(options.actionOverrides ?? {}), known);
  const builtins = new Set(builtinActionNames());
  for (const action of extra) {
    if (builtins.has(action.name)) {
      throw new Error(`createPageActions: extraActions has "${action.name}", which is a built-in action. Use actionOverrides["${action.name}"] to change it.`);
    }
  }
  if (new Set(extra.map((a) => a.name)).size !== extra.length) {
    throw new Error('createPageActions: extraActions has two actions with the same name.');
  }
  const excluded = new Set(options.excludeTools ?? []);
  const selected = [...new Set(bundles)].flatMap((bundle) => ACTION_BUNDLES[bundle]).concat(extra);
  return selected
    .filter((action) => !excluded.has(action.name))
    .map((action) => {
      const override = options.actionOverrides?.[action.name];
      return override ? applyOverride(action, override) : action;
    });
}
