import type { PreferenceField, PreferenceValues } from './preferences/preference.types.js';
import { fillTemplate, templateVariables, type TemplateFill, type TemplateValues } from './prompt-template.js';
import type { PromptSkill } from './skill.types.js';

/** The names a runner may fill besides a skill's arguments and variables; `pref.<name>` reads a setting. */
export const PROMPT_SOURCE_NAMES = ['selection', 'page.title', 'page.url'] as const;

export interface PromptSourceInput {
  /** The text the visitor selected on the page. */
  selection?: string;
  pageTitle?: string;
  pageUrl?: string;
  /** The skill's settings; password fields are never offered to a template. */
  preferences?: { fields: readonly PreferenceField[]; values: PreferenceValues };
}

/** The named sources as template values: `selection`, `page.title`, `page.url` and `pref.<name>`. */
export function promptSources(input: PromptSourceInput): Record<string, string> {
  const sources: Record<string, string> = {};
  if (typeof input.selection === 'string') sources['selection'] = input.selection;
  if (typeof input.pageTitle === 'string') sources['page.title'] = input.pageTitle;
  if (typeof input.pageUrl === 'string') sources['page.url'] = input.pageUrl;
  for (const field of input.preferences?.fields ?? []) {
    const value = input.preferences?.values[field.name];
    // A secret must not reach the model nor the screen through a prompt or a subtitle.
    if (field.kind === 'password' || value === undefined) continue;
    sources[`pref.${field.name}`] = String(value);
  }
  return sources;
}

/** A prompt skill's text: its arguments first, then its `variables`, then the sources. */
export function fillSkillPrompt(skill: Pick<PromptSkill, 'prompt' | 'variables'>, input: { args?: TemplateValues; sources?: TemplateValues } = {}): TemplateFill {
  return fillTemplate(skill.prompt, [input.args ?? {}, skill.variables ?? {}, input.sources ?? {}]);
}

/** The placeholders of `template` that nothing can fill: no argument, variable, source or setting has the name. */
export function unfillableVariables(
  template: string,
  skill: { arguments?: readonly { name: string }[]; variables?: Readonly<Record<string, string>>; preferences?: readonly PreferenceField[] },
  extra: readonly string[] = [],
): string[] {
  const fillable = new Set<string>([
    ...PROMPT_SOURCE_NAMES,
    ...extra,
    ...(skill.arguments ?? []).map((argument) => argument.name),
    ...Object.keys(skill.variables ?? {}),
    ...(skill.preferences ?? []).filter((field) => field.kind !== 'password').map((field) => `pref.${field.name}`),
  ]);
  return templateVariables(template).filter((name) => !fillable.has(name) && !extra.some((saved) => name.startsWith(`${saved}.`)));
}

/** The placeholders of `template` that would write a password setting into the text. */
export function secretPlaceholders(template: string, fields: readonly PreferenceField[] = []): string[] {
  const secrets = new Set(fields.filter((field) => field.kind === 'password').map((field) => `pref.${field.name}`));
  return templateVariables(template).filter((name) => secrets.has(name));
}
