import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import type { ResolvedNode } from '../../../core/surface/surface-model.js';
import type { PieceContext, PieceRenderer } from './piece-context.js';
import { textOf } from './piece-context.js';

interface FieldParts {
  id: string;
  label: string;
  disabled: boolean;
  required: boolean;
  message: string | undefined;
  messageId: string;
  /** Attributes of the control that say it is invalid and where the message is. */
  invalid: string | typeof nothing;
  describedBy: string | typeof nothing;
}

function fieldParts(context: PieceContext, node: ResolvedNode): FieldParts {
  const message = context.message(node.path);
  const messageId = context.id(node.path, 'message');
  return {
    id: context.id(node.path),
    label: textOf(node.props['label']),
    disabled: node.props['disabled'] === true,
    required: node.props['required'] === true,
    message,
    messageId,
    invalid: message ? 'true' : nothing,
    describedBy: message ? messageId : nothing,
  };
}

const messageOf = (field: FieldParts) =>
  field.message ? html`<p class="field__message" id=${field.messageId}>${field.message}</p>` : nothing;

const labelOf = (field: FieldParts) =>
  html`<label class="field__label" for=${field.id}>${field.label}${field.required
    ? html`<span class="field__required" aria-hidden="true"> *</span>`
    : nothing}</label>`;

const valueOfTarget = (event: Event) => (event.target as HTMLInputElement).value;
const checkedOfTarget = (event: Event) => (event.target as HTMLInputElement).checked;

const textField: PieceRenderer = (context, node) => {
  const field = fieldParts(context, node);
  const inputType = typeof node.props['inputType'] === 'string' ? node.props['inputType'] : 'text';
  return html`<div part="piece piece-text-field" class="field">
    ${labelOf(field)}
    <input
      id=${field.id}
      class="field__control"
      type=${inputType}
      .value=${live(textOf(node.props['value']))}
      placeholder=${textOf(node.props['placeholder']) || nothing}
      ?required=${field.required}
      ?disabled=${field.disabled}
      aria-invalid=${field.invalid}
      aria-describedby=${field.describedBy}
      @input=${(event: Event) => context.input(node.path, valueOfTarget(event))}
    />
    ${messageOf(field)}
  </div>`;
};

const textArea: PieceRenderer = (context, node) => {
  const field = fieldParts(context, node);
  const rows = typeof node.props['rows'] === 'number' ? node.props['rows'] : 3;
  return html`<div part="piece piece-text-area" class="field">
    ${labelOf(field)}
    <textarea
      id=${field.id}
      class="field__control"
      rows=${rows}
      .value=${live(textOf(node.props['value']))}
      placeholder=${textOf(node.props['placeholder']) || nothing}
      ?required=${field.required}
      ?disabled=${field.disabled}
      aria-invalid=${field.invalid}
      aria-describedby=${field.describedBy}
      @input=${(event: Event) => context.input(node.path, valueOfTarget(event))}
    ></textarea>
    ${messageOf(field)}
  </div>`;
};

function toggle(kind: 'checkbox' | 'switch'): PieceRenderer {
  return (context, node) => {
    const field = fieldParts(context, node);
    return html`<div part="piece piece-${kind}" class="toggle toggle--${kind}">
      <input
        id=${field.id}
        class="toggle__control"
        type="checkbox"
        role=${kind === 'switch' ? 'switch' : nothing}
        .checked=${live(node.props['checked'] === true)}
        ?disabled=${field.disabled}
        aria-invalid=${field.invalid}
        aria-describedby=${field.describedBy}
        @change=${(event: Event) => context.input(node.path, checkedOfTarget(event))}
      />
      <label class="toggle__label" for=${field.id}>${field.label}</label>
      ${messageOf(field)}
    </div>`;
  };
}

interface Option {
  value: string;
  label: string;
}
const optionsOf = (node: ResolvedNode): Option[] =>
  Array.isArray(node.props['options'])
    ? node.props['options'].map((option) => ({ value: textOf((option as Option).value), label: textOf((option as Option).label) }))
    : [];

const select: PieceRenderer = (context, node) => {
  const field = fieldParts(context, node);
  const value = textOf(node.props['value']);
  const options = optionsOf(node);
  const known = options.some((option) => option.value === value);
  const placeholder = textOf(node.props['placeholder']);
  return html`<div part="piece piece-select" class="field">
    ${labelOf(field)}
    <select
      id=${field.id}
      class="field__control"
      ?disabled=${field.disabled}
      aria-invalid=${field.invalid}
      aria-describedby=${field.describedBy}
      @change=${(event: Event) => context.input(node.path, (event.target as HTMLSelectElement).value)}
    >
      ${known ? nothing : html`<option value="" disabled .selected=${true}>${placeholder}</option>`}
      ${options.map((option) => html`<option value=${option.value} .selected=${option.value === value}>${option.label}</option>`)}
    </select>
    ${messageOf(field)}
  </div>`;
};

const radio: PieceRenderer = (context, node) => {
  const field = fieldParts(context, node);
  const value = textOf(node.props['value']);
  return html`<fieldset
    part="piece piece-radio"
    class="choices"
    ?disabled=${field.disabled}
    aria-invalid=${field.invalid}
    aria-describedby=${field.describedBy}
  >
    <legend class="field__label">${field.label}</legend>
    ${optionsOf(node).map((option, index) => {
      const id = context.id(node.path, `option-${index}`);
      return html`<div class="toggle">
        <input
          id=${id}
          class="toggle__control"
          type="radio"
          name=${field.id}
          .value=${option.value}
          .checked=${live(option.value === value)}
          @change=${() => context.input(node.path, option.value)}
        />
        <label class="toggle__label" for=${id}>${option.label}</label>
      </div>`;
    })}
    ${messageOf(field)}
  </fieldset>`;
};

const slider: PieceRenderer = (context, node) => {
  const field = fieldParts(context, node);
  const value = typeof node.props['value'] === 'number' ? node.props['value'] : Number(node.props['min'] ?? 0);
  const step = typeof node.props['step'] === 'number' && node.props['step'] > 0 ? node.props['step'] : 'any';
  return html`<div part="piece piece-slider" class="field">
    ${labelOf(field)}
    <div class="slider">
      <input
        id=${field.id}
        class="slider__control"
        type="range"
        min=${textOf(node.props['min'])}
        max=${textOf(node.props['max'])}
        step=${step}
        .value=${live(String(value))}
        ?disabled=${field.disabled}
        aria-invalid=${field.invalid}
        aria-describedby=${field.describedBy}
        @input=${(event: Event) => context.input(node.path, Number(valueOfTarget(event)))}
      />
      <output class="slider__value" for=${field.id}>${value}</output>
    </div>
    ${messageOf(field)}
  </div>`;
};

export const inputPieces: Record<string, PieceRenderer> = {
  TextField: textField,
  TextArea: textArea,
  Checkbox: toggle('checkbox'),
  Switch: toggle('switch'),
  Select: select,
  Radio: radio,
  Slider: slider,
};

/** Whether an input piece's current value counts as empty for `required`. */
export function isEmptyInput(piece: string, props: Readonly<Record<string, unknown>>): boolean {
  if (piece === 'Checkbox' || piece === 'Switch') return props['checked'] !== true;
  const value = props['value'];
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

