import type { RegionEditorStrings } from '../agent/authoring/region-editor.strings.js';
import type { AgentStrings } from '../agent/web-agent/agent.strings.js';
import type { GuideStrings } from '../llm/guide/guide.strings.js';
import type { PaletteContextStrings } from '../palette/context/palette-context.strings.js';
import type { PaletteStrings } from '../palette/palette.strings.js';
import type { SubtitleStrings } from '../subtitle/subtitle.strings.js';
import type { SurfaceStrings } from '../surface/surface.strings.js';

/**
 * The kit's string tables by component name, as hosts address them in `addStrings(locale, …)`.
 * A component added later extends it by declaration merging:
 * `declare module 'dddk/core' { interface StringTables { 'region-editor': RegionEditorStrings } }`.
 */
export interface StringTables {
  palette: PaletteStrings;
  'palette-context': PaletteContextStrings;
  subtitle: SubtitleStrings;
  surface: SurfaceStrings;
  'region-editor': RegionEditorStrings;
  /** What the web agent says to the visitor (and notes to the model) around its actions. */
  agent: AgentStrings;
  /** The offline guide's answers. */
  guide: GuideStrings;
}

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
