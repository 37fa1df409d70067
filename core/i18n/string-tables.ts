/**
 * The kit's string tables by component name, as hosts address them in `addStrings(locale, …)`.
 * Each component adds its own by declaration merging (see palette.strings.ts), so this hub imports
 * nothing from the features: `declare module '…/i18n/string-tables.js' { interface StringTables { palette: PaletteStrings } }`.
 */
export interface StringTables {}

/**
 * A partial table: any string or nested group may be left out (the built-in text stays). A
 * function-valued entry such as `suggestionCount(count)` takes a function or, so that JSON can
 * carry it, a template whose `{0}`, `{1}`… stand for the function's arguments.
 */
export type StringOverrides<Table> = {
  [Key in keyof Table]?: Table[Key] extends (...args: infer Args) => string
    ? ((...args: Args) => string) | string
    : Table[Key] extends string
      ? string
      : Table[Key] extends object | undefined
        ? StringOverrides<NonNullable<Table[Key]>>
        : never;
};

/** What `addStrings` accepts for one locale: partial tables keyed by component name. */
export type HostStrings = { [Component in keyof StringTables]?: StringOverrides<StringTables[Component]> };
