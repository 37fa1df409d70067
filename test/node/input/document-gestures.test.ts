import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentGestureParticipants, joinDocumentGestures, type GestureIntent } from '../../../core/input/index.js';

/** Enough of a document for the binding: an event target that says it is one (nodeType 9). */
function fakeDocument(): Document {
  const target = new EventTarget() as EventTarget & { nodeType: number; visibilityState: string };
  target.nodeType = 9;
  target.visibilityState = 'visible';
  return target as unknown as Document;
}

function key(doc: Document, type: 'keydown' | 'keyup', key: string): Event {
  const event = Object.assign(new Event(type, { cancelable: true }), { key, code: key === ' ' ? 'Space' : key, repeat: false, isComposing: false });
  doc.dispatchEvent(event);
  return event;
}

function participant(awaiting: () => boolean) {
  const heard: GestureIntent[] = [];
  return { heard, context: () => ({ awaitingUser: awaiting() }), onIntent: (intent: GestureIntent) => heard.push(intent) };
}

test('views of one document share one binding, made by the first and removed with the last', () => {
  const doc = fakeDocument();
  const first = participant(() => true);
  const second = participant(() => false);
  const leaveFirst = joinDocumentGestures(doc, first, { immediateAccept: true });
  const leaveSecond = joinDocumentGestures(doc, second);
  assert.equal(documentGestureParticipants(doc), 2);
  key(doc, 'keydown', ' ');
  key(doc, 'keyup', ' ');
  assert.deepEqual(first.heard, ['accept'], 'one key, one intent, however many views');
  leaveFirst();
  leaveFirst();
  assert.equal(documentGestureParticipants(doc), 1);
  leaveSecond();
  assert.equal(documentGestureParticipants(doc), 0);
  const ignored = key(doc, 'keydown', 'Escape');
  assert.equal(ignored.defaultPrevented, false, 'no listener is left behind');
});

test('an intent goes to the view that awaits the user, not to the first one joined', () => {
  const doc = fakeDocument();
  let firstAwaits = false;
  const first = participant(() => firstAwaits);
  const second = participant(() => !firstAwaits);
  const leaves = [joinDocumentGestures(doc, first, { immediateAccept: true }), joinDocumentGestures(doc, second)];
  try {
    assert.equal(key(doc, 'keydown', 'Escape').defaultPrevented, true);
    firstAwaits = true;
    key(doc, 'keydown', 'Escape');
    assert.deepEqual(second.heard, ['dismiss']);
    assert.deepEqual(first.heard, ['dismiss']);
    firstAwaits = false;
    const lone = participant(() => false);
    leaves.push(joinDocumentGestures(doc, lone));
    key(doc, 'keydown', 'Tab');
    assert.deepEqual(lone.heard, [], 'a view that awaits nothing hears nothing');
  } finally {
    for (const leave of leaves) leave();
  }
});

test('with nothing awaiting, the view running a task gets its Esc; one awaiting the user still comes first', () => {
  const doc = fakeDocument();
  let promptWaits = false;
  const idle = participant(() => false);
  const asking = participant(() => promptWaits);
  const running = {
    heard: [] as GestureIntent[],
    context: () => ({ awaitingUser: false, interruptible: true }),
    onIntent(intent: GestureIntent) {
      running.heard.push(intent);
    },
  };
  const leaves = [joinDocumentGestures(doc, idle), joinDocumentGestures(doc, asking), joinDocumentGestures(doc, running)];
  try {
    assert.equal(key(doc, 'keydown', 'Escape').defaultPrevented, true);
    assert.deepEqual(running.heard, ['dismiss']);
    promptWaits = true;
    key(doc, 'keydown', 'Escape');
    assert.deepEqual(asking.heard, ['dismiss']);
    assert.deepEqual(running.heard, ['dismiss']);
    assert.deepEqual(idle.heard, []);
  } finally {
    for (const leave of leaves) leave();
  }
});
