/** The pieces every catalog starts with. */
import type { JsonSchema } from './json-schema.js';
import type { PieceDefinition } from './piece-definition.js';

const text = (maxLength = 2000, description?: string): JsonSchema => ({ type: 'string', maxLength, ...(description ? { description } : {}) });
const label = text(200);
const linkUrl: JsonSchema = { type: 'string', format: 'uri-reference', 'x-url': 'link', description: 'http(s) or relative URL' };
const imageUrl: JsonSchema = {
  type: 'string',
  format: 'uri-reference',
  'x-url': 'image',
  description: 'http(s), relative, or base64 data:image URL',
};
const boolean: JsonSchema = { type: 'boolean' };
const gap: JsonSchema = { type: 'integer', minimum: 0, maximum: 64 };
const tone: JsonSchema = { enum: ['neutral', 'info', 'success', 'warning', 'danger'] };

export const ACTION_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_.-]{0,63}$';
export const actionSchema: JsonSchema = {
  type: 'object',
  description: 'What activating the piece does: submit or cancel the surface, or a named custom action.',
  properties: {
    type: { enum: ['submit', 'cancel', 'custom'] },
    name: { type: 'string', pattern: ACTION_NAME_PATTERN },
  },
  required: ['type'],
  additionalProperties: false,
};

const option: JsonSchema = {
  type: 'object',
  properties: { value: { type: 'string', maxLength: 200 }, label },
  required: ['value', 'label'],
  additionalProperties: false,
};
const options: JsonSchema = { type: 'array', items: option, minItems: 1, maxItems: 100 };

function oneOfOptions(props: Readonly<Record<string, unknown>>, value: unknown): string | undefined {
  const choices = Array.isArray(props['options']) ? props['options'].map((o) => (o as { value?: unknown }).value) : [];
  return choices.includes(value) ? undefined : `${JSON.stringify(value)} is not one of the options (${choices.map((c) => JSON.stringify(c)).join(', ')})`;
}

function checkAction(props: Readonly<Record<string, unknown>>): string | undefined {
  const action = props['action'] as { type?: unknown; name?: unknown } | undefined;
  if (action && action.type === 'custom' && action.name === undefined) return 'a custom action needs a "name"';
  return undefined;
}

function needsActionOrHref(props: Readonly<Record<string, unknown>>): string | undefined {
  if (props['action'] === undefined && props['href'] === undefined) return 'needs an "action" or an "href"';
  return checkAction(props);
}

export const builtinPieces: readonly PieceDefinition[] = [
  // layout
  {
    name: 'Stack',
    category: 'layout',
    description: 'Lays children out in a vertical or horizontal line.',
    props: { direction: { enum: ['vertical', 'horizontal'] }, gap, align: { enum: ['start', 'center', 'end', 'stretch'] } },
    children: { max: 100 },
  },
  {
    name: 'Grid',
    category: 'layout',
    description: 'Lays children out in equal columns.',
    props: { columns: { type: 'integer', minimum: 1, maximum: 12 }, gap },
    children: { max: 100 },
  },
  {
    name: 'Card',
    category: 'layout',
    description: 'A framed group of children with an optional title.',
    props: { title: label, tone },
    children: { max: 100 },
  },
  {
    name: 'Tabs',
    category: 'layout',
    description: 'One tab per child; labels[i] names child i.',
    props: { labels: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 80 }, minItems: 1, maxItems: 20 }, selected: { type: 'integer', minimum: 0, maximum: 19 } },
    required: ['labels'],
    children: { min: 1, max: 20 },
    check(props, childCount) {
      const labels = props['labels'];
      if (Array.isArray(labels) && labels.length !== childCount) {
        return `has ${labels.length} labels but ${childCount} children; give one label per child`;
      }
      const selected = props['selected'];
      if (typeof selected === 'number' && selected >= childCount) return `selected ${selected} is past the last tab (${childCount - 1})`;
      return undefined;
    },
  },
  // content
  {
    name: 'Heading',
    category: 'content',
    description: 'A heading of plain text.',
    props: { text: text(300), level: { type: 'integer', minimum: 1, maximum: 6 } },
    required: ['text'],
    bindable: ['text'],
    children: false,
  },
  {
    name: 'Body',
    category: 'content',
    description: 'A paragraph of plain text (no markup is interpreted).',
    props: { text: text(10_000), tone: { enum: ['default', 'muted'] } },
    required: ['text'],
    bindable: ['text'],
    children: false,
  },
  {
    name: 'Markdown',
    category: 'content',
    description: 'Markdown text, rendered sanitized (no raw HTML, no scripts).',
    props: { text: text(20_000) },
    required: ['text'],
    bindable: ['text'],
    markdownProps: ['text'],
    children: false,
  },
  {
    name: 'Image',
    category: 'content',
    description: 'An image with alternative text.',
    props: { src: imageUrl, alt: text(300), width: { type: 'integer', minimum: 1, maximum: 4096 }, height: { type: 'integer', minimum: 1, maximum: 4096 } },
    required: ['src', 'alt'],
    bindable: ['src'],
    children: false,
  },
  {
    name: 'Badge',
    category: 'content',
    description: 'A short status label.',
    props: { text: text(60), tone },
    required: ['text'],
    bindable: ['text'],
    children: false,
  },
  // data
  {
    name: 'Listing',
    category: 'data',
    description: 'A list of items, each with a title and optional subtitle and link.',
    props: {
      items: {
        type: 'array',
        maxItems: 500,
        items: {
          type: 'object',
          properties: { title: label, subtitle: text(400), href: linkUrl },
          required: ['title'],
          additionalProperties: false,
        },
      },
      empty: label,
    },
    required: ['items'],
    bindable: ['items'],
    children: false,
  },
  {
    name: 'Metric',
    category: 'data',
    description: 'One figure with a label, such as "Revenue: 12k".',
    props: { label, value: { anyOf: [{ type: 'number' }, text(60)] }, unit: text(20), trend: { enum: ['up', 'down', 'flat'] } },
    required: ['label', 'value'],
    bindable: ['value'],
    children: false,
  },
  {
    name: 'ProgressBar',
    category: 'data',
    description: 'Progress from 0 to max (default 100).',
    props: { value: { type: 'number', minimum: 0 }, max: { type: 'number', minimum: 1 }, label },
    required: ['value'],
    bindable: ['value'],
    children: false,
    check(props) {
      const max = typeof props['max'] === 'number' ? props['max'] : 100;
      const value = props['value'];
      return typeof value === 'number' && value > max ? `value ${value} is above max ${max}` : undefined;
    },
  },
  {
    name: 'Table',
    category: 'data',
    description: 'Rows of records shown under named columns; each row is an object keyed by column key.',
    props: {
      columns: {
        type: 'array',
        minItems: 1,
        maxItems: 20,
        items: { type: 'object', properties: { key: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' }, label }, required: ['key', 'label'], additionalProperties: false },
      },
      rows: { type: 'array', maxItems: 1000, items: { type: 'object' } },
      caption: label,
    },
    required: ['columns', 'rows'],
    bindable: ['rows'],
    children: false,
  },
  // input
  {
    name: 'TextField',
    category: 'input',
    description: 'A one-line text input bound to a string.',
    props: { label, value: text(2000), placeholder: label, inputType: { enum: ['text', 'email', 'number', 'tel', 'url', 'search', 'password'] }, required: boolean, disabled: boolean },
    required: ['label', 'value'],
    bindable: ['value'],
    writes: 'value',
    children: false,
  },
  {
    name: 'TextArea',
    category: 'input',
    description: 'A multi-line text input bound to a string.',
    props: { label, value: text(20_000), placeholder: label, rows: { type: 'integer', minimum: 1, maximum: 30 }, required: boolean, disabled: boolean },
    required: ['label', 'value'],
    bindable: ['value'],
    writes: 'value',
    children: false,
  },
  {
    name: 'Checkbox',
    category: 'input',
    description: 'A checkbox bound to a boolean.',
    props: { label, checked: boolean, disabled: boolean },
    required: ['label', 'checked'],
    bindable: ['checked'],
    writes: 'checked',
    children: false,
  },
  {
    name: 'Switch',
    category: 'input',
    description: 'An on/off switch bound to a boolean.',
    props: { label, checked: boolean, disabled: boolean },
    required: ['label', 'checked'],
    bindable: ['checked'],
    writes: 'checked',
    children: false,
  },
  {
    name: 'Select',
    category: 'input',
    description: 'A drop-down choice of one option value.',
    props: { label, value: { type: 'string', maxLength: 200 }, options, placeholder: label, disabled: boolean },
    required: ['label', 'value', 'options'],
    bindable: ['value'],
    writes: 'value',
    acceptInput: oneOfOptions,
    children: false,
  },
  {
    name: 'Radio',
    category: 'input',
    description: 'A group of radio buttons choosing one option value.',
    props: { label, value: { type: 'string', maxLength: 200 }, options, disabled: boolean },
    required: ['label', 'value', 'options'],
    bindable: ['value'],
    writes: 'value',
    acceptInput: oneOfOptions,
    children: false,
  },
  {
    name: 'Slider',
    category: 'input',
    description: 'A number between min and max.',
    props: { label, value: { type: 'number' }, min: { type: 'number' }, max: { type: 'number' }, step: { type: 'number', minimum: 0 }, disabled: boolean },
    required: ['label', 'value', 'min', 'max'],
    bindable: ['value'],
    writes: 'value',
    children: false,
    acceptInput(props, value) {
      const { min, max } = props as { min?: unknown; max?: unknown };
      if (typeof value !== 'number') return 'expected a number';
      if (typeof min === 'number' && value < min) return `${value} is below min ${min}`;
      if (typeof max === 'number' && value > max) return `${value} is above max ${max}`;
      return undefined;
    },
    check(props) {
      const { min, max } = props as { min?: unknown; max?: unknown };
      if (typeof min === 'number' && typeof max === 'number' && min >= max) return `min ${min} must be below max ${max}`;
      return undefined;
    },
  },
  // action
  {
    name: 'Button',
    category: 'action',
    description: 'A button that fires an action or opens an href.',
    props: { text: text(80), variant: { enum: ['primary', 'secondary', 'danger', 'ghost'] }, action: actionSchema, href: linkUrl, disabled: boolean },
    required: ['text'],
    children: false,
    check: needsActionOrHref,
  },
  {
    name: 'IconButton',
    category: 'action',
    description: 'A compact button showing a named icon; label is its accessible name.',
    props: { icon: { type: 'string', pattern: '^[a-z0-9-]{1,40}$' }, label: text(80), action: actionSchema, href: linkUrl, disabled: boolean },
    required: ['icon', 'label'],
    children: false,
    check: needsActionOrHref,
  },
  {
    name: 'Link',
    category: 'action',
    description: 'A text link to an href, or firing an action.',
    props: { text: text(200), href: linkUrl, action: actionSchema, external: boolean },
    required: ['text'],
    children: false,
    check: needsActionOrHref,
  },
  // feedback
  {
    name: 'Alert',
    category: 'feedback',
    description: 'A message box with a tone.',
    props: { tone, title: label, text: text(2000) },
    required: ['text'],
    bindable: ['text'],
    children: false,
  },
  {
    name: 'Spinner',
    category: 'feedback',
    description: 'Shows that something is loading; label is read to assistive technology.',
    props: { label },
    children: false,
  },
  // slot
  {
    name: 'Slot',
    category: 'slot',
    description: 'Where the host places its own content, by name.',
    props: { name: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' } },
    required: ['name'],
    children: false,
  },
];
