import { describeValue } from '../util/describe-value.js';
import type { SubtitlePaging } from './paginate.js';
import { readingDelayMs, type SubtitleReadingTime } from './reading-delay.js';
import { SUBTITLE_ACTIONS, SUBTITLE_TYPES, type SubtitleActionName, type SubtitleShowOptions, type SubtitleState, type SubtitleType } from './subtitle.types.js';

/** The fields of the state a `show()` sets beyond its text and type. */
export type MessageFields = { -readonly [Field in 'format' | 'actions' | 'persistent' | 'autoHideMs']?: SubtitleState[Field] };

/** A checked `show()` input. */
export interface ShowInput {
  text: string;
  type: SubtitleType;
  fields: MessageFields;
  paging: SubtitlePaging | false;
  onAction?: ((action: SubtitleActionName) => void) | undefined;
}

export function assertText(value: unknown, label: string): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(`${label} must be a string, got ${describeValue(value)}`);
}

/** Checks a `show()` input, naming the field at fault; `readingTime` sets how long `autoHide: true` lasts. */
export function readShowInput(input: string | SubtitleShowOptions, readingTime: SubtitleReadingTime | undefined): ShowInput {
  const fields: MessageFields = {};
  if (typeof input === 'string') return { text: input, type: 'info', fields, paging: {} };
  const label = 'subtitle.show(input)';
  if (typeof input !== 'object' || input === null) {
    throw new TypeError(`${label}: input must be a string or { text, type }, got ${describeValue(input)}`);
  }
  assertText(input.text, `${label}: input.text`);
  const type = input.type ?? 'info';
  if (!(SUBTITLE_TYPES as readonly unknown[]).includes(type)) {
    throw new TypeError(`${label}: input.type must be one of ${SUBTITLE_TYPES.join(', ')}, got ${describeValue(type)}`);
  }
  if (input.format !== undefined && input.format !== 'text' && input.format !== 'markdown') {
    throw new TypeError(`${label}: input.format must be "text" or "markdown", got ${describeValue(input.format)}`);
  }
  if (input.format === 'markdown') fields.format = 'markdown';
  if (input.actions !== undefined) {
    if (!Array.isArray(input.actions) || input.actions.some((action) => !(SUBTITLE_ACTIONS as readonly unknown[]).includes(action))) {
      throw new TypeError(`${label}: input.actions must be an array of ${SUBTITLE_ACTIONS.join(', ')}, got ${describeValue(input.actions)}`);
    }
    if (input.actions.length > 0) fields.actions = Object.freeze([...new Set(input.actions)]);
  }
  if (input.onAction !== undefined && typeof input.onAction !== 'function') {
    throw new TypeError(`${label}: input.onAction must be a function, got ${describeValue(input.onAction)}`);
  }
  if (input.persistent !== undefined && typeof input.persistent !== 'boolean') {
    throw new TypeError(`${label}: input.persistent must be a boolean, got ${describeValue(input.persistent)}`);
  }
  if (input.persistent) fields.persistent = true;
  const { autoHide } = input;
  if (autoHide !== undefined && typeof autoHide !== 'boolean' && !(typeof autoHide === 'number' && Number.isFinite(autoHide) && autoHide >= 0)) {
    throw new TypeError(`${label}: input.autoHide must be true, false or a number of ms >= 0, got ${describeValue(autoHide)}`);
  }
  if (!input.persistent && autoHide !== undefined && autoHide !== false && autoHide !== 0) {
    fields.autoHideMs = autoHide === true ? readingDelayMs(input.text, readingTime) : autoHide;
  }
  const paging = input.paging ?? {};
  if (paging !== false && (typeof paging !== 'object' || paging === null)) {
    throw new TypeError(`${label}: input.paging must be false or { maxChars?, maxSentences? }, got ${describeValue(paging)}`);
  }
  return { text: input.text, type, fields, paging, onAction: input.onAction };
}
