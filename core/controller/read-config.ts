import { checkWebAgentConfig } from '../agent/web-agent/check-config.js';
import { checkOnLoopEnd } from '../agent/web-agent/wiring/on-loop-end.js';
import { checkToolOptions } from '../agent/web-agent/wiring/tool-options.js';
import { describeValue } from '../util/describe-value.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { createLLMRouter, isLLMProvider } from '../llm/router.js';
import type { LLMRouter, LLMSource } from '../llm/types.js';
import type { ControllerMemoryConfig } from '../memory/controller/controller-memory.types.js';
import type { SkillOptions } from '../skills/controller/skill-options.types.js';
import type { Skill } from '../skills/skill.types.js';
import type { DddkConfig } from './controller.types.js';

/** Checks `createDddk`'s config up front, so a mistake shows when the controller is made, naming the field. */

const CONFIG_FIELDS = [
  'id',
  'locale',
  'llm',
  'intentBufferSize',
  'navigate',
  'sitemap',
  'siteName',
  'agentName',
  'persona',
  'agent',
  'onLoopEnd',
  'offlineNotice',
  'skills',
  'declaredSkills',
  'skillOptions',
  'memory',
] as const;
const DEFAULT_INTENT_BUFFER_SIZE = 100;

/** Creates the controller that owns the event bus, the intent stream and the headless models. */

/** The config fields that only the agent reads, passed through as given. */
export type AgentSettings = Pick<DddkConfig, 'navigate' | 'sitemap' | 'siteName' | 'agentName' | 'persona' | 'agent' | 'onLoopEnd'>;

export interface Settings extends AgentSettings {
  id: string | undefined;
  locale: string;
  llm: LLMSource | undefined;
  intentBufferSize: number;
  /** Whether the offline notice may show (it still needs the agent to be offline), and for how long. */
  offlineNotice: { enabled: boolean; autoHideMs?: number };
  /** The config's skills, each checked in full when the skills' code loads. */
  skills: readonly Skill[];
  declaredSkills: readonly unknown[];
  skillOptions: SkillOptions | undefined;
  /** The memory's config; its shape only is checked here, the rest as its code loads. */
  memory: ControllerMemoryConfig | undefined;
}

export function readConfig(config: unknown): Settings {
  if (!isPlainObject(config)) {
    throw new TypeError(`createDddk(config): config must be a plain object, got ${describeValue(config)}`);
  }
  for (const key of Object.keys(config)) {
    if (!(CONFIG_FIELDS as readonly string[]).includes(key)) {
      throw new TypeError(`createDddk(config): unknown field config.${key}; known fields are ${CONFIG_FIELDS.join(', ')}`);
    }
  }
  const { id, locale, llm, intentBufferSize } = config as DddkConfig;
  if (id !== undefined && (typeof id !== 'string' || id.trim() === '')) {
    throw new TypeError(`createDddk(config): config.id must be a non-empty string, got ${describeValue(id)}`);
  }
  if (
    intentBufferSize !== undefined &&
    (typeof intentBufferSize !== 'number' || !Number.isInteger(intentBufferSize) || intentBufferSize < 0)
  ) {
    throw new TypeError(
      `createDddk(config): config.intentBufferSize must be a non-negative integer, got ${describeValue(intentBufferSize)}`,
    );
  }
  const settings: Settings = {
    id,
    locale: locale === undefined ? environmentLocale() : canonicalLocale(locale, 'createDddk(config): config.locale'),
    llm: llm === undefined ? undefined : checkLlmSource(llm),
    intentBufferSize: intentBufferSize ?? DEFAULT_INTENT_BUFFER_SIZE,
    offlineNotice: readOfflineNotice((config as DddkConfig).offlineNotice),
    ...readSkillsConfig(config as DddkConfig),
    memory: readMemoryConfig((config as DddkConfig).memory),
  };
  Object.assign(settings, readAgentConfig(config as DddkConfig));
  return settings;
}

/** The agent's settings, checked now so that a mistake shows at `createDddk`, not at the first run. */
function readAgentConfig(config: DddkConfig): Partial<Settings> {
  const where = 'createDddk(config): config';
  const { navigate, sitemap, siteName, agentName, persona, agent, onLoopEnd } = config;
  const read: Partial<Settings> = {};
  if (navigate !== undefined) {
    if (typeof navigate !== 'function') throw new TypeError(`${where}.navigate must be a function (path) => void | Promise<void> (your router), got ${describeValue(navigate)}`);
    read.navigate = navigate;
  }
  if (sitemap !== undefined) {
    if (typeof sitemap !== 'object' || sitemap === null) throw new TypeError(`${where}.sitemap must be a site map tree { title, children } or a list of { path, description }, got ${describeValue(sitemap)}`);
    read.sitemap = sitemap;
  }
  for (const [name, value] of [['siteName', siteName], ['agentName', agentName]] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`${where}.${name} must be a non-empty string, got ${describeValue(value)}`);
    read[name] = value;
  }
  if (persona !== undefined) {
    const valid = (typeof persona === 'string' && persona.trim() !== '') || (isPlainObject(persona) && typeof persona.identity === 'string');
    if (!valid) throw new TypeError(`${where}.persona must be a string or { identity, voice?, constraints? }, got ${describeValue(persona)}`);
    read.persona = persona;
  }
  if (agent !== undefined) {
    checkWebAgentConfig(agent, `${where}.agent`, true);
    for (const field of ['host', 'onEvent'] as const) {
      if ((agent as Record<string, unknown>)[field] !== undefined) {
        throw new TypeError(`${where}.agent.${field} cannot be set: the controller routes the agent through its subtitle bar and events; subscribe with dddk.on('agent_…') instead`);
      }
    }
    // Unknown names in excludeTools or actionOverrides fail here rather than at the first run.
    checkToolOptions(agent, `${where}.agent`);
    read.agent = agent;
  }
  if (onLoopEnd !== undefined) {
    checkOnLoopEnd(onLoopEnd, `${where}.onLoopEnd`);
    read.onLoopEnd = onLoopEnd;
  }
  return read;
}

const SKILL_OPTION_FIELDS = ['storage', 'secretStorage', 'sessionStorage', 'visitor', 'targetTimeoutMs'];

/** The shape only: each skill is checked in full (naming its field) with the skills' code, which the first paint does not load. */
function readSkillsConfig({ skills, declaredSkills, skillOptions }: DddkConfig): Pick<Settings, 'skills' | 'declaredSkills' | 'skillOptions'> {
  for (const [name, list] of [['skills', skills], ['declaredSkills', declaredSkills]] as const) {
    if (list !== undefined && (!Array.isArray(list) || list.some((skill) => !isPlainObject(skill)))) {
      throw new TypeError(`createDddk(config): config.${name} must be an array of skills ({ id, name, kind, … }, see core/skills/README.md), got ${describeValue(list)}`);
    }
  }
  if (skillOptions !== undefined) {
    const unknown = isPlainObject(skillOptions) ? Object.keys(skillOptions).find((key) => !SKILL_OPTION_FIELDS.includes(key)) : undefined;
    if (!isPlainObject(skillOptions) || unknown !== undefined) {
      throw new TypeError(`createDddk(config): config.skillOptions must be an object of ${SKILL_OPTION_FIELDS.join(', ')}${unknown !== undefined ? `; "${unknown}" is none of them` : `, got ${describeValue(skillOptions)}`}`);
    }
    const timeout = skillOptions.targetTimeoutMs;
    if (timeout !== undefined && (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0)) {
      throw new TypeError(`createDddk(config): config.skillOptions.targetTimeoutMs must be a positive number of ms, got ${describeValue(timeout)}`);
    }
  }
  return { skills: [...(skills ?? [])], declaredSkills: [...(declaredSkills ?? [])], skillOptions };
}

function readMemoryConfig(memory: unknown): ControllerMemoryConfig | undefined {
  if (memory === undefined) return undefined;
  if (!isPlainObject(memory)) throw new TypeError(`createDddk(config): config.memory must be an object of the tiers to turn on ({ core, episodic, drawer }, privacy, store), got ${describeValue(memory)}`);
  return memory as ControllerMemoryConfig;
}

function readOfflineNotice(value: DddkConfig['offlineNotice']): Settings['offlineNotice'] {
  if (value === undefined || typeof value === 'boolean') return { enabled: value !== false };
  const autoHideMs = isPlainObject(value) ? value.autoHideMs : undefined;
  const validTime = autoHideMs === undefined || (typeof autoHideMs === 'number' && Number.isFinite(autoHideMs) && autoHideMs > 0);
  if (!isPlainObject(value) || !validTime || Object.keys(value).some((key) => key !== 'autoHideMs')) {
    throw new TypeError(`createDddk(config): config.offlineNotice must be true, false or { autoHideMs: a positive number of ms }, got ${describeValue(value)}`);
  }
  return autoHideMs === undefined ? { enabled: true } : { enabled: true, autoHideMs };
}

function environmentLocale(): string {
  const language = (globalThis as { navigator?: { language?: unknown } }).navigator?.language;
  if (typeof language === 'string' && language) {
    try {
      return Intl.getCanonicalLocales(language)[0] ?? 'en';
    } catch {
      // A browser that reports a malformed tag gets the kit's default language.
    }
  }
  return 'en';
}

export function canonicalLocale(value: unknown, label: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`${label} must be a BCP 47 language tag such as "en" or "zh-TW", got ${describeValue(value)}`);
  }
  try {
    return Intl.getCanonicalLocales(value.trim())[0] ?? value.trim();
  } catch {
    throw new RangeError(`${label} "${value}" is not a valid BCP 47 language tag (e.g. "en", "zh-TW")`);
  }
}

/** A provider is used as given; a router is checked role by role and kept as a frozen copy. */
function checkLlmSource(value: unknown): LLMSource {
  if (isLLMProvider(value)) return value;
  if (typeof value === 'object' && value !== null && 'webagent' in value) {
    return createLLMRouter(value as LLMRouter, 'config.llm');
  }
  throw new TypeError(
    'createDddk(config): config.llm must be an LLM provider (an object with name, complete() and stream(), e.g. from ' +
      `openAICompatible()) or a router ({ webagent: provider, vision?, utility?, plan?, task? }); got ${describeValue(value)}` +
      missingProviderMembers(value),
  );
}

// Names what a provider-like object lacks, the likeliest mistake when wrapping a custom client.
function missingProviderMembers(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const candidate = value as Partial<Record<'name' | 'complete' | 'stream', unknown>>;
  const missing = [
    typeof candidate.name === 'string' ? '' : 'name',
    typeof candidate.complete === 'function' ? '' : 'complete()',
    typeof candidate.stream === 'function' ? '' : 'stream()',
  ].filter(Boolean);
  return missing.length < 3 ? ` without ${missing.join(', ')}` : '';
}
