import { describeValue } from '../util/describe-value.js';
import { ID_PATTERN } from '../util/id-pattern.js';
import { checkUrl } from '../surface/url-policy.js';
import { BUILTIN_ICONS, type PaletteAction, type PaletteItem } from './palette-item.types.js';

const ACTION_KINDS = new Set(['copy', 'insert', 'open-url', 'navigate', 'agent-task', 'render-surface', 'run-skill', 'custom']);
/** A text icon is a glyph or two (an emoji with modifiers can take a dozen code units), never markup. */
const MAX_TEXT_ICON_LENGTH = 16;
const MAX_TEXT_LENGTH = 2000;

function fail(where: string, message: string): never {
  throw new TypeError(`${where}: ${message}`);
}

function checkText(where: string, value: unknown, optional: boolean): void {
  if (value === undefined && optional) return;
  if (typeof value !== 'string') fail(where, `must be a string, got ${describeValue(value)}`);
  if (value.length > MAX_TEXT_LENGTH) fail(where, `is ${value.length} characters long; keep it under ${MAX_TEXT_LENGTH}`);
}

function checkStringList(where: string, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) fail(where, `must be an array of strings, got ${describeValue(value)}`);
  value.forEach((entry, i) => checkText(`${where}[${i}]`, entry, false));
}

function checkBoolean(where: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean') fail(where, `must be true or false, got ${describeValue(value)}`);
}

function checkFunctionOr(where: string, value: unknown, what: string, isOther: (value: unknown) => boolean): void {
  if (value === undefined || typeof value === 'function' || isOther(value)) return;
  fail(where, `must be ${what}, got ${describeValue(value)}`);
}

export function checkIcon(where: string, icon: unknown): void {
  if (icon === undefined) return;
  if (typeof icon === 'string') {
    if (icon.length === 0 || icon.length > MAX_TEXT_ICON_LENGTH) {
      fail(where, `must be a short text such as an emoji (1 to ${MAX_TEXT_ICON_LENGTH} characters) or { builtin: name }, got ${describeValue(icon)}`);
    }
    if (/[<>&]/.test(icon)) fail(where, `is drawn as text, not markup; remove "<", ">" and "&" (got ${describeValue(icon)})`);
    return;
  }
  const name = (icon as { builtin?: unknown } | null)?.builtin;
  if (typeof name !== 'string' || !(BUILTIN_ICONS as readonly string[]).includes(name)) {
    fail(where, `must be a short text or { builtin: ${BUILTIN_ICONS.map((n) => JSON.stringify(n)).join(' | ')} }, got ${describeValue(icon)}`);
  }
}

function checkPrefix(where: string, prefix: unknown): void {
  if (prefix === undefined) return;
  const list = (value: unknown, at: string) => {
    const entries = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(entries) || entries.length === 0) fail(at, `must be a non-empty string or a non-empty array of them, got ${describeValue(value)}`);
    entries.forEach((entry, i) => {
      if (typeof entry !== 'string' || entry.trim() === '') fail(`${at}[${i}]`, `must be a non-empty string, got ${describeValue(entry)}`);
    });
  };
  if (typeof prefix === 'string' || Array.isArray(prefix)) return list(prefix, where);
  if (typeof prefix !== 'object' || prefix === null) fail(where, `must be a string, an array of strings or { match, display }, got ${describeValue(prefix)}`);
  list((prefix as { match?: unknown }).match, `${where}.match`);
  checkText(`${where}.display`, (prefix as { display?: unknown }).display, true);
}

function checkAction(where: string, action: unknown): void {
  if (typeof action !== 'object' || action === null) fail(where, `must be an action object, got ${describeValue(action)}`);
  const a = action as Partial<PaletteAction> & Record<string, unknown>;
  if (typeof a.kind !== 'string' || !ACTION_KINDS.has(a.kind)) {
    fail(`${where}.kind`, `must be one of ${[...ACTION_KINDS].join(', ')}, got ${describeValue(a.kind)}`);
  }
  checkText(`${where}.title`, a.title, true);
  checkText(`${where}.shortcut`, a.shortcut, true);
  checkIcon(`${where}.icon`, a.icon);
  switch (a.kind) {
    case 'copy':
    case 'insert':
      return checkText(`${where}.text`, a.text, false);
    case 'agent-task':
      return checkText(`${where}.task`, a.task, false);
    case 'navigate':
      checkText(`${where}.path`, a.path, false);
      if (!String(a.path).startsWith('/') && !/^https?:\/\//i.test(String(a.path))) fail(`${where}.path`, `must start with "/" (a path on this site), got ${describeValue(a.path)}`);
      return;
    case 'open-url': {
      checkText(`${where}.url`, a.url, false);
      // `{q}` stands for an argument that is URL-encoded when substituted, so check the URL around it;
      // one that is all argument is checked when it runs.
      const url = String(a.url);
      const reason = url.startsWith('{q}') ? undefined : checkUrl(url.replaceAll('{q}', 'q'), 'link');
      if (reason) fail(`${where}.url`, reason);
      if (a.target !== undefined && a.target !== 'new' && a.target !== 'self') fail(`${where}.target`, `must be "new" or "self", got ${describeValue(a.target)}`);
      return;
    }
    case 'render-surface':
      checkFunctionOr(`${where}.surface`, a.surface, 'a surface ({ root }) or a function returning one', (v) => typeof v === 'object' && v !== null && 'root' in v);
      if (a.surface === undefined) fail(`${where}.surface`, 'is required');
      checkText(`${where}.placement`, a.placement, true);
      return;
    case 'run-skill':
      checkText(`${where}.skillId`, a.skillId, false);
      if (a.vars !== undefined && (typeof a.vars !== 'object' || a.vars === null || Object.values(a.vars).some((v) => typeof v !== 'string'))) {
        fail(`${where}.vars`, `must be an object of strings, got ${describeValue(a.vars)}`);
      }
      return;
    case 'custom':
      if (typeof a.run !== 'function') fail(`${where}.run`, `must be a function (context) => void | Promise<void>, got ${describeValue(a.run)}`);
  }
}

/** Throws a TypeError naming the first defective field of `item`, e.g. `items[3].image`. */
export function checkItem(where: string, item: unknown): asserts item is PaletteItem {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) fail(where, `must be an item object ({ id, name, … }), got ${describeValue(item)}`);
  const it = item as Record<string, unknown>;
  if (typeof it.id !== 'string' || !ID_PATTERN.test(it.id)) {
    fail(`${where}.id`, `must be 1 to 128 letters, digits or "-_.:/", got ${describeValue(it.id)}`);
  }
  checkText(`${where}.name`, it.name, false);
  if ((it.name as string).trim() === '') fail(`${where}.name`, 'must not be blank');
  checkText(`${where}.description`, it.description, true);
  checkStringList(`${where}.lines`, it.lines);
  checkStringList(`${where}.keywords`, it.keywords);
  checkText(`${where}.section`, it.section, true);
  checkText(`${where}.category`, it.category, true);
  checkText(`${where}.shortcut`, it.shortcut, true);
  checkText(`${where}.browseSection`, it.browseSection, true);
  checkText(`${where}.answer`, it.answer, true);
  for (const flag of ['bindShortcut', 'disabled', 'prefixAcceptsAnyArg', 'searchAction', 'searchOnly', 'browseFilter'] as const) checkBoolean(`${where}.${flag}`, it[flag]);
  if (it.answerFormat !== undefined && it.answerFormat !== 'text' && it.answerFormat !== 'markdown') fail(`${where}.answerFormat`, `must be "text" or "markdown", got ${describeValue(it.answerFormat)}`);
  checkIcon(`${where}.icon`, it.icon);
  if (it.image !== undefined) {
    checkText(`${where}.image`, it.image, false);
    const reason = checkUrl(it.image as string, 'link');
    if (reason) fail(`${where}.image`, reason);
  }
  checkPrefix(`${where}.prefix`, it.prefix);
  if (it.bindShortcut && it.shortcut === undefined) fail(`${where}.bindShortcut`, 'needs a `shortcut` to bind');
  if ((it.prefixAcceptsAnyArg || it.browse !== undefined) && it.prefix === undefined) {
    fail(`${where}.prefix`, `is required with ${it.browse !== undefined ? 'browse' : 'prefixAcceptsAnyArg'}`);
  }
  if (it.actions !== undefined) {
    if (!Array.isArray(it.actions)) fail(`${where}.actions`, `must be an array of actions, got ${describeValue(it.actions)}`);
    it.actions.forEach((action, i) => checkAction(`${where}.actions[${i}]`, action));
  }
  checkFunctionOr(`${where}.browse`, it.browse, 'a function (arg, { signal }) => items', () => false);
  checkFunctionOr(`${where}.children`, it.children, 'an array of items or a function returning them', Array.isArray);
  if (Array.isArray(it.children)) checkItems(`${where}.children`, it.children);
  checkFunctionOr(`${where}.detail`, it.detail, 'a surface ({ root }) or a function returning one', (v) => typeof v === 'object' && v !== null && 'root' in v);
  if (it.agentTool !== undefined) {
    const tool = it.agentTool as Record<string, unknown> | null;
    if (typeof tool !== 'object' || tool === null) fail(`${where}.agentTool`, `must be { description, parameters? }, got ${describeValue(tool)}`);
    checkText(`${where}.agentTool.description`, tool.description, false);
    if (tool.parameters !== undefined && (typeof tool.parameters !== 'object' || tool.parameters === null)) fail(`${where}.agentTool.parameters`, `must be a JSON Schema object, got ${describeValue(tool.parameters)}`);
    checkBoolean(`${where}.agentTool.requireConfirmation`, tool.requireConfirmation);
  }
  const doesSomething = (it.actions as unknown[] | undefined)?.length || it.children !== undefined || it.answer !== undefined || it.prefix !== undefined;
  if (!doesSomething) fail(where, `item ${JSON.stringify(it.id)} does nothing when chosen; give it actions, children, an answer or a prefix`);
}

/** Checks a list of items and that their ids are unique within it. */
export function checkItems(where: string, items: unknown): asserts items is readonly PaletteItem[] {
  if (!Array.isArray(items)) fail(where, `must be an array of items, got ${describeValue(items)}`);
  const seen = new Set<string>();
  items.forEach((item, i) => {
    checkItem(`${where}[${i}]`, item);
    if (seen.has(item.id)) fail(`${where}[${i}].id`, `${JSON.stringify(item.id)} is used twice; ids must be unique`);
    seen.add(item.id);
  });
}
