import { matchLocale } from './locale-match.js';

/** Replaces a prompt's text; receives what the caller passed to `get` and the text it replaces. */
export type PromptOverrideFn<Ctx = unknown> = (context: Ctx, defaultText: string) => string;

/** Added after a prompt's text, a blank line apart. */
export type PromptAppendix<Ctx = unknown> = string | ((context: Ctx) => string);

/** A prompt's shipped text per locale. It must have the registry's default locale. */
export type PromptTexts = Readonly<Record<string, string>>;

export interface PromptRegistry {
  /** The locale used when a prompt has no text or override for the one asked for. */
  readonly defaultLocale: string;
  /** Adds a prompt (a feature or a host shipping its own), or replaces the shipped texts of one. */
  define(id: string, texts: PromptTexts): void;
  /**
   * The prompt's final text for `locale`: the override for that locale (else the default locale's),
   * else the shipped text for that locale (else the default locale's); then every appendix.
   * `context` is handed to function overrides and appendices.
   */
  get(id: string, locale?: string, context?: unknown): string;
  /** Replaces the prompt for `options.locale`, or for the default locale (and so for every locale without its own override). */
  override<Ctx = unknown>(id: string, replacement: string | PromptOverrideFn<Ctx>, options?: { locale?: string }): void;
  /** Adds text after the prompt in every locale; appendices stack in the order added. */
  append<Ctx = unknown>(id: string, appendix: PromptAppendix<Ctx>): void;
  has(id: string): boolean;
  /** Every prompt id, sorted. */
  list(): string[];
  /** The locales a prompt ships text for. */
  locales(id: string): string[];
  /** Drops the overrides and appendices of one prompt, or of all; the shipped texts stay. */
  reset(id?: string): void;
}

export interface PromptRegistryOptions {
  /** Default `en`. */
  defaultLocale?: string;
  /** The prompts to start with; default none. `createPromptRegistry({ prompts: shippedPrompts })` gives the kit's. */
  prompts?: Readonly<Record<string, PromptTexts>>;
}

/** Holds system prompts by id and locale, with the host's overrides and additions on top. */
export function createPromptRegistry(options: PromptRegistryOptions = {}): PromptRegistry {
  const defaultLocale = options.defaultLocale ?? 'en';
  const texts = new Map<string, PromptTexts>();
  const overrides = new Map<string, Map<string, string | PromptOverrideFn<any>>>();
  const appendices = new Map<string, PromptAppendix<any>[]>();

  const requireKnown = (id: string, call: string): void => {
    if (texts.has(id)) return;
    const known = [...texts.keys()].sort().join(', ') || 'none';
    throw new Error(`prompts.${call}: no prompt has the id "${id}" (known ids: ${known}); define it first with prompts.define(id, texts).`);
  };

  const registry: PromptRegistry = {
    defaultLocale,

    define(id, localeTexts) {
      if (typeof id !== 'string' || id === '') throw new TypeError('prompts.define(id, texts): id must be a non-empty string.');
      if (typeof localeTexts?.[defaultLocale] !== 'string') {
        throw new TypeError(`prompts.define("${id}", texts): texts must include the default locale "${defaultLocale}".`);
      }
      texts.set(id, Object.freeze({ ...localeTexts }));
    },

    get(id, locale, context) {
      requireKnown(id, 'get');
      const shipped = texts.get(id)!;
      const shippedLocale = matchLocale(locale, Object.keys(shipped)) ?? defaultLocale;
      let text = shipped[shippedLocale]!;
      const byLocale = overrides.get(id);
      if (byLocale) {
        const overrideLocale = matchLocale(locale, byLocale.keys()) ?? (byLocale.has(defaultLocale) ? defaultLocale : undefined);
        const replacement = overrideLocale === undefined ? undefined : byLocale.get(overrideLocale);
        if (typeof replacement === 'string') text = replacement;
        else if (replacement) text = callHost(() => replacement(context, text), `prompts.override("${id}")`);
      }
      for (const appendix of appendices.get(id) ?? []) {
        const extra = typeof appendix === 'string' ? appendix : callHost(() => appendix(context), `prompts.append("${id}")`);
        if (extra) text = `${text}\n\n${extra}`;
      }
      return text;
    },

    override(id, replacement, overrideOptions = {}) {
      requireKnown(id, 'override');
      if (typeof replacement !== 'string' && typeof replacement !== 'function') {
        throw new TypeError(`prompts.override("${id}", replacement): replacement must be a string or a function (context, defaultText) => string.`);
      }
      const locale = overrideOptions.locale ?? defaultLocale;
      if (!overrides.has(id)) overrides.set(id, new Map());
      overrides.get(id)!.set(locale, replacement);
    },

    append(id, appendix) {
      requireKnown(id, 'append');
      if (typeof appendix !== 'string' && typeof appendix !== 'function') {
        throw new TypeError(`prompts.append("${id}", appendix): appendix must be a string or a function (context) => string.`);
      }
      if (!appendices.has(id)) appendices.set(id, []);
      appendices.get(id)!.push(appendix);
    },

    has: (id) => texts.has(id),
    list: () => [...texts.keys()].sort(),
    locales: (id) => Object.keys(texts.get(id) ?? {}),

    reset(id) {
      if (id === undefined) {
        overrides.clear();
        appendices.clear();
        return;
      }
      overrides.delete(id);
      appendices.delete(id);
    },
  };

  for (const [id, localeTexts] of Object.entries(options.prompts ?? {})) registry.define(id, localeTexts);
  return registry;
}

function callHost(render: () => unknown, where: string): string {
  const result = render();
  if (typeof result !== 'string') throw new TypeError(`${where}: the function must return a string, got ${typeof result}.`);
  return result;
}
