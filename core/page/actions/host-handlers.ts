import { optionalString, requiredString } from './args.js';
import { defineAction, schema } from './define-action.js';
import { cancelled, fail, isFailure, succeed } from './results.js';
import { untilAborted } from './timing.js';
import type { EscalationRequest } from './types.js';

const EVENT_NAME = /^[A-Za-z][\w.:-]{0,63}$/;

export const trackIntent = defineAction({
  name: 'track_intent',
  description: 'Record a notable moment for the site owner\'s analytics (e.g. "pricing_question"). The user does not see it.',
  parameters: schema.object(
    {
      name: schema.string('Event name: letters, digits, _ . : -, at most 64 characters.'),
      props: { type: 'object', description: 'Optional details as flat JSON values.', additionalProperties: true },
    },
    ['name'],
  ),
  async run(args, ctx) {
    const name = requiredString(args, 'name', 'an event name');
    if (isFailure(name)) return name;
    if (!EVENT_NAME.test(name)) return fail('invalid_arguments', `"${name.slice(0, 80)}" is not a valid event name: use letters, digits, _ . : - (at most 64).`);
    const props = args.props ?? {};
    if (typeof props !== 'object' || props === null || Array.isArray(props)) return fail('invalid_arguments', '"props" must be a JSON object.');
    let copy: Record<string, unknown>;
    try {
      copy = JSON.parse(JSON.stringify(props)) as Record<string, unknown>;
    } catch {
      return fail('invalid_arguments', '"props" must be plain JSON.');
    }
    if (!ctx.track) return fail('unknown', 'Analytics is not set up on this page (no "track" handler); skip tracking and continue.');
    const outcome = await untilAborted(Promise.resolve().then(() => ctx.track!(name, copy)), ctx.signal);
    if (outcome.aborted) return cancelled('Tracking');
    if ('error' in outcome) return fail('unknown', 'The analytics handler failed; continue without tracking.');
    return succeed(`Recorded "${name}".`);
  },
});

export const escalateToHuman = defineAction<{ reference?: string }>({
  name: 'escalate_to_human',
  description: 'Hand the conversation to a human (support staff) when you cannot help further or the user asks for a person.',
  parameters: schema.object(
    {
      reason: schema.string('Why a human is needed, in one sentence.'),
      summary: schema.string('What the user wants and what was tried, for the person taking over.'),
    },
    ['reason'],
  ),
  async run(args, ctx) {
    const reason = requiredString(args, 'reason', 'why a human is needed');
    if (isFailure(reason)) return reason;
    const summary = optionalString(args, 'summary');
    if (isFailure(summary)) return summary;
    if (!ctx.escalate) {
      return fail('unknown', 'No human hand-off is set up on this page. Tell the user how to reach support if the page says so, and finish.');
    }
    const request: EscalationRequest = { reason };
    if (summary) request.summary = summary;
    const outcome = await untilAborted(Promise.resolve().then(() => ctx.escalate!(request)), ctx.signal);
    if (outcome.aborted) return cancelled('The hand-off');
    if ('error' in outcome) {
      const detail = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      return fail('unknown', `The hand-off to a human failed (${detail.slice(0, 120)}). Tell the user and finish.`);
    }
    const reference = typeof outcome.value === 'string' && outcome.value ? outcome.value : undefined;
    return succeed(
      `A human has been asked to take over${reference ? ` (${reference})` : ''}. Tell the user, then finish.`,
      reference ? { reference } : {},
    );
  },
});
