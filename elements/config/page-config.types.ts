import type { HostStrings } from '../../core/i18n/string-tables.js';
import type { PaletteItem } from '../../core/palette/palette-item.types.js';
import type { SitemapConfig } from '../../core/sitemap/sitemap.types.js';

/**
 * The page config: the JSON inside `<script type="application/json" data-dddk-config>`, which the
 * drop-in reads on load to create the page's controller without any script of the host's.
 */
export interface PageConfig {
  /** Registers the controller under this id (`for="id"` on the tags). */
  id?: string;
  /** BCP 47 tag for the kit's strings, e.g. "zh-TW". */
  locale?: string;
  /** An OpenAI-compatible endpoint, normally the site's own proxy; without it the offline guide answers. */
  llm?: { baseURL: string; model: string; label?: string };
  siteName?: string;
  agentName?: string;
  /** Who the agent speaks as. */
  persona?: string;
  sitemap?: SitemapConfig;
  /**
   * Skills that need no code (prompt, script steps without `action`, surface with `submitPrompt`),
   * checked as JSON when the skills' code loads (core/skills/README.md).
   */
  skills?: unknown[];
  /** Items for `<dddk-palette>`, as its `items` property takes them (JSON-expressible actions only). */
  palette?: { items?: PaletteItem[] };
  /** Host strings by locale, as `addStrings(locale, strings)` takes them (text only in JSON). */
  strings?: Record<string, HostStrings>;
  /** Forces the light or dark theme on `<html>`; `auto` follows the visitor's preference. */
  theme?: 'light' | 'dark' | 'auto';
  /** Global `--dddk-*` tokens set on `<html>`, e.g. `{ "--dddk-color-accent": "#2f6f3e" }`. */
  tokens?: Record<string, string>;
  /** Whether tags without `for` use this controller (default true). */
  default?: boolean;
}

/** A problem with one field of a page config; `field` is its path, e.g. `palette.items[2].action.url`. */
export interface PageConfigProblem {
  field: string;
  message: string;
}

export interface ParsedPageConfig {
  /** The fields that passed, or `undefined` when the JSON itself could not be read. */
  config: PageConfig | undefined;
  problems: PageConfigProblem[];
}
