import type { SubtitleState } from './subtitle.types.js';

/** The hidden bar: every hide starts from it. */
export const HIDDEN: SubtitleState = Object.freeze({ visible: false, text: '', type: 'info', streaming: false });

const STATE_FIELDS = [
  'visible',
  'text',
  'type',
  'streaming',
  'prompt',
  'format',
  'pages',
  'page',
  'actions',
  'persistent',
  'autoHideMs',
  'indicator',
  'avatar',
  'task',
  'stopped',
] as const;

/** Whether two states show the same thing, field by field, so that a no-op change notifies nobody. */
export function sameState(a: SubtitleState, b: SubtitleState): boolean {
  return STATE_FIELDS.every((field) => a[field] === b[field]);
}

/** The state once the prompt is gone; a bar that showed only the prompt hides with it. */
export function withoutPrompt(state: SubtitleState): SubtitleState {
  if (state.text === '') return HIDDEN;
  const { prompt: _settled, ...rest } = state;
  return rest;
}
