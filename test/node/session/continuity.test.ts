import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decideContinuation, isResumable, type ContinuityOptions } from '../../../core/agent/session/continuity.js';
import { createSession } from '../../../core/agent/session/session-record.js';
import type { AgentStatus } from '../../../core/agent/session/session.types.js';

const base: ContinuityOptions = { now: 10_000, continuityMs: 0, scope: 'time', resumeWindowMs: 5_000, continuity: 'unknown' };

function session(status: AgentStatus, updatedAt: number) {
  const value = createSession({ task: 't', now: updatedAt });
  value.status = status;
  return value;
}

test('the continuation decision, case by case', () => {
  const cases: Array<[string, ReturnType<typeof session> | null, Partial<ContinuityOptions>, boolean, string]> = [
    ['no session', null, {}, false, 'no-session'],
    ['continuity off', session('done', 9_000), {}, false, 'continuity-off'],
    ['within the window', session('done', 9_000), { continuityMs: 1_000 }, true, 'within-window'],
    ['past the window', session('done', 8_999), { continuityMs: 1_000 }, false, 'window-passed'],
    ['ended early', session('done', 9_999), { continuityMs: 1_000, continuity: 'ended' }, false, 'continuity-ended'],
    ['palette open', session('done', 0), { scope: 'palette', continuity: 'open' }, true, 'palette-open'],
    ['palette after a reload', session('done', 9_999), { scope: 'palette' }, false, 'continuity-ended'],
    ['interrupted, recent', session('interrupted', 5_000), {}, true, 'interrupted'],
    ['interrupted, ended continuity does not matter', session('interrupted', 5_000), { continuity: 'ended' }, true, 'interrupted'],
    ['interrupted, too old', session('interrupted', 4_999), {}, false, 'continuity-off'],
  ];
  for (const [label, value, options, expected, reason] of cases) {
    assert.deepEqual(decideContinuation(value, { ...base, ...options }), { continue: expected, reason }, label);
  }
});

test('resumable only while running and recent', () => {
  assert.equal(isResumable(null, 0), false);
  assert.equal(isResumable(session('waiting', 1_000), 1_000 + 600_000), true);
  assert.equal(isResumable(session('waiting', 1_000), 1_000 + 600_001), false);
  assert.equal(isResumable(session('done', 1_000), 1_000), false);
  assert.equal(isResumable(session('executing', 1_000), 1_500, 400), false);
});
