/**
 * `guide()`: the provider the kit falls back to when no LLM endpoint is configured. It calls no
 * network: it answers from the turn's facts the agent passes with the call (the visitor's request, the
 * indexed page text, the site map, what earlier turns did) by full-text ranking, and streams its answer
 * like a network provider would, so everything downstream (the loop, the envelope parser, the
 * subtitle) runs unchanged.
 */
import { collectStream } from '../collect-stream.js';
import type { CallLabel } from '../errors.js';
import { LLMError } from '../errors.js';
import { abortedError } from '../http.js';
import { sleep, SleepAborted } from '../../util/sleep.js';
import type { CallMetrics, CompleteOptions, LLMProvider, StreamEvent } from '../types.js';
import { guideStrings, labelled } from './guide.strings.js';
import { readOfferedTools } from './offered-tools.js';
import type { GuideReply } from './guide-reply.js';
import { planReply } from './plan-reply.js';
import { readTurn } from './read-turn.js';
import { replyEvents } from './reply-events.js';

export interface GuideOptions {
  /** Characters per streamed delta. Default 6. */
  deltaSize?: number;
  /** Pause between deltas so the answer visibly streams; 0 sends them at once. Default 8 ms. */
  delayMs?: number;
  /**
   * The reply language (`en` or `zh-TW`) when the request's script does not decide it (no request, or
   * one without letters). A request in Chinese characters gets `zh-TW`, one in Latin letters `en`.
   */
  locale?: string;
  /** Lines of the page text read at most; the rest of a huge page is ignored. Default 3,000. */
  maxLines?: number;
  /** Receives each call's metrics, like the network providers' `onMetrics`. */
  onMetrics?: (metrics: CallMetrics) => void;
}

export const GUIDE_NAME = 'guide (offline)';
const LABEL: CallLabel = { provider: 'guide', model: 'offline' };
const DEFAULTS = { deltaSize: 6, delayMs: 8, maxLines: 3_000 };

/** The offline guide as an `LLMProvider`. Deterministic: the same call options give the same events. */
export function guide(options: GuideOptions = {}): LLMProvider {
  const settings = checkOptions(options);
  const stream = (call: CompleteOptions): AsyncIterable<StreamEvent> => streamGuide(call, settings);
  return {
    name: GUIDE_NAME,
    stream,
    complete: (call) => collectStream(stream(call)),
  };
}

type GuideSettings = Required<Pick<GuideOptions, 'deltaSize' | 'delayMs' | 'maxLines'>> & Pick<GuideOptions, 'locale' | 'onMetrics'>;

function checkOptions(options: GuideOptions): GuideSettings {
  if (!options || typeof options !== 'object') throw new TypeError(`guide: expected an options object or nothing; got ${String(options)}.`);
  const integer = (field: 'deltaSize' | 'maxLines', min: number): number => {
    const value = options[field] ?? DEFAULTS[field];
    if (!Number.isInteger(value) || value < min) throw new TypeError(`guide: \`${field}\` must be an integer of at least ${min}; got ${String(value)}.`);
    return value;
  };
  const delayMs = options.delayMs ?? DEFAULTS.delayMs;
  if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0) {
    throw new TypeError(`guide: \`delayMs\` must be a number of milliseconds, 0 or more; got ${String(delayMs)}.`);
  }
  if (options.locale !== undefined && typeof options.locale !== 'string') {
    throw new TypeError(`guide: \`locale\` must be a language tag such as "en" or "zh-TW"; got ${String(options.locale)}.`);
  }
  if (options.onMetrics !== undefined && typeof options.onMetrics !== 'function') {
    throw new TypeError('guide: `onMetrics` must be a function.');
  }
  return { deltaSize: integer('deltaSize', 1), maxLines: integer('maxLines', 1), delayMs, locale: options.locale, onMetrics: options.onMetrics };
}

async function* streamGuide(call: CompleteOptions, settings: GuideSettings): AsyncGenerator<StreamEvent, void, undefined> {
  const startedAt = Date.now();
  const signal = call?.signal;
  let firstTokenAt: number | undefined;
  let reported = false;
  const report = (outcome: NonNullable<CallMetrics['outcome']>, extra: Partial<CallMetrics> = {}): CallMetrics => {
    const metrics: CallMetrics = { provider: LABEL.provider, model: LABEL.model, startedAt, durationMs: Date.now() - startedAt, attempts: 1, outcome, ...extra };
    if (firstTokenAt !== undefined) metrics.timeToFirstTokenMs = firstTokenAt - startedAt;
    reported = true;
    try {
      settings.onMetrics?.(metrics);
    } catch {
      // A failing metrics sink must not fail the answer.
    }
    return metrics;
  };

  try {
    if (signal?.aborted) throw abortedError(LABEL, signal.reason);
    const messages: unknown[] = Array.isArray(call?.messages) ? call.messages : [];
    const tools = readOfferedTools(call?.tools);
    const reply = safePlan(call, tools, settings);
    const { events, reason, outputChars } = replyEvents(reply, tools, settings.deltaSize, String(messages.length));
    let delta = 0;
    for (const event of events) {
      const isDelta = event.type === 'text-delta' || event.type === 'tool-call-delta';
      if (isDelta && delta > 0 && settings.delayMs > 0) await pause(settings.delayMs, signal);
      if (signal?.aborted) throw abortedError(LABEL, signal.reason);
      if (isDelta) {
        delta += 1;
        firstTokenAt ??= Date.now();
      }
      yield event;
    }
    if (signal?.aborted) throw abortedError(LABEL, signal.reason);
    const usage = { inputTokens: estimateTokens(inputChars(messages, call?.tools)), outputTokens: estimateTokens(outputChars) };
    yield { type: 'usage', usage };
    const metrics = report('finished', usage);
    yield { type: 'finish', reason, metrics };
  } catch (error) {
    const failure = error instanceof LLMError ? error : new LLMError({ kind: 'protocol', label: LABEL, problem: `the offline guide failed: ${String(error)}`, retryable: false, cause: error });
    if (!reported) report('failed', { error: { kind: failure.kind, message: failure.message } });
    throw failure;
  } finally {
    if (!reported) report('cancelled');
  }
}

/** Odd input never throws: a defect in reading it becomes an honest "can't find". */
function safePlan(call: CompleteOptions | undefined, tools: ReturnType<typeof readOfferedTools>, settings: GuideSettings): GuideReply {
  try {
    return planReply(readTurn(call), tools, settings);
  } catch {
    const strings = guideStrings(settings.locale);
    const narration = labelled(strings, strings.notFound);
    const actions = tools.accepts('narrate', 'text') ? [{ tool: 'narrate', args: { text: narration }, about: [] }] : [];
    const reply: GuideReply = { narration, actions, final: true, evaluation: '', nextGoal: 'Stop.', memory: 'Offline guide: the conversation could not be read.' };
    return reply;
  }
}

async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch (error) {
    if (error instanceof SleepAborted) throw abortedError(LABEL, signal?.reason);
    throw error;
  }
}

function inputChars(messages: readonly unknown[], tools: unknown): number {
  let chars = 0;
  for (const message of messages) {
    const content = (message as { content?: unknown } | null)?.content;
    if (typeof content === 'string') chars += content.length;
    else if (Array.isArray(content)) for (const part of content) chars += typeof part?.text === 'string' ? part.text.length : 0;
  }
  if (Array.isArray(tools)) for (const tool of tools) chars += typeof tool?.description === 'string' ? tool.description.length : 0;
  return chars;
}

/** About four characters a token, the usual rule of thumb for English text. */
function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}
