import { describeValue } from '../util/describe-value.js';

/**
 * `{{name}}` templates. A placeholder is exactly two braces, a name (letters, digits, `_`, dotted
 * parts such as `page.title`) and two braces, spaces inside allowed; anything else (`{{{{`, `{{}}`,
 * `{{ two words }}`, a brace left open, three braces) is text and stays as written.
 */
const PLACEHOLDER = /(?<!\{)\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\s*\}\}(?!\})/g;

/** Values by placeholder name. Empty text, `null` and `undefined` count as no value. */
export type TemplateValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

export type TemplateFill = { text: string } | { missing: string[] };

/** The names of the template's placeholders, each once, in order of first appearance. */
export function templateVariables(template: string): string[] {
  if (typeof template !== 'string') throw new TypeError(`templateVariables(template): template must be a string, got ${describeValue(template)}`);
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/**
 * Fills every placeholder from `values`, or from the first of a list of them that has the name (so
 * `[args, skill.variables, sources]` lets an argument win over a default). Either every placeholder
 * is filled and `text` comes back, or nothing is and `missing` names the unfilled ones: a template
 * is never half filled. Values are data: a value that holds `{{…}}` is inserted as written and never
 * filled in turn, so text from the page cannot reach another value (a setting, say) through it.
 */
export function fillTemplate(template: string, values: TemplateValues | readonly TemplateValues[]): TemplateFill {
  if (typeof template !== 'string') throw new TypeError(`fillTemplate(template, values): template must be a string, got ${describeValue(template)}`);
  const layers: readonly TemplateValues[] = Array.isArray(values) ? values : [values as TemplateValues];
  layers.forEach((layer, index) => {
    if (typeof layer !== 'object' || layer === null) {
      throw new TypeError(`fillTemplate(template, values): values${Array.isArray(values) ? `[${index}]` : ''} must be an object of values by name, got ${describeValue(layer)}`);
    }
  });
  const lookup = (name: string): string | undefined => {
    for (const layer of layers) {
      if (!Object.hasOwn(layer, name)) continue;
      const value = layer[name];
      if (value !== undefined && value !== null && value !== '') return String(value);
    }
    return undefined;
  };
  const missing = templateVariables(template).filter((name) => lookup(name) === undefined);
  if (missing.length > 0) return { missing };
  // One pass over the template: what a replacement inserts is never scanned again.
  return { text: template.replace(PLACEHOLDER, (_placeholder, name: string) => lookup(name)!) };
}
