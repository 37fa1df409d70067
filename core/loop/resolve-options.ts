/** The loop's options checked and completed with defaults; every refusal names the field to fix. */
import { resolveEffectPolicy, type ResolvedEffectPolicy } from '../effects/effect-policy.js';
import { describeValue } from '../util/describe-value.js';
import { AGENT_TURN_TOOL } from './envelope-tool.js';
import { LoopError } from './loop-error.js';
import type { AnyLoopTool, EffectGateOptions, ToolOutputSource, LoopCheckpoint, LoopMode, LoopOptions } from './types.js';

export const LOOP_DEFAULTS = {
  mode: 'envelope' as LoopMode,
  maxSteps: 30,
  maxErrors: 3,
  retryDelayMs: 1_000,
  llmTimeoutMs: 60_000,
  toolTimeoutMs: 30_000,
};

export interface ResolvedLoopOptions
  extends Required<Pick<LoopOptions, 'llm' | 'tools' | 'prepareTurn' | 'maxSteps' | 'maxErrors' | 'retryDelayMs' | 'llmTimeoutMs' | 'toolTimeoutMs'>>,
    Pick<LoopOptions, 'signal' | 'thinking' | 'temperature' | 'maxTokens' | 'resume'> {
  mode: LoopMode;
  effects: EffectGateOptions;
  policy: ResolvedEffectPolicy;
  pace: 'self' | 'visitor';
  planned: boolean;
  reminder: (text: string) => string;
  fence: (text: string, source: ToolOutputSource) => string;
}

const WHERE = 'runLoop';
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function resolveLoopOptions(options: LoopOptions): ResolvedLoopOptions {
  if (!options || typeof options !== 'object') throw new TypeError(`${WHERE}: expected an options object; got ${describeValue(options)}.`);
  const { llm, tools, prepareTurn } = options;
  if (!llm || typeof llm.stream !== 'function') {
    throw new TypeError(`${WHERE}: \`llm\` must be an LLMProvider (an object with a \`stream()\` method); got ${describeValue(llm)}.`);
  }
  const mode = options.mode ?? LOOP_DEFAULTS.mode;
  if (mode !== 'envelope' && mode !== 'classic') throw new TypeError(`${WHERE}: \`mode\` must be "envelope" or "classic"; got ${describeValue(mode)}.`);
  if (!Array.isArray(tools) && typeof tools !== 'function') {
    throw new TypeError(`${WHERE}: \`tools\` must be an array of tools or a function returning one; got ${describeValue(tools)}.`);
  }
  if (typeof prepareTurn !== 'function') throw new TypeError(`${WHERE}: \`prepareTurn\` must be a function that returns { messages }; got ${describeValue(prepareTurn)}.`);
  for (const name of ['reminder', 'fence'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') throw new TypeError(`${WHERE}: \`${name}\` must be a function; got ${describeValue(options[name])}.`);
  }
  const effects = options.effects ?? {};
  if (typeof effects !== 'object' || effects === null) {
    throw new TypeError(`${WHERE}: \`effects\` must be an object { assess?, secretArgs?, policy?, locale? }; got ${describeValue(effects)}.`);
  }
  for (const hook of ['assess', 'secretArgs', 'locale'] as const) {
    if (effects[hook] !== undefined && typeof effects[hook] !== 'function') {
      throw new TypeError(`${WHERE}: \`effects.${hook}\` must be a function; got ${describeValue(effects[hook])}.`);
    }
  }
  const policy = resolveEffectPolicy(effects.policy, `${WHERE}: \`effects.policy\``);
  const pace = options.pace ?? 'self';
  if (pace !== 'self' && pace !== 'visitor') throw new TypeError(`${WHERE}: \`pace\` must be "self" or "visitor"; got ${describeValue(pace)}.`);
  if (options.resume !== undefined) checkCheckpoint(options.resume, mode);

  const resolved: ResolvedLoopOptions = {
    llm,
    mode,
    tools,
    prepareTurn,
    maxSteps: count(options.maxSteps, 'maxSteps', LOOP_DEFAULTS.maxSteps),
    maxErrors: count(options.maxErrors, 'maxErrors', LOOP_DEFAULTS.maxErrors),
    retryDelayMs: milliseconds(options.retryDelayMs, 'retryDelayMs', LOOP_DEFAULTS.retryDelayMs, true),
    llmTimeoutMs: milliseconds(options.llmTimeoutMs, 'llmTimeoutMs', LOOP_DEFAULTS.llmTimeoutMs, false),
    toolTimeoutMs: milliseconds(options.toolTimeoutMs, 'toolTimeoutMs', LOOP_DEFAULTS.toolTimeoutMs, false),
    effects,
    policy,
    pace,
    planned: options.planned === true,
    reminder: options.reminder ?? ((text) => text),
    fence: options.fence ?? ((text) => text),
  };
  if (options.signal !== undefined) resolved.signal = options.signal;
  if (options.thinking !== undefined) resolved.thinking = options.thinking;
  if (options.temperature !== undefined) resolved.temperature = options.temperature;
  if (options.maxTokens !== undefined) resolved.maxTokens = options.maxTokens;
  if (options.resume !== undefined) resolved.resume = options.resume;
  return resolved;
}

function count(value: number | undefined, field: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`${WHERE}: \`${field}\` must be a positive integer; got ${describeValue(value)}.`);
  return value;
}

function milliseconds(value: number | undefined, field: string, fallback: number, zeroAllowed: boolean): number {
  if (value === undefined) return fallback;
  const valid = typeof value === 'number' && Number.isFinite(value) && (zeroAllowed ? value >= 0 : value > 0);
  if (!valid) throw new TypeError(`${WHERE}: \`${field}\` must be a ${zeroAllowed ? 'non-negative' : 'positive'} number of milliseconds; got ${describeValue(value)}.`);
  return value;
}

function checkCheckpoint(checkpoint: LoopCheckpoint, mode: LoopMode): void {
  const bad = (problem: string) => new TypeError(`${WHERE}: \`resume\` ${problem}; pass the \`checkpoint\` of a \`step\` or \`final\` event.`);
  if (!checkpoint || typeof checkpoint !== 'object') throw bad(`must be a checkpoint object, got ${describeValue(checkpoint)}`);
  if (checkpoint.version !== 1) throw bad(`has version ${describeValue(checkpoint.version)}, which this loop cannot read`);
  if (checkpoint.mode !== mode) throw bad(`was taken in ${JSON.stringify(checkpoint.mode)} mode, but \`mode\` is "${mode}"`);
  if (!Number.isInteger(checkpoint.step) || checkpoint.step < 0) throw bad(`has an invalid \`step\` (${describeValue(checkpoint.step)})`);
  const transcript = checkpoint.transcript;
  if (!transcript || !Array.isArray(transcript.messages) || !Array.isArray(transcript.records)) throw bad('has no `transcript` with `messages` and `records` arrays');
  const pending = checkpoint.pendingTurn;
  if (pending !== undefined && (!pending || !Array.isArray(pending.actions) || !Number.isInteger(pending.step))) {
    throw bad('has a `pendingTurn` without `step` and `actions`');
  }
}

/** Reads the tools for one step and checks them, so that a bad registration fails loudly and early. */
export function readTools(options: ResolvedLoopOptions): readonly AnyLoopTool[] {
  const list = typeof options.tools === 'function' ? options.tools() : options.tools;
  if (!Array.isArray(list)) throw new LoopError('invalid_config', `${WHERE}: the \`tools\` function must return an array of tools; it returned ${describeValue(list)}.`);
  const seen = new Set<string>();
  for (const tool of list as readonly AnyLoopTool[]) {
    const name = tool?.name;
    if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
      throw new LoopError('invalid_config', `${WHERE}: a tool's \`name\` must be 1–64 letters, digits, "_" or "-"; got ${describeValue(name)}.`);
    }
    if (seen.has(name)) throw new LoopError('invalid_config', `${WHERE}: two tools are named "${name}"; tool names must be unique.`);
    seen.add(name);
    if (options.mode === 'envelope' && name === AGENT_TURN_TOOL) {
      throw new LoopError('invalid_config', `${WHERE}: "${AGENT_TURN_TOOL}" is the envelope's own tool; rename the tool that uses it.`);
    }
    if (typeof tool.run !== 'function') throw new LoopError('invalid_config', `${WHERE}: the tool "${name}" has no \`run\` function.`);
    if (typeof tool.description !== 'string') throw new LoopError('invalid_config', `${WHERE}: the tool "${name}" needs a \`description\` string.`);
    if (!tool.parameters || typeof tool.parameters !== 'object') {
      throw new LoopError('invalid_config', `${WHERE}: the tool "${name}" needs \`parameters\`, a JSON Schema object such as { type: "object", properties: {} }.`);
    }
    if (tool.timeoutMs !== undefined && !(typeof tool.timeoutMs === 'number' && tool.timeoutMs > 0)) {
      throw new LoopError('invalid_config', `${WHERE}: the tool "${name}" has \`timeoutMs\` ${describeValue(tool.timeoutMs)}; use a positive number of milliseconds.`);
    }
  }
  return list;
}
