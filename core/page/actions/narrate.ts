import { requiredString } from './args.js';
import { defineAction, schema } from './define-action.js';
import { isFailure, succeed } from './results.js';

/** Says something to the user. The page does nothing; the interface shows the text. */
export const narrate = defineAction<{ text: string }>({
  name: 'narrate',
  description: 'Say one or two short sentences to the user, shown as a subtitle. Use it to explain what you see or are about to do.',
  parameters: schema.object({ text: schema.string('What to tell the user, in plain text.') }, ['text']),
  async run(args) {
    const text = requiredString(args, 'text', 'what to tell the user');
    if (isFailure(text)) return text;
    return succeed('Shown to the user.', { text: text.trim() });
  },
});
