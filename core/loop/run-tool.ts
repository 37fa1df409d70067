/**
 * Runs one tool call with its own abort signal and a time limit. The loop never waits on a tool that
 * ignores its signal: a timeout or a stop settles the call at once and the tool is left to wind down.
 */
import { describeValue } from '../util/describe-value.js';
import type { AnyLoopTool, ToolContext, ToolFailureCode, ToolResult } from './types.js';

/** The codes a tool may return (`not_allowed` is the loop's own). */
const FAILURE_CODES: ReadonlySet<string> = new Set<ToolFailureCode>([
  'not_found',
  'not_visible',
  'not_interactive',
  'timeout',
  'navigation',
  'cancelled',
  'user_declined',
  'cross_origin',
  'auth_required',
  'invalid_arguments',
  'unknown_tool',
  'unknown',
]);

export interface ToolOutcome {
  result: ToolResult;
  /** Who wrote `result.message`: the tool, or the loop (timeout, stop, a broken return value). */
  by: 'tool' | 'engine';
}

type Settled = { kind: 'returned'; value: unknown } | { kind: 'threw'; error: unknown } | { kind: 'timeout' } | { kind: 'stopped' };

export async function runTool(
  tool: AnyLoopTool,
  args: Record<string, unknown>,
  context: Omit<ToolContext, 'signal'>,
  timeoutMs: number,
  runSignal: AbortSignal,
): Promise<ToolOutcome> {
  const controller = new AbortController();
  let finish!: (settled: Settled) => void;
  const settled = new Promise<Settled>((resolve) => {
    finish = resolve;
  });
  const onStop = () => finish({ kind: 'stopped' });
  const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
  if (runSignal.aborted) onStop();
  else runSignal.addEventListener('abort', onStop, { once: true });

  try {
    Promise.resolve()
      .then(() => tool.run(args, { ...context, signal: controller.signal }))
      .then(
        (value) => finish({ kind: 'returned', value }),
        (error: unknown) => finish({ kind: 'threw', error }),
      );
    const outcome = await settled;
    switch (outcome.kind) {
      case 'returned':
        return normalizeResult(outcome.value);
      case 'threw':
        return { result: { ok: false, code: 'unknown', message: errorText(outcome.error) }, by: 'tool' };
      case 'timeout':
        controller.abort(new Error(`the tool "${tool.name}" ran longer than ${timeoutMs} ms`));
        return {
          result: { ok: false, code: 'timeout', message: `It did not finish within ${timeoutMs} ms and was stopped.` },
          by: 'engine',
        };
      case 'stopped':
        controller.abort(runSignal.reason);
        return { result: { ok: false, code: 'cancelled', message: 'The run was stopped while this action ran.' }, by: 'engine' };
    }
  } finally {
    clearTimeout(timer);
    runSignal.removeEventListener('abort', onStop);
  }
}

/** A tool's return value as a `ToolResult`; anything else becomes a failure the model can read. */
export function normalizeResult(value: unknown): ToolOutcome {
  if (typeof value !== 'object' || value === null || typeof (value as { ok?: unknown }).ok !== 'boolean') {
    return {
      result: { ok: false, code: 'unknown', message: `The tool returned ${describeValue(value)} instead of a result.` },
      by: 'engine',
    };
  }
  const raw = value as Record<string, unknown>;
  const message = typeof raw.message === 'string' && raw.message !== '' ? raw.message : undefined;
  if (raw.ok === true) {
    const result: ToolResult = { ok: true };
    if (raw.data !== undefined) result.data = raw.data;
    if (message !== undefined) result.message = message;
    const navigation = raw.navigation as { to?: unknown; newDocument?: unknown } | undefined;
    if (navigation && typeof navigation.to === 'string' && navigation.to !== '') {
      result.navigation = navigation.newDocument === true ? { to: navigation.to, newDocument: true } : { to: navigation.to };
    }
    return { result, by: 'tool' };
  }
  const code = typeof raw.code === 'string' && FAILURE_CODES.has(raw.code) ? (raw.code as ToolFailureCode) : 'unknown';
  return { result: message === undefined ? { ok: false, code } : { ok: false, code, message }, by: 'tool' };
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : describeValue(error);
}
