import { escapePointerToken } from '../../surface/json-pointer.js';
import type { PieceSurface } from '../../surface/surface.types.js';
import { fillTemplate, type TemplateValues } from '../prompt-template.js';
import { readSetupValues, SETUP_VALUES_POINTER } from '../preferences/setup-surface.js';
import { RunCancelled, untilCancelled } from './run-errors.js';
import type { RunScope } from './run-scope.js';

/**
 * Fills `template` from `layers`; what none of them holds is asked for through a small form, one
 * text field per missing name, until everything is filled or the visitor cancels. A template is
 * never handed on with a `{{name}}` left in it.
 */
export async function fillOrAsk(scope: RunScope, template: string, layers: readonly TemplateValues[], labels: Readonly<Record<string, string>> = {}): Promise<string> {
  const asked: Record<string, string> = {};
  for (;;) {
    const fill = fillTemplate(template, [...layers, asked]);
    if ('text' in fill) return fill.text;
    const surface = askSurface(scope, fill.missing, labels, asked);
    const data = await untilCancelled(scope.core.ports.showSurface(surface, 'modal', { signal: scope.signal }), scope.signal);
    if (data === null) throw new RunCancelled();
    const values = readSetupValues(data);
    for (const name of fill.missing) {
      const value = values[name];
      if (typeof value === 'string' && value.trim() !== '') asked[name] = value;
    }
  }
}

/** The argument placeholders of the skill, the words a visitor knows its arguments by. */
export function argumentLabels(scope: RunScope): Record<string, string> {
  return Object.fromEntries((scope.skill.arguments ?? []).map((argument) => [argument.name, argument.placeholder]));
}

function askSurface(scope: RunScope, missing: readonly string[], labels: Readonly<Record<string, string>>, asked: Readonly<Record<string, string>>): PieceSurface {
  const { ask } = scope.core.strings().run;
  const values: Record<string, string> = {};
  const fields = missing.map((name) => {
    values[name] = asked[name] ?? '';
    return { piece: 'TextField', props: { label: (labels[name] ?? name).slice(0, 200), value: { $bind: `${SETUP_VALUES_POINTER}/${escapePointerToken(name)}` }, required: true } };
  });
  return {
    root: {
      piece: 'Stack',
      props: { direction: 'vertical', gap: 12 },
      children: [
        { piece: 'Heading', props: { text: ask.heading(scope.skill.name).slice(0, 300), level: 2 } },
        { piece: 'Body', props: { text: ask.intro, tone: 'muted' } },
        ...fields,
        {
          piece: 'Stack',
          props: { direction: 'horizontal', gap: 8 },
          children: [
            { piece: 'Button', props: { text: ask.next, variant: 'primary', action: { type: 'submit' } } },
            { piece: 'Button', props: { text: ask.cancel, variant: 'secondary', action: { type: 'cancel' } } },
          ],
        },
      ],
    },
    data: { values },
  };
}
