import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  composeStoredSession,
  parseStoredSession,
  peekSessionHead,
  serializeSessionBody,
  SessionRecordError,
  validateSession,
} from '../../../core/agent/session/session-codec.js';
import { completeStep, createSession, createSessionId, isStepCompleted } from '../../../core/agent/session/session-record.js';
import { createSessionStore, type SessionStoreEvent } from '../../../core/agent/session/session-store.js';
import type { AgentSession } from '../../../core/agent/session/session.types.js';
import { memoryStorage } from '../../../core/storage/index.js';

function fullSession(): AgentSession {
  const session = createSession({ task: 'Find the cheapest plan', currentPage: '/pricing', now: 1000, id: 'run-1' });
  session.version = 4;
  session.updatedAt = 2000;
  session.status = 'executing';
  session.turns.push(
    { kind: 'user', ts: 1000, text: 'Find the cheapest plan', selection: { text: 'Pro', elements: ['#plan-pro'] } },
    { kind: 'agent_step', ts: 1500, stepId: 's1', tool: 'click', args: { id: '12' }, narration: 'Opening the plans', ok: true },
    { kind: 'agent_final', ts: 1900, text: 'Starter is cheapest.' },
  );
  session.transcript = { messages: [{ role: 'user', content: 'x' }], turn: 3 };
  session.pendingActions = [{ tool: 'scroll', args: {} }];
  session.completedSteps = ['s1'];
  session.plan = { task_summary: 'I will compare the plans.', todos: ['Open pricing', 'Compare'] };
  session.mark = 'm-123';
  return session;
}

function stored(session: AgentSession): string {
  return composeStoredSession(session, serializeSessionBody(session));
}

test('session ids are unique strings', () => {
  const ids = new Set(Array.from({ length: 50 }, createSessionId));
  assert.equal(ids.size, 50);
});

test('a stored session reads back equal, every field included', () => {
  const session = fullSession();
  assert.deepEqual(parseStoredSession(stored(session)), session);
});

test('the head of a stored record is read without parsing the body', () => {
  const session = fullSession();
  session.id = 'quote"and\\slash';
  assert.deepEqual(peekSessionHead(stored(session)), { id: 'quote"and\\slash', version: 4, updatedAt: 2000 });
  assert.equal(peekSessionHead('{"format":"other"}'), undefined);
  assert.equal(peekSessionHead(null), undefined);
  assert.equal(peekSessionHead(stored(session).replace('"schema":1', '"schema":2')), undefined);
});

test('completed steps are recorded once', () => {
  const session = fullSession();
  completeStep(session, 's2');
  completeStep(session, 's2');
  assert.deepEqual(session.completedSteps, ['s1', 's2']);
  assert.equal(isStepCompleted(session, 's2'), true);
  assert.equal(isStepCompleted(session, 's3'), false);
});

test('validation keeps only the known fields', () => {
  const copy = validateSession({ ...fullSession(), injected: '<script>', extra: 1 });
  assert.equal('injected' in copy, false);
  assert.equal('extra' in copy, false);
});

test('a missing transcript reads as null', () => {
  const { transcript: _transcript, ...rest } = fullSession();
  assert.equal(validateSession(rest).transcript, null);
});

const problems: Array<[string, (text: string) => string, string, RegExp]> = [
  ['corrupt JSON', (text) => text.slice(0, 40), 'corrupt-json', /not JSON/],
  ['a value of another library', () => JSON.stringify({ id: 'x', turns: [] }), 'foreign', /not a dddk.session record/],
  ['another schema', (text) => text.replace('"schema":1', '"schema":9'), 'unsupported-schema', /schema 9/],
  ['an unknown status', (text) => text.replace('"status":"executing"', '"status":"dancing"'), 'invalid', /status "dancing"/],
  ['a turn of an unknown kind', (text) => text.replace('"kind":"agent_final"', '"kind":"robot"'), 'invalid', /turns\[2\]\.kind/],
  ['a non-string completed step', (text) => text.replace('"completedSteps":["s1"]', '"completedSteps":[1]'), 'invalid', /completedSteps/],
  ['a plan without todos', (text) => text.replace('"todos":["Open pricing","Compare"]', '"todos":[]'), 'invalid', /plan: "todos"/],
  ['a negative version', (text) => text.replace('"version":4', '"version":-4'), 'invalid', /./],
  ['header and body ids that differ', (text) => text.replace('"id":"run-1","version"', '"id":"run-2","version"'), 'invalid', /body id differ/],
];

for (const [label, corrupt, problem, message] of problems) {
  test(`a record with ${label} is refused as ${problem}`, () => {
    const text = corrupt(stored(fullSession()));
    assert.throws(
      () => parseStoredSession(text),
      (error: unknown) => error instanceof SessionRecordError && error.problem === problem && message.test(error.message),
    );
  });

  test(`the store drops a stored record with ${label}, says so, and starts fresh`, () => {
    const storage = memoryStorage();
    storage.set('dddk.webagent.session', corrupt(stored(fullSession())));
    const events: SessionStoreEvent[] = [];
    const store = createSessionStore({ storage, onEvent: (event) => events.push(event) });
    assert.equal(store.load(), null);
    assert.equal(storage.get('dddk.webagent.session'), null, 'the bad record is removed');
    assert.equal(events.length, 1);
    const [event] = events;
    assert.ok(event?.type === 'record_dropped');
    assert.equal(event.reason, problem);
    assert.equal(event.source, 'storage');
    assert.match(event.message, /dddk\.webagent\.session/);
    const { session, continued } = store.begin('next task');
    assert.equal(continued, false);
    assert.equal(session.task, 'next task');
    store.dispose();
  });
}

test('a session that is not plain JSON is refused with the field to check', () => {
  const session = fullSession();
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  session.transcript = cycle as never;
  const store = createSessionStore({ storage: 'memory' });
  assert.throws(() => store.save(session), /transcript or pendingActions/);
  store.dispose();
});
