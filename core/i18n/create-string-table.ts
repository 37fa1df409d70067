import { mergeStrings, type StringMergeProblem } from './merge-strings.js';
import { hostTablesFor, stringRegistry } from './string-registry.js';

/** A component's built-in tables by locale tag; English is the last resort, so it must be there. */
export type BuiltinStringTables<Table> = { readonly en: Table } & { readonly [locale: string]: Table };

/**
 * The lookup a component's `xStrings(locale)` delegates to: the built-in table of the nearest
 * locale (the exact tag, else one of the same language, else English) with the host's strings
 * from `addStrings` laid over it, exact tag over language. A key the host left out keeps the
 * built-in text. Lookups are cached until the host strings change.
 */
export function createStringTable<Table extends object>(
  component: string,
  builtin: BuiltinStringTables<Table>,
): (locale: string | undefined) => Table {
  const builtinTags = new Map(Object.keys(builtin).map((tag) => [normalizeTag(tag), tag]));
  const cache = new Map<string, Table>();
  const reported = new Set<string>();
  let cachedVersion = -1;

  const reportOnce = (problem: StringMergeProblem): void => {
    if (reported.has(problem.path)) return;
    reported.add(problem.path);
    console.warn(`dddk: host strings skipped: ${problem.message} (see addStrings or the "strings" field of the page config)`);
  };

  return (locale) => {
    const version = stringRegistry().version;
    if (version !== cachedVersion) {
      cache.clear();
      cachedVersion = version;
    }
    const wanted = normalizeTag(typeof locale === 'string' ? locale : '');
    let table = cache.get(wanted);
    if (table) return table;

    const builtinTag = pickTag(wanted, builtinTags.keys()) ?? 'en';
    table = builtin[builtinTags.get(builtinTag) ?? 'en'] ?? builtin.en;
    const host = new Map([...hostTablesFor(component)].map(([tag, strings]) => [normalizeTag(tag), strings]));
    const language = languageOf(wanted);
    const layers = [
      // English host strings only apply where the built-in table is the English one.
      languageOf(builtinTag) === 'en' && language !== 'en' ? 'en' : undefined,
      pickTag(language, [...host.keys()].filter((tag) => tag !== wanted)),
      wanted,
    ];
    for (const tag of new Set(layers)) {
      if (tag !== undefined && host.has(tag)) table = mergeStrings(table, host.get(tag), `strings.${component}`, reportOnce);
    }
    cache.set(wanted, table);
    return table;
  };
}

/** The same tag, else the bare language, else the first tag of the same language. */
function pickTag(wanted: string, available: Iterable<string>): string | undefined {
  const language = languageOf(wanted);
  let sameLanguage: string | undefined;
  let bare = false;
  for (const tag of available) {
    if (tag === wanted) return tag;
    if (languageOf(tag) !== language) continue;
    if (tag === language) {
      sameLanguage = tag;
      bare = true;
    } else if (!bare && sameLanguage === undefined) {
      sameLanguage = tag;
    }
  }
  return sameLanguage;
}

function normalizeTag(tag: string): string {
  return tag.trim().replace(/_/g, '-').toLowerCase();
}

function languageOf(tag: string): string {
  return tag.split('-')[0] ?? tag;
}
