import { requiredString } from './args.js';
import { defineAction, schema } from './define-action.js';
import { cancelled, fail, isFailure, succeed } from './results.js';
import { untilAborted } from './timing.js';
import type { ActionFailure } from './types.js';

/** The user-facing handlers come from the host; these actions only validate and relay. */

function missingHandler(action: string, handler: string): ActionFailure {
  return fail(
    'unknown',
    `${action} is not available on this page (the host provides no "${handler}" handler). Continue without it, or end your turn and ask in your final message.`,
  );
}

function declined(error: unknown, what: string): ActionFailure {
  const detail = error instanceof Error && error.message ? ` (${error.message.slice(0, 120)})` : '';
  return fail('user_declined', `The user dismissed the ${what}${detail}. Do not ask again right away; continue with what you know or finish.`);
}

export const pause = defineAction({
  name: 'pause',
  description:
    'Stop and wait until the user says to continue, e.g. after asking them to do something themselves (sign in, pick a file). Never to wait for a page: after navigate or a click, the next turn already shows the page as it is.',
  parameters: schema.object({ message: schema.string('What the user should do before continuing.') }, ['message']),
  async run(args, ctx) {
    const message = requiredString(args, 'message', 'what the user should do');
    if (isFailure(message)) return message;
    if (!ctx.pause) return missingHandler('pause', 'pause');
    const outcome = await untilAborted(Promise.resolve().then(() => ctx.pause!(message)), ctx.signal);
    if (outcome.aborted) return cancelled('The pause');
    if ('error' in outcome) return declined(outcome.error, 'pause');
    return succeed('The user is ready to continue. Read the page again: it may have changed.');
  },
});

export const askUser = defineAction<{ answer: string }>({
  name: 'ask_user',
  description: 'Ask the user a question and wait for their typed answer. Use it when you truly need information only they have.',
  parameters: schema.object({ question: schema.string('The question, short and specific.') }, ['question']),
  async run(args, ctx) {
    const question = requiredString(args, 'question', 'what to ask');
    if (isFailure(question)) return question;
    if (!ctx.ask) return missingHandler('ask_user', 'ask');
    const outcome = await untilAborted(Promise.resolve().then(() => ctx.ask!(question)), ctx.signal);
    if (outcome.aborted) return cancelled('The question');
    if ('error' in outcome) return declined(outcome.error, 'question');
    const answer = typeof outcome.value === 'string' ? outcome.value.trim() : '';
    if (!answer) return succeed('The user gave no answer.', { answer: '' });
    return succeed(`The user answered: ${JSON.stringify(answer)}.`, { answer });
  },
});

export const askUserChoice = defineAction<{ answer: string; index: number }>({
  name: 'ask_user_choice',
  description: 'Ask the user to pick one of a few options (2 to 10) and wait for the choice.',
  parameters: schema.object(
    {
      question: schema.string('The question.'),
      options: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 10, description: 'The choices, short labels.' },
    },
    ['question', 'options'],
  ),
  async run(args, ctx) {
    const question = requiredString(args, 'question', 'what to ask');
    if (isFailure(question)) return question;
    const raw = args.options;
    const options = Array.isArray(raw) ? raw.map((o) => (typeof o === 'string' ? o.trim() : '')) : [];
    if (options.length < 2 || options.length > 10 || options.some((o) => o === '')) {
      return fail('invalid_arguments', '"options" must be a list of 2 to 10 non-empty strings.');
    }
    if (new Set(options).size !== options.length) return fail('invalid_arguments', '"options" must not repeat a choice.');
    if (!ctx.choose) return missingHandler('ask_user_choice', 'choose');
    const outcome = await untilAborted(Promise.resolve().then(() => ctx.choose!(question, options)), ctx.signal);
    if (outcome.aborted) return cancelled('The question');
    if ('error' in outcome) return declined(outcome.error, 'question');
    const answer = typeof outcome.value === 'string' ? outcome.value.trim() : '';
    const index = options.indexOf(answer);
    if (index < 0) {
      return succeed(answer ? `The user answered in their own words: ${JSON.stringify(answer)}.` : 'The user chose nothing.', { answer, index });
    }
    return succeed(`The user chose ${JSON.stringify(answer)}.`, { answer, index });
  },
});
