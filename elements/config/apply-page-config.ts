import { peekDefaultController, isDefaultControllerAutomatic } from '../../core/controller/registry.js';
import { createDddk, type DddkConfig, type DddkController } from '../../core/controller/create-dddk.js';
import { setDefaultController } from '../../core/controller/default-controller.js';
import { addStrings } from '../../core/i18n/string-registry.js';
import type { HostStrings } from '../../core/i18n/string-tables.js';
import { openAICompatible } from '../../core/llm/openai-compatible.js';
import { controllerPalette } from '../../core/palette/controller-palette.js';
import { reportDeclaredSkillProblems } from './apply-declared-skills.js';
import { parsePageConfig } from './parse-page-config.js';
import type { PageConfig, PageConfigProblem } from './page-config.types.js';

import { PAGE_CONFIG_SELECTOR } from './page-config-selector.js';

export { PAGE_CONFIG_SELECTOR };

/** What applying one `<script data-dddk-config>` gave. */
export interface AppliedPageConfig {
  script: HTMLScriptElement;
  /** The fields that passed, or `undefined` when the JSON could not be read. */
  config: PageConfig | undefined;
  controller: DddkController | undefined;
  problems: PageConfigProblem[];
}

// Scripts already applied, shared across copies of dddk on the page, so loading the drop-in twice
// does not try to create the same controller twice.
const APPLIED_KEY = Symbol.for('dddk.page-config.applied.v1');
function appliedScripts(): WeakSet<Element> {
  const holder = globalThis as { [APPLIED_KEY]?: WeakSet<Element> };
  return (holder[APPLIED_KEY] ??= new WeakSet());
}

/**
 * Applies every page config in `root` not applied yet: host strings and theme, then the
 * controller (`createDddk`), the page default and the palette items. Never throws: each problem is
 * logged with `console.error` and dispatched as `dddk-config-error` on its script.
 */
export function applyPageConfigs(root: ParentNode = document): AppliedPageConfig[] {
  const applied = appliedScripts();
  const results: AppliedPageConfig[] = [];
  for (const script of root.querySelectorAll<HTMLScriptElement>(PAGE_CONFIG_SELECTOR)) {
    if (applied.has(script)) continue;
    applied.add(script);
    const { config, problems } = parsePageConfig(script.textContent ?? '');
    const controller = config ? applyConfig(config, problems, (later) => report(script, later)) : undefined;
    if (problems.length > 0) report(script, problems);
    results.push({ script, config, controller, problems });
  }
  return results;
}

/** Applies the page's configs once the document has been parsed (at once when it already has). */
export function applyPageConfigsOnLoad(): void {
  if (typeof document === 'undefined') return;
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => applyPageConfigs(), { once: true });
  } else {
    applyPageConfigs();
  }
}

function applyConfig(config: PageConfig, problems: PageConfigProblem[], reportLater: (problems: PageConfigProblem[]) => void): DddkController | undefined {
  for (const [locale, tables] of Object.entries(config.strings ?? {})) {
    attempt(problems, `strings.${locale}`, () => addStrings(locale, tables as HostStrings));
  }
  applyTheme(config);

  const settings: DddkConfig = {};
  for (const field of ['id', 'locale', 'siteName', 'agentName', 'persona', 'sitemap'] as const) {
    if (config[field] !== undefined) Object.assign(settings, { [field]: config[field] });
  }
  if (config.llm) {
    const { baseURL, model, label } = config.llm;
    attempt(problems, 'llm', () => {
      // A path such as /api/llm is the site's own proxy: resolve it against the page.
      settings.llm = openAICompatible({ baseURL: new URL(baseURL, document.baseURI).href, model, ...(label ? { label } : {}) });
    });
  }
  if (config.skills && config.skills.length > 0) settings.declaredSkills = config.skills;
  const controller = attempt(problems, config.id !== undefined ? 'id' : '(controller)', () => createDddk(settings));
  if (!controller) return undefined;
  if (settings.declaredSkills) reportDeclaredSkillProblems(controller, reportLater);

  // Tags without `for` use this controller, unless the host already chose a default itself.
  const hostDefault = peekDefaultController();
  const becomesDefault = config.default !== false && (!hostDefault || hostDefault.destroyed || isDefaultControllerAutomatic());
  if (becomesDefault) setDefaultController(controller);

  const items = config.palette?.items;
  // Registered on the controller's palette, so every <dddk-palette> of this controller lists them,
  // including one added to the page later. Items a tag sets itself are added beside them (an item
  // with the same id replaces the config's).
  if (items && items.length > 0) attempt(problems, 'palette.items', () => controllerPalette(controller).addItems(items));
  return controller;
}

function applyTheme(config: PageConfig): void {
  const html = document.documentElement;
  if (config.theme === 'auto') html.removeAttribute('data-dddk-theme');
  else if (config.theme) html.setAttribute('data-dddk-theme', config.theme);
  for (const [name, value] of Object.entries(config.tokens ?? {})) html.style.setProperty(name, value);
}

function attempt<T>(problems: PageConfigProblem[], field: string, action: () => T): T | undefined {
  try {
    return action();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    problems.push({ field, message: `page config: ${field}: ${reason}` });
    return undefined;
  }
}

function report(script: HTMLScriptElement, problems: PageConfigProblem[]): void {
  for (const problem of problems) console.error(`dddk: ${problem.message}`);
  script.dispatchEvent(new CustomEvent('dddk-config-error', { bubbles: true, composed: true, detail: { problems } }));
}
