import type { PieceNode, PieceSurface } from '../../surface/surface.types.js';
import { escapePointerToken } from '../../surface/json-pointer.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { skillStrings, type SkillStrings } from '../skills.strings.js';
import type { PreferenceError, PreferenceField, PreferenceSubject, PreferenceValues } from './preference.types.js';
import { numberRangeText } from './validate-preferences.js';

/** Where the setup form keeps what the visitor enters: `data.values.<field name>`. */
export const SETUP_VALUES_POINTER = '/values';

export interface SetupSurfaceOptions {
  locale?: string;
  /** The schema with its loaders resolved (`resolvePreferenceOptions`); default the skill's own. */
  fields?: readonly PreferenceField[];
  /** What the visitor entered last, shown instead of `current` (after a refusal, say). */
  entered?: Readonly<Record<string, unknown>>;
  /** Messages shown under their fields (from `validatePreferences`). */
  errors?: readonly PreferenceError[];
}

/** What a setup form has a name for: the skill's display name with its id and schema. */
export type SetupSubject = PreferenceSubject & { name: string };

/**
 * The skill's setup form as a surface of the built-in pieces: a labelled input per field (required
 * ones marked), its description, its error, and Save / Cancel. The data starts from `current`; a
 * stored password is never put in it (its field says one is saved, and left empty keeps it). A
 * select whose options are still a loader, or came back empty, shows that no choices are available.
 */
export function buildSetupSurface(skill: SetupSubject, current: PreferenceValues = {}, options: SetupSurfaceOptions = {}): PieceSurface {
  const strings = skillStrings(options.locale ?? 'en');
  const fields = options.fields ?? skill.preferences ?? [];
  const values: Record<string, unknown> = {};
  const children: PieceNode[] = [
    { piece: 'Heading', props: { text: strings.setup.heading(skill.name).slice(0, 300), level: 2 } },
    { piece: 'Body', props: { text: strings.setup.intro, tone: 'muted' } },
  ];
  for (const field of fields) {
    values[field.name] = initialValue(field, current, options.entered);
    const errors = (options.errors ?? []).filter((error) => error.field === field.name);
    children.push({ piece: 'Stack', props: { direction: 'vertical', gap: 4 }, children: fieldPieces(field, current, errors, strings) });
  }
  children.push({
    piece: 'Stack',
    props: { direction: 'horizontal', gap: 8 },
    children: [
      { piece: 'Button', props: { text: strings.setup.save, variant: 'primary', action: { type: 'submit' } } },
      { piece: 'Button', props: { text: strings.setup.cancel, variant: 'secondary', action: { type: 'cancel' } } },
    ],
  });
  return { root: { piece: 'Stack', props: { direction: 'vertical', gap: 12 }, children }, data: { values } };
}

/** The entered values of a submitted setup form (`result.data`), or an empty object. */
export function readSetupValues(data: unknown): Record<string, unknown> {
  const values = isPlainObject(data) ? data['values'] : undefined;
  return isPlainObject(values) ? { ...values } : {};
}

function initialValue(field: PreferenceField, current: PreferenceValues, entered: Readonly<Record<string, unknown>> | undefined): unknown {
  const shown = entered && Object.hasOwn(entered, field.name) ? entered[field.name] : field.kind === 'password' ? undefined : current[field.name];
  if (field.kind === 'checkbox') return shown === true || shown === 'true';
  if (shown === undefined || shown === null) return '';
  return typeof shown === 'string' ? shown : typeof shown === 'number' ? String(shown) : '';
}

function fieldPieces(field: PreferenceField, current: PreferenceValues, errors: readonly PreferenceError[], strings: SkillStrings): PieceNode[] {
  const label = field.required ? `${field.title} ${strings.setup.requiredMark}` : field.title;
  const value = { $bind: `${SETUP_VALUES_POINTER}/${escapePointerToken(field.name)}` };
  const placeholder = field.kind !== 'checkbox' && field.placeholder ? { placeholder: field.placeholder } : {};
  const required = field.required ? { required: true } : {};
  const pieces: PieceNode[] = [];
  switch (field.kind) {
    case 'checkbox':
      pieces.push({ piece: 'Checkbox', props: { label, checked: value } });
      break;
    case 'select':
      if (typeof field.options === 'function' || field.options.length === 0) {
        pieces.push({ piece: 'Alert', props: { tone: 'warning', title: label, text: strings.preferences.noChoices(field.title) } });
      } else {
        pieces.push({ piece: 'Select', props: { label, value, options: field.options.map(({ value: v, label: l }) => ({ value: v, label: l })), ...placeholder } });
      }
      break;
    case 'password': {
      const saved = typeof current[field.name] === 'string' && current[field.name] !== '';
      pieces.push({ piece: 'TextField', props: { label, value, inputType: 'password', ...(saved ? { placeholder: strings.setup.secretSaved } : placeholder), ...(saved ? {} : required) } });
      break;
    }
    default:
      pieces.push({ piece: 'TextField', props: { label, value, inputType: field.kind === 'number' ? 'number' : 'text', ...placeholder, ...required } });
  }
  const hint = field.kind === 'number' ? numberRangeText(field, strings) : undefined;
  const description = [field.description, hint].filter(Boolean).join(' ');
  if (description) pieces.push({ piece: 'Body', props: { text: description, tone: 'muted' } });
  for (const error of errors) pieces.push({ piece: 'Alert', props: { tone: 'danger', text: error.message.slice(0, 2000) } });
  return pieces;
}
