/**
 * The agent's tools: the page actions shaped by the host's options (applied once, here), the host's
 * own actions, and tools registered later; each turned into a loop tool whose action context is
 * bound to the run (its page reading, its host handlers, its cursor).
 */
import type { DecidedEffect, Effect, EffectVerdict } from '../../effects/effect.types.js';
import type { AnyLoopTool, LoopTool, ToolContext, ToolResult } from '../../loop/types.js';
import { builtinActionNames, createPageActions, type ActionOverride } from '../../page/actions/registry.js';
import type { ActionContext, ConfirmRequest, CursorGuide, EscalationRequest } from '../../page/actions/types.js';
import { checkAction } from './check-config.js';
import type { AgentAction, AgentActionOverride, AgentHost, AgentPage, AgentPauseRequest, ToolHandle, WebAgentConfig } from './web-agent.types.js';

type ToolOptions = Pick<WebAgentConfig, 'bundles' | 'customActions' | 'actionOverrides' | 'excludeTools'>;

export interface ToolBox {
  /** The actions offered now: the configured ones, then the registered ones. */
  actions(): AgentAction[];
  register(action: AgentAction): ToolHandle;
}

/** Builds the configured actions once; a bad name in any option throws here, naming the option. */
export function createToolBox(options: ToolOptions, where: string): ToolBox {
  let base: AgentAction[];
  try {
    base = createPageActions({
      ...(options.bundles ? { bundles: options.bundles } : {}),
      ...(options.excludeTools ? { excludeTools: options.excludeTools } : {}),
      extraActions: options.customActions ?? [],
      actionOverrides: pageOverrides(options),
    }).map((action) => {
      const custom = options.customActions?.find((candidate) => candidate.name === action.name);
      // Overrides keep the host's gate and time limit on its own actions.
      return custom && custom !== action ? { ...action, ...gateOf(custom) } : action;
    });
  } catch (error) {
    const message = (error as Error).message.replace(/^createPageActions: /, '').replace(/\bextraActions\b/g, 'customActions');
    throw new TypeError(`${where}.${message}`);
  }
  const registered = new Map<string, AgentAction>();
  return {
    actions: () => [...base, ...registered.values()],
    register(action) {
      checkAction(action, 'registerTool(tool)');
      if (base.some((existing) => existing.name === action.name) || registered.has(action.name)) {
        throw new TypeError(`registerTool(tool): a tool named "${action.name}" is already offered; remove it first or pick another name`);
      }
      registered.set(action.name, action);
      return {
        name: action.name,
        remove: () => {
          if (registered.get(action.name) === action) registered.delete(action.name);
        },
      };
    },
  };
}

/** `appendDescription` becomes a full description, so that the wording is changed in one place only. */
function pageOverrides(options: ToolOptions): Record<string, ActionOverride> {
  const overrides = options.actionOverrides ?? {};
  const names = Object.keys(overrides);
  if (names.length === 0) return {};
  const plain = createPageActions({ extraActions: options.customActions ?? [] });
  const result: Record<string, ActionOverride> = {};
  for (const name of names) {
    const { appendDescription, ...override } = overrides[name] as AgentActionOverride;
    const original = plain.find((action) => action.name === name)?.description;
    if (override.description === undefined && appendDescription && original !== undefined) {
      override.description = `${original}\n${appendDescription}`;
    }
    result[name] = override;
  }
  return result;
}

function gateOf(action: AgentAction): Pick<AgentAction, 'requireConfirmation' | 'timeoutMs'> {
  const gate: Pick<AgentAction, 'requireConfirmation' | 'timeoutMs'> = {};
  if (action.requireConfirmation !== undefined) gate.requireConfirmation = action.requireConfirmation;
  if (action.timeoutMs !== undefined) gate.timeoutMs = action.timeoutMs;
  return gate;
}

/** What a run binds its tools to. */
export interface ToolBindings {
  page: AgentPage;
  host: AgentHost;
  navigate?: WebAgentConfig['navigate'];
  /** How the `navigate` action opens another document (the run loads it once the session is saved). */
  loadDocument?: (url: string) => void;
  cursor?: CursorGuide;
  preferLinkClick: boolean;
  /** The visitor's language now (for what an action says to them). */
  locale(): string;
  /** A text of the model's as the visitor may see it: without the engine's. */
  visible(text: string): string;
  /** The run's signal: host questions come off the screen when it aborts. */
  runSignal: AbortSignal;
  /** The model's `pause` tool; resolves when the user continues, rejects when they stop. */
  pause(request: AgentPauseRequest): Promise<void>;
  /** The run's effect policy, for what the page does during an action that the gate did not foresee. */
  decideEffects(effects: readonly Effect[]): EffectVerdict;
  /** The visitor's question for a verdict that asks. */
  question(verdict: EffectVerdict): string;
  destructivePatterns: readonly RegExp[];
  /** The user answered a question asked during an action (about an effect the page set off). */
  confirmed(answer: ActionConfirmation): void;
}

export interface ActionConfirmation {
  step: number;
  actionIndex: number;
  callId: string;
  name: string;
  args: Record<string, unknown>;
  question: string;
  effects?: readonly DecidedEffect[];
  approved: boolean;
}

const BUILT_IN: ReadonlySet<string> = new Set(builtinActionNames());

export function toLoopTools(actions: readonly AgentAction[], bindings: ToolBindings): AnyLoopTool[] {
  return actions.map((action) => {
    const tool: LoopTool = {
      name: action.name,
      description: action.description,
      parameters: action.parameters,
      run: async (args, context) => {
        const ctx = actionContext(action.name, args, context, bindings);
        const run = () => action.run(args, ctx);
        // The page's own actions run inside the effect guard; a host's tools are the host's own doing.
        const guard = bindings.page.guard;
        if (!BUILT_IN.has(action.name) || !guard) return (await run()) as ToolResult;
        return (await guard.call(bindings.page, run, {
          approved: context.effects ?? [],
          decide: bindings.decideEffects,
          ask: (verdict) => askDuringAction(verdict, action.name, args, context, bindings),
          patterns: bindings.destructivePatterns,
          signal: context.signal,
        })) as ToolResult;
      },
    };
    if (action.requireConfirmation !== undefined) {
      const own = action.requireConfirmation;
      tool.requireConfirmation = typeof own === 'function' ? (args) => own(args) : own;
    }
    if (action.timeoutMs !== undefined) tool.timeoutMs = action.timeoutMs;
    return tool;
  });
}

/** The user took the question away without answering; the action tells the model so in its own words. */
class Dismissed extends Error {
  override readonly name = 'Dismissed';
  constructor() {
    super('');
  }
}

/**
 * The question about an effect the page set off during an action (the gate could not foresee it),
 * asked while the effect is held. With nobody to ask, it does not happen.
 */
async function askDuringAction(verdict: EffectVerdict, name: string, args: Record<string, unknown>, call: ToolContext, bindings: ToolBindings): Promise<boolean> {
  const { host, runSignal } = bindings;
  if (!host.confirm) return false;
  const question = bindings.question(verdict);
  const subject = verdict.effects.find((effect) => effect.subject)?.subject?.name ?? name;
  let approved = false;
  try {
    approved = (await host.confirm({ action: name, subject, message: question }, { signal: runSignal })) === true;
  } finally {
    if (!runSignal.aborted) {
      bindings.confirmed({ step: call.step, actionIndex: call.actionIndex, callId: call.callId, name, args, question, effects: verdict.effects, approved });
    }
  }
  return approved;
}

function actionContext(name: string, args: Record<string, unknown>, call: ToolContext, bindings: ToolBindings): ActionContext {
  const { host, page, runSignal } = bindings;
  const hostOptions = { signal: runSignal };
  const context: ActionContext = {
    signal: call.signal,
    resolve: (target) => page.resolve(target) ?? null,
    preferLinkClick: bindings.preferLinkClick,
    locale: bindings.locale(),
  };
  if (bindings.navigate) context.navigate = bindings.navigate;
  if (bindings.loadDocument) context.loadDocument = bindings.loadDocument;
  if (bindings.cursor) context.cursor = bindings.cursor;
  if (page.readText) {
    const readText = page.readText.bind(page);
    context.readText = (id) => readText(id);
  }
  if (host.confirm) {
    const confirm = host.confirm.bind(host);
    context.confirm = async (request: ConfirmRequest) => {
      let approved = false;
      try {
        approved = (await confirm(request, hostOptions)) === true;
      } finally {
        if (!runSignal.aborted) bindings.confirmed({ step: call.step, actionIndex: call.actionIndex, callId: call.callId, name, args, question: request.message, approved });
      }
      return approved;
    };
  }
  const { visible } = bindings;
  if (host.ask) {
    const ask = host.ask.bind(host);
    context.ask = async (question) => {
      const answer = await ask(visible(question), hostOptions);
      if (answer === null) throw new Dismissed();
      return answer;
    };
  }
  if (host.choose) {
    const choose = host.choose.bind(host);
    context.choose = async (question, choices) => {
      const answer = await choose(visible(question), choices.map(visible), hostOptions);
      if (answer === null) throw new Dismissed();
      return answer;
    };
  }
  if (host.pause) {
    context.pause = (message) => bindings.pause({ cause: 'tool', message, step: call.step, actionIndex: call.actionIndex });
  }
  if (host.track) {
    const track = host.track.bind(host);
    context.track = (name, props) => track(visible(name), visibleStrings(props, visible));
  }
  if (host.escalate) {
    const escalate = host.escalate.bind(host);
    context.escalate = (request: EscalationRequest) =>
      escalate({ ...request, reason: visible(request.reason), ...(request.summary !== undefined ? { summary: visible(request.summary) } : {}) });
  }
  return context;
}

/** A model-supplied value with every string in it as the visitor (or the host's analytics) may see it. */
function visibleStrings<T>(value: T, visible: (text: string) => string): T {
  if (typeof value === 'string') return visible(value) as T;
  if (Array.isArray(value)) return value.map((item) => visibleStrings(item, visible)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, visibleStrings(item, visible)])) as T;
  }
  return value;
}
