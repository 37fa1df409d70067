import { optionalEnum, optionalNumber, optionalString } from './args.js';
import { defineAction, schema } from './define-action.js';
import { isVisible } from './element-state.js';
import { cancelled, fail, isFailure, succeed } from './results.js';
import { sleep } from './timing.js';
import type { ActionContext } from './types.js';
import { waitForCondition } from '../wait-for-condition.js';

export { waitForCondition } from '../wait-for-condition.js';

export const MAX_WAIT_MS = 10_000;
export const MAX_WAIT_UNTIL_MS = 30_000;

export const wait = defineAction<{ waitedMs: number }>({
  name: 'wait',
  description: `Wait a fixed time (at most ${MAX_WAIT_MS / 1000} s) for the page to settle. Prefer wait_until when you know what you are waiting for.`,
  parameters: schema.object({ ms: schema.number('Milliseconds to wait.', 0, MAX_WAIT_MS) }, ['ms']),
  async run(args, ctx) {
    const ms = optionalNumber(args, 'ms', 0, MAX_WAIT_MS);
    if (isFailure(ms)) return ms;
    if (ms === undefined) return fail('invalid_arguments', `"ms" is required: how long to wait, 0–${MAX_WAIT_MS}.`);
    if (!(await sleep(ms, ctx.signal))) return cancelled('The wait');
    return succeed(`Waited ${ms} ms.`, { waitedMs: ms });
  },
});

const STATES = ['present', 'visible', 'absent', 'hidden'] as const;
type WaitState = (typeof STATES)[number];

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

function targetCondition(ctx: ActionContext, target: string, state: WaitState): () => boolean {
  return () => {
    let found;
    try {
      found = ctx.resolve(target);
    } catch {
      found = undefined;
    }
    const element = found && !isFailure(found) && found.isConnected ? found : undefined;
    switch (state) {
      case 'present':
        return element !== undefined;
      case 'visible':
        return element !== undefined && isVisible(element);
      case 'absent':
        return element === undefined;
      case 'hidden':
        return element === undefined || !isVisible(element);
    }
  };
}

function textCondition(text: string, state: WaitState): () => boolean {
  const needle = normalize(text);
  return () => {
    const shown = normalize(document.body?.innerText ?? '').includes(needle);
    return state === 'absent' || state === 'hidden' ? !shown : shown;
  };
}

export const waitUntil = defineAction<{ waitedMs: number }>({
  name: 'wait_until',
  description:
    'Wait until an element appears, becomes visible, disappears or hides (target + state), or until some text appears or disappears on the page (text + state). Ends early when it happens.',
  parameters: schema.object({
    target: schema.target('The element to wait for: an element id from the page reading, or a CSS selector where the site accepts them.'),
    text: schema.string('Or: text to wait for on the page.'),
    state: { type: 'string', enum: [...STATES], description: 'present (default), visible, absent or hidden.' },
    timeoutMs: schema.number('Give up after this long. Default 5000.', 100, MAX_WAIT_UNTIL_MS),
  }),
  async run(args, ctx) {
    const target = optionalString(args, 'target');
    if (isFailure(target)) return target;
    const text = optionalString(args, 'text');
    if (isFailure(text)) return text;
    const state = optionalEnum<WaitState>(args, 'state', STATES);
    if (isFailure(state)) return state;
    const timeout = optionalNumber(args, 'timeoutMs', 100, MAX_WAIT_UNTIL_MS);
    if (isFailure(timeout)) return timeout;
    if (!target === !text || (text !== undefined && text.trim() === '')) {
      return fail('invalid_arguments', 'Pass exactly one of "target" (an element) or "text" (words on the page).');
    }
    const want = state ?? 'present';
    const condition = target ? targetCondition(ctx, target, want) : textCondition(text!, want);
    const started = performance.now();
    const met = await waitForCondition(condition, timeout ?? 5_000, ctx.signal);
    if (ctx.signal.aborted) return cancelled('The wait');
    const what = target ? `the element "${target}"` : `the text ${JSON.stringify(text)}`;
    const waitedMs = Math.round(performance.now() - started);
    if (!met) {
      return fail(
        'timeout',
        `After ${timeout ?? 5_000} ms, ${what} is still not ${want}. The page may need another action first; read it again, or wait longer (up to ${MAX_WAIT_UNTIL_MS} ms).`,
      );
    }
    return succeed(`${what[0]!.toUpperCase()}${what.slice(1)} is ${want} (after ${waitedMs} ms).`, { waitedMs });
  },
});
