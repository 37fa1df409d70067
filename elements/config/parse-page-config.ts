import { describeValue } from '../../core/util/describe-value.js';
import { isPlainObject } from '../../core/util/is-plain-object.js';
import type { SitemapConfig } from '../../core/sitemap/sitemap.types.js';
import { checkItem } from '../../core/palette/validate-items.js';
import type { PaletteItem } from '../../core/palette/palette-item.types.js';
import type { PageConfig, PageConfigProblem, ParsedPageConfig } from './page-config.types.js';

const FIELDS = ['id', 'locale', 'llm', 'siteName', 'agentName', 'persona', 'sitemap', 'skills', 'palette', 'strings', 'theme', 'tokens', 'default'];
const NODE_FIELDS = ['title', 'description', 'children', 'actions', 'requiresAuth', 'requiresAdmin', 'hidden', 'notes', 'keywords'];
const ENTRY_FIELDS = ['path', 'title', 'description', 'aliases'];
const UNSAFE_URL = /^\s*(javascript|data|vbscript):/i;

/**
 * Reads the text of a page config strictly (JSON only, every field checked) without touching the
 * DOM. A bad field is left out and reported with its path; the good ones are kept, so one typo
 * does not switch the whole copilot off.
 */
export function parsePageConfig(text: string): ParsedPageConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { config: undefined, problems: [{ field: '(json)', message: `page config: the script's text is not valid JSON (${reason})` }] };
  }
  return checkPageConfig(raw);
}

/** Checks an already parsed page config; see `parsePageConfig`. */
export function checkPageConfig(raw: unknown): ParsedPageConfig {
  const problems: PageConfigProblem[] = [];
  const fail = (field: string, expected: string, value: unknown) => mustBe(problems, field, expected, value);
  if (!isPlainObject(raw)) return { config: undefined, problems: [{ field: '(root)', message: `page config: the JSON must be an object of fields, got ${describeValue(raw)}` }] };

  const config: PageConfig = {};
  for (const [field, value] of Object.entries(raw)) {
    if (!FIELDS.includes(field)) {
      problems.push({ field, message: `page config: unknown field "${field}"; known fields are ${FIELDS.join(', ')}` });
      continue;
    }
    switch (field) {
      case 'id':
      case 'siteName':
      case 'agentName':
      case 'persona':
        if (isText(value)) config[field] = value.trim();
        else fail(field, 'a non-empty string', value);
        break;
      case 'locale': {
        const locale = readLocale(value);
        if (locale) config.locale = locale;
        else fail(field, 'a BCP 47 language tag such as "en" or "zh-TW"', value);
        break;
      }
      case 'llm': {
        const llm = readLlm(value, problems);
        if (llm) config.llm = llm;
        break;
      }
      case 'sitemap': {
        const sitemap = readSitemap(value, problems);
        if (sitemap) config.sitemap = sitemap;
        break;
      }
      case 'skills':
        // Each is checked with the skills' code, which loads after the first paint.
        if (Array.isArray(value) && value.every(isPlainObject)) config.skills = value;
        else fail(field, 'an array of skills such as [{ "id": "tour", "name": "Take the tour", "kind": "script", "steps": [...] }]', value);
        break;
      case 'palette': {
        const palette = readPalette(value, problems);
        if (palette) config.palette = palette;
        break;
      }
      case 'strings': {
        const strings = readStrings(value, problems);
        if (strings) config.strings = strings;
        break;
      }
      case 'theme':
        if (value === 'light' || value === 'dark' || value === 'auto') config.theme = value;
        else fail(field, '"light", "dark" or "auto"', value);
        break;
      case 'tokens': {
        const tokens = readTokens(value, problems);
        if (tokens) config.tokens = tokens;
        break;
      }
      case 'default':
        if (typeof value === 'boolean') config.default = value;
        else fail(field, 'true or false', value);
        break;
    }
  }
  return { config, problems };
}

function mustBe(problems: PageConfigProblem[], field: string, expected: string, value: unknown): undefined {
  problems.push({ field, message: `page config: ${field} must be ${expected}, got ${describeValue(value)}` });
  return undefined;
}

function readPalette(value: unknown, problems: PageConfigProblem[]): PageConfig['palette'] {
  if (!isPlainObject(value)) return mustBe(problems, 'palette', 'an object such as { "items": [...] }', value);
  const palette: NonNullable<PageConfig['palette']> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key !== 'items') problems.push({ field: `palette.${key}`, message: `page config: unknown field "palette.${key}"; the palette takes "items"` });
    else palette.items = readItems(entry, problems);
  }
  return palette;
}

function readTokens(value: unknown, problems: PageConfigProblem[]): PageConfig['tokens'] {
  if (!isPlainObject(value)) return mustBe(problems, 'tokens', 'an object of --dddk-* custom properties', value);
  const tokens: Record<string, string> = {};
  for (const [name, token] of Object.entries(value)) {
    if (!/^--dddk-[a-z0-9-]+$/.test(name)) problems.push({ field: `tokens.${name}`, message: `page config: tokens.${name} is not a --dddk-* token name (see docs/theming.md)` });
    else if (typeof token !== 'string' || token.trim() === '' || /[;{}<>]/.test(token)) mustBe(problems, `tokens.${name}`, 'a CSS value without ; { } < or >', token);
    else tokens[name] = token.trim();
  }
  return tokens;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function readLocale(value: unknown): string | undefined {
  if (!isText(value)) return undefined;
  try {
    return Intl.getCanonicalLocales(value.trim())[0];
  } catch {
    return undefined;
  }
}

function readLlm(value: unknown, problems: PageConfigProblem[]): PageConfig['llm'] {
  if (!isPlainObject(value)) {
    problems.push({ field: 'llm', message: `page config: llm must be an object { "baseURL": "/api/llm", "model": "…" }, got ${describeValue(value)}` });
    return undefined;
  }
  let ok = true;
  for (const key of Object.keys(value)) {
    if (key === 'apiKey') {
      problems.push({ field: 'llm.apiKey', message: 'page config: llm.apiKey is refused: a key in the page is readable by every visitor; point llm.baseURL at your server, which adds the key' });
      ok = false;
    } else if (!['baseURL', 'model', 'label'].includes(key)) {
      problems.push({ field: `llm.${key}`, message: `page config: unknown field "llm.${key}"; llm takes baseURL, model and label` });
    }
  }
  for (const key of ['baseURL', 'model'] as const) {
    if (!isText(value[key])) {
      problems.push({ field: `llm.${key}`, message: `page config: llm.${key} must be a non-empty string, got ${describeValue(value[key])}` });
      ok = false;
    }
  }
  if (isText(value.baseURL) && UNSAFE_URL.test(value.baseURL)) {
    problems.push({ field: 'llm.baseURL', message: 'page config: llm.baseURL must be an http(s) URL or a path such as "/api/llm"' });
    ok = false;
  }
  if (value.label !== undefined && !isText(value.label)) {
    problems.push({ field: 'llm.label', message: `page config: llm.label must be a non-empty string, got ${describeValue(value.label)}` });
    ok = false;
  }
  if (!ok) return undefined;
  return {
    baseURL: (value.baseURL as string).trim(),
    model: (value.model as string).trim(),
    ...(isText(value.label) ? { label: value.label.trim() } : {}),
  };
}

function readItems(value: unknown, problems: PageConfigProblem[]): PaletteItem[] {
  if (!Array.isArray(value)) {
    problems.push({ field: 'palette.items', message: `page config: palette.items must be an array of { "id", "name", "actions" } items, got ${describeValue(value)}` });
    return [];
  }
  const items: PaletteItem[] = [];
  const seen = new Set<string>();
  value.forEach((entry: unknown, index) => {
    const at = `palette.items[${index}]`;
    try {
      // The palette's own check, so the config accepts exactly what <dddk-palette> does.
      checkItem(at, entry);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const field = message.startsWith(at) ? message.slice(0, message.indexOf(':')) : at;
      problems.push({ field, message: `page config: ${message}` });
      return;
    }
    if (seen.has(entry.id)) {
      problems.push({ field: `${at}.id`, message: `page config: ${at}.id "${entry.id}" is used by an earlier item; ids must be unique` });
      return;
    }
    seen.add(entry.id);
    items.push(entry);
  });
  return items;
}

function readSitemap(value: unknown, problems: PageConfigProblem[]): SitemapConfig | undefined {
  const before = problems.length;
  if (Array.isArray(value)) {
    value.forEach((entry: unknown, index) => checkEntry(entry, `sitemap[${index}]`, problems));
  } else if (isPlainObject(value)) {
    checkNode(value, 'sitemap', problems);
  } else {
    problems.push({ field: 'sitemap', message: `page config: sitemap must be a page tree { "title", "children" } or a list of { "path", "description" }, got ${describeValue(value)}` });
  }
  return problems.length === before ? (value as SitemapConfig) : undefined;
}

function checkNode(node: unknown, at: string, problems: PageConfigProblem[]): void {
  const fail = (field: string, expected: string, value: unknown) =>
    problems.push({ field, message: `page config: ${field} must be ${expected}, got ${describeValue(value)}` });
  if (!isPlainObject(node)) return void fail(at, 'a page { "title", "description"?, "children"? }', node);
  for (const key of Object.keys(node)) {
    if (!NODE_FIELDS.includes(key)) fail(`${at}.${key}`, `absent (a page takes ${NODE_FIELDS.join(', ')})`, node[key]);
  }
  if (!isText(node.title)) fail(`${at}.title`, 'a non-empty string', node.title);
  for (const key of ['description', 'notes'] as const) {
    if (node[key] !== undefined && typeof node[key] !== 'string') fail(`${at}.${key}`, 'a string', node[key]);
  }
  for (const key of ['actions', 'keywords'] as const) {
    const list = node[key];
    if (list !== undefined && (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string'))) fail(`${at}.${key}`, 'an array of strings', list);
  }
  for (const key of ['requiresAuth', 'requiresAdmin', 'hidden'] as const) {
    if (node[key] !== undefined && typeof node[key] !== 'boolean') fail(`${at}.${key}`, 'true or false', node[key]);
  }
  if (node.children !== undefined) {
    if (!isPlainObject(node.children)) return void fail(`${at}.children`, 'an object of pages by path', node.children);
    for (const [path, child] of Object.entries(node.children)) checkNode(child, `${at}.children.${path}`, problems);
  }
}

function checkEntry(entry: unknown, at: string, problems: PageConfigProblem[]): void {
  const fail = (field: string, expected: string, value: unknown) =>
    problems.push({ field, message: `page config: ${field} must be ${expected}, got ${describeValue(value)}` });
  if (!isPlainObject(entry)) return void fail(at, 'a page { "path", "description", "title"?, "aliases"? }', entry);
  for (const key of Object.keys(entry)) {
    if (!ENTRY_FIELDS.includes(key)) fail(`${at}.${key}`, `absent (a page takes ${ENTRY_FIELDS.join(', ')})`, entry[key]);
  }
  if (!isText(entry.path) || !entry.path.startsWith('/')) fail(`${at}.path`, 'a path starting with "/"', entry.path);
  if (!isText(entry.description)) fail(`${at}.description`, 'a non-empty string', entry.description);
  if (entry.title !== undefined && typeof entry.title !== 'string') fail(`${at}.title`, 'a string', entry.title);
  const aliases = entry.aliases;
  if (aliases !== undefined && (!Array.isArray(aliases) || !aliases.every((alias) => typeof alias === 'string'))) fail(`${at}.aliases`, 'an array of strings', aliases);
}

function readStrings(value: unknown, problems: PageConfigProblem[]): PageConfig['strings'] {
  if (!isPlainObject(value)) {
    problems.push({ field: 'strings', message: `page config: strings must be an object of tables by locale, e.g. { "fr": { "palette": { "placeholder": "…" } } }, got ${describeValue(value)}` });
    return undefined;
  }
  const strings: NonNullable<PageConfig['strings']> = {};
  for (const [locale, tables] of Object.entries(value)) {
    const at = `strings.${locale}`;
    const tag = readLocale(locale);
    if (!tag) {
      problems.push({ field: at, message: `page config: ${at}: "${locale}" is not a BCP 47 language tag (e.g. "fr", "zh-HK")` });
      continue;
    }
    if (!isPlainObject(tables)) {
      problems.push({ field: at, message: `page config: ${at} must be an object of tables by component, got ${describeValue(tables)}` });
      continue;
    }
    const before = problems.length;
    checkTextTree(tables, at, problems);
    if (problems.length === before) strings[tag] = tables;
  }
  return strings;
}

/** Only text and groups of text: JSON has no functions, and a template string stands in for one. */
function checkTextTree(value: Record<string, unknown>, at: string, problems: PageConfigProblem[]): void {
  for (const [key, entry] of Object.entries(value)) {
    const field = `${at}.${key}`;
    if (isPlainObject(entry)) checkTextTree(entry, field, problems);
    else if (typeof entry !== 'string') problems.push({ field, message: `page config: ${field} must be a string or an object of strings, got ${describeValue(entry)}` });
  }
}
