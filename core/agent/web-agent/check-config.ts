/**
 * The web agent's configuration checked field by field, and the task; every refusal names the field.
 * The controller runs these at creation, so they load at first paint; the defaults and the resolved
 * configuration (`resolve-config.ts`) come with the agent.
 */
import { describeValue } from '../../util/describe-value.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { resolveEffectPolicy } from '../../effects/effect-policy.js';
import { isLLMProvider, isLLMRouter } from '../../llm/router.js';
import { checkContextProviders } from './context-roles.js';
import type { WebAgentConfig, WebAgentScreenshotConfig } from './agent-config.types.js';

/** Longest task accepted, in characters: far beyond a typed request, short of a pasted document. */
export const MAX_TASK_LENGTH = 4_000;

export const WEB_AGENT_CONFIG_FIELDS = [
  'llm', 'locale', 'mode',
  'agentName', 'siteName', 'persona', 'brand', 'sitemap', 'systemPrompt', 'appendSystemPrompt', 'prompts',
  'domFilter', 'domMaxLength', 'screenshot', 'contextProviders', 'contextProviderTimeoutMs',
  'bundles', 'customActions', 'actionOverrides', 'excludeTools', 'navigate', 'cursor', 'preferLinkClick', 'overlayLingerMs',
  'maxSteps', 'maxErrors', 'llmTimeoutMs', 'toolTimeoutMs', 'retryDelayMs', 'effects', 'pace', 'thinking', 'temperature',
  'maxTurnsInPrompt', 'maxPromptTokens',
  'planner', 'announcePlan', 'plannerDomMaxLength',
  'sessionStorageKey', 'sessionContinuityMs', 'sessionScope', 'crossTabSync', 'sessionStorage', 'onSessionEvent',
  'fence', 'reminder', 'host', 'onEvent', 'page',
] as const satisfies readonly (keyof WebAgentConfig)[];

const FUNCTIONS = ['domFilter', 'navigate', 'onSessionEvent', 'fence', 'reminder', 'onEvent'] as const;
const FLAGS = ['cursor', 'preferLinkClick', 'announcePlan', 'crossTabSync'] as const;
const TEXTS = ['agentName', 'siteName', 'appendSystemPrompt', 'sessionStorageKey'] as const;
const POSITIVE_INTEGERS = ['maxSteps', 'maxErrors', 'domMaxLength', 'plannerDomMaxLength'] as const;
const POSITIVE_MS = ['llmTimeoutMs', 'toolTimeoutMs', 'contextProviderTimeoutMs'] as const;
const NON_NEGATIVE = ['retryDelayMs', 'maxTurnsInPrompt', 'maxPromptTokens', 'sessionContinuityMs', 'overlayLingerMs'] as const;
const NAME_LISTS = ['bundles', 'excludeTools'] as const;
const PAGE_METHODS = ['read', 'resolve', 'location', 'settle', 'clear'] as const;

/**
 * Checks a configuration. With `partial` (the controller's `agent` field) `llm` may be absent. Throws a
 * TypeError that starts with `where` and names the field.
 */
export function checkWebAgentConfig(config: unknown, where: string, partial = false): asserts config is Partial<WebAgentConfig> {
  if (!isPlainObject(config)) throw new TypeError(`${where} must be a plain object, got ${describeValue(config)}`);
  const field = (name: string) => `${where}.${name}`;
  const bad = (name: string, wanted: string, value: unknown) => new TypeError(`${field(name)} must be ${wanted}, got ${describeValue(value)}`);
  for (const key of Object.keys(config)) {
    if (!(WEB_AGENT_CONFIG_FIELDS as readonly string[]).includes(key)) {
      throw new TypeError(`${where} has an unknown field "${key}"; the fields are ${WEB_AGENT_CONFIG_FIELDS.join(', ')}`);
    }
  }
  const value = config as Record<string, unknown>;
  if (value.llm === undefined ? !partial : !isLLMProvider(value.llm) && !isLLMRouter(value.llm)) {
    throw bad('llm', 'an LLM provider (e.g. openAICompatible(…)) or a router { webagent, plan?, … }', value.llm);
  }
  if (value.mode !== undefined && value.mode !== 'envelope' && value.mode !== 'classic') throw bad('mode', '"envelope" or "classic"', value.mode);
  if (value.locale !== undefined && (typeof value.locale !== 'string' || value.locale.trim() === '')) throw bad('locale', 'a BCP 47 tag such as "en"', value.locale);
  for (const name of FUNCTIONS) if (value[name] !== undefined && typeof value[name] !== 'function') throw bad(name, 'a function', value[name]);
  for (const name of FLAGS) if (value[name] !== undefined && typeof value[name] !== 'boolean') throw bad(name, 'true or false', value[name]);
  for (const name of TEXTS) if (value[name] !== undefined && (typeof value[name] !== 'string' || value[name] === '')) throw bad(name, 'a non-empty string', value[name]);
  for (const name of POSITIVE_INTEGERS) {
    const number = value[name];
    if (number !== undefined && !(Number.isInteger(number) && (number as number) > 0)) throw bad(name, 'a positive integer', number);
  }
  for (const name of POSITIVE_MS) {
    const number = value[name];
    if (number !== undefined && !(typeof number === 'number' && Number.isFinite(number) && number > 0)) throw bad(name, 'a positive number of milliseconds', number);
  }
  for (const name of NON_NEGATIVE) {
    const number = value[name];
    if (number !== undefined && !(typeof number === 'number' && Number.isFinite(number) && number >= 0)) throw bad(name, 'a non-negative number', number);
  }
  for (const name of NAME_LISTS) {
    const list = value[name];
    if (list !== undefined && !(Array.isArray(list) && list.every((item) => typeof item === 'string'))) throw bad(name, 'an array of names', list);
  }
  if (value.effects !== undefined) resolveEffectPolicy(value.effects as WebAgentConfig['effects'], field('effects'));
  if (value.pace !== undefined && value.pace !== 'self' && value.pace !== 'visitor') throw bad('pace', '"self" or "visitor"', value.pace);
  if (value.customActions !== undefined) {
    if (!Array.isArray(value.customActions)) throw bad('customActions', 'an array of actions { name, description, parameters, run }', value.customActions);
    value.customActions.forEach((action: unknown, index) => checkAction(action, `${field('customActions')}[${index}]`));
  }
  if (value.actionOverrides !== undefined && !isPlainObject(value.actionOverrides)) {
    throw bad('actionOverrides', 'an object keyed by action name', value.actionOverrides);
  }
  if (value.planner !== undefined && typeof value.planner !== 'boolean' && typeof value.planner !== 'function') {
    throw bad('planner', 'true, false or a function (input) => Promise<TaskPlan>', value.planner);
  }
  if (value.sessionScope !== undefined && value.sessionScope !== 'time' && value.sessionScope !== 'palette') {
    throw bad('sessionScope', '"time" or "palette"', value.sessionScope);
  }
  const storage = value.sessionStorage;
  if (storage !== undefined && storage !== 'session' && storage !== 'local' && storage !== 'memory') {
    const adapter = storage as Record<string, unknown> | null;
    if (!adapter || typeof adapter.get !== 'function' || typeof adapter.set !== 'function' || typeof adapter.remove !== 'function') {
      throw bad('sessionStorage', '"session", "local", "memory" or an adapter { get, set, remove }', storage);
    }
  }
  if (value.screenshot !== undefined) checkScreenshot(value.screenshot, field('screenshot'));
  if (value.contextProviders !== undefined) checkContextProviders(value.contextProviders, field('contextProviders'));
  if (value.host !== undefined && (typeof value.host !== 'object' || value.host === null)) throw bad('host', 'an object of handlers', value.host);
  if (value.page !== undefined) {
    const page = value.page as Record<string, unknown> | null;
    const missing = PAGE_METHODS.filter((name) => typeof page?.[name] !== 'function');
    if (!page || typeof page !== 'object' || missing.length > 0) {
      throw bad('page', `an object with ${PAGE_METHODS.join(', ')} methods${page && typeof page === 'object' ? ` (it lacks ${missing.join(', ')})` : ''}`, page);
    }
  }
}

export const SCREENSHOT_CONFIG_FIELDS = ['enabled', 'mode', 'scale', 'quality', 'maxImages', 'maxSegmentHeight', 'capture'] as const satisfies readonly (keyof WebAgentScreenshotConfig)[];

/** Number fields of `screenshot`, with the range the capture works in. */
const SCREENSHOT_RANGES = {
  scale: { min: 0.1, max: 2, integer: false, wanted: 'a resolution factor from 0.1 to 2 (1 = full size)' },
  quality: { min: 0.1, max: 1, integer: false, wanted: 'a JPEG quality from 0.1 to 1' },
  maxImages: { min: 1, max: 10, integer: true, wanted: 'an integer from 1 to 10' },
  maxSegmentHeight: { min: 200, max: 16_000, integer: true, wanted: 'an integer from 200 to 16000 (CSS pixels)' },
} as const;

function checkScreenshot(screenshot: unknown, where: string): void {
  if (!isPlainObject(screenshot)) {
    throw new TypeError(`${where} must be an object such as { enabled: true, mode: "viewport" }, got ${describeValue(screenshot)}`);
  }
  for (const key of Object.keys(screenshot)) {
    if (!(SCREENSHOT_CONFIG_FIELDS as readonly string[]).includes(key)) {
      throw new TypeError(`${where} has an unknown field "${key}"; the fields are ${SCREENSHOT_CONFIG_FIELDS.join(', ')}`);
    }
  }
  const value = screenshot as Record<string, unknown>;
  const bad = (name: string, wanted: string) => new TypeError(`${where}.${name} must be ${wanted}, got ${describeValue(value[name])}`);
  if (value.enabled !== undefined && typeof value.enabled !== 'boolean') throw bad('enabled', 'true or false');
  if (value.mode !== undefined && value.mode !== 'viewport' && value.mode !== 'full-page') throw bad('mode', '"viewport" or "full-page"');
  if (value.capture !== undefined && typeof value.capture !== 'function') throw bad('capture', 'a function (mode) => Promise<string[]> returning image URLs');
  for (const [name, range] of Object.entries(SCREENSHOT_RANGES)) {
    const number = value[name];
    if (number === undefined) continue;
    const fits = typeof number === 'number' && Number.isFinite(number) && number >= range.min && number <= range.max && (!range.integer || Number.isInteger(number));
    if (!fits) throw bad(name, range.wanted);
  }
}

/** A tool registered by the host, checked before it can break a turn. */
export function checkAction(action: unknown, where: string): void {
  const candidate = action as Record<string, unknown> | null;
  if (!candidate || typeof candidate !== 'object') throw new TypeError(`${where} must be an action { name, description, parameters, run }, got ${describeValue(action)}`);
  if (typeof candidate.name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(candidate.name)) {
    throw new TypeError(`${where}.name must be 1–64 letters, digits, "_" or "-", got ${describeValue(candidate.name)}`);
  }
  if (typeof candidate.description !== 'string' || candidate.description.trim() === '') {
    throw new TypeError(`${where}.description must be a non-empty string (the model reads it to decide when to use "${candidate.name}")`);
  }
  if (!isPlainObject(candidate.parameters)) {
    throw new TypeError(`${where}.parameters must be a JSON Schema object such as { type: "object", properties: {} }, got ${describeValue(candidate.parameters)}`);
  }
  if (typeof candidate.run !== 'function') throw new TypeError(`${where}.run must be a function (args, ctx) => Promise<ActionResult>`);
}

/** The task as given, or a TypeError that names `argument`. */
export function checkTask(task: unknown, where: string): string {
  if (typeof task !== 'string' || task.trim() === '') {
    throw new TypeError(`${where}: task must be a non-empty string (what the user asked), got ${describeValue(task)}`);
  }
  if (task.length > MAX_TASK_LENGTH) {
    throw new TypeError(`${where}: task has ${task.length} characters; it must be at most ${MAX_TASK_LENGTH}`);
  }
  return task.trim();
}
