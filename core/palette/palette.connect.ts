import { paletteStrings } from './palette.strings.js';
import type { PaletteModel, PaletteState, PaletteSubmitOptions } from './palette.types.js';

/** The id of the single "Ask the agent" option; views give it to the option element. */
export const ASK_OPTION_ID = 'palette-option-ask';

export interface PaletteOptionView {
  id: string;
  /** The whole accessible text, e.g. "Ask the agent: pricing". */
  label: string;
  prefix: string;
  text: string;
}

/** Everything a view needs to render the palette, derived from the model's state. */
export interface PaletteView {
  open: boolean;
  query: string;
  dialogLabel: string;
  /** Attributes of the input, a combobox over the suggestions listbox (APG combobox pattern). */
  input: {
    role: 'combobox';
    'aria-expanded': 'true' | 'false';
    'aria-autocomplete': 'list';
    /** The option Enter would take; absent while the list is empty. */
    'aria-activedescendant': string | undefined;
    label: string;
    placeholder: string;
  };
  listbox: { label: string };
  options: PaletteOptionView[];
  /** What the polite status region says about the list. */
  status: string;
  hint: string;
  closeButton: { label: string };
  close(): void;
  setQuery(query: string): void;
  submit(options?: PaletteSubmitOptions): string | undefined;
}

export function connectPalette(model: PaletteModel, locale: string, state: PaletteState = model.getState()): PaletteView {
  const strings = paletteStrings(locale);
  const text = state.query.trim();
  const options: PaletteOptionView[] = text
    ? [{ id: ASK_OPTION_ID, label: `${strings.askPrefix} ${text}`, prefix: strings.askPrefix, text }]
    : [];
  return {
    open: state.open,
    query: state.query,
    dialogLabel: strings.dialogLabel,
    input: {
      role: 'combobox',
      'aria-expanded': options.length > 0 ? 'true' : 'false',
      'aria-autocomplete': 'list',
      'aria-activedescendant': options[0]?.id,
      label: strings.inputLabel,
      placeholder: strings.placeholder,
    },
    listbox: { label: strings.listboxLabel },
    options,
    // Silent until the user has typed, so opening the palette does not announce "No suggestions".
    status: text ? strings.suggestionCount(options.length) : '',
    hint: strings.hint,
    closeButton: { label: strings.close },
    close: () => model.close(),
    setQuery: (query) => model.setQuery(query),
    submit: (submitOptions) => model.submit(submitOptions),
  };
}
