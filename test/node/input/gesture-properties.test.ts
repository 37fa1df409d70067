import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createGestureMachine, type GestureContext, type GestureIntent } from '../../../core/input/index.js';
import { FakeClock } from '../../support/fake-clock.js';

// Rare flags stay rare, so that plain presses in every context come up often enough to be checked.
const rarely = fc.constantFrom(false, false, false, true);
const keyArb = fc.constantFrom(' ', 'Spacebar', 'Escape', 'Tab', 'k', 'K', 'a', 'Process', 'Enter');
const step = fc.oneof(
  fc.record({
    kind: fc.constant('key' as const),
    type: fc.constantFrom('down' as const, 'up' as const),
    key: keyArb,
    repeat: rarely,
    isComposing: rarely,
    ctrlKey: rarely,
    metaKey: rarely,
    shiftKey: rarely,
    context: fc.record({ awaitingUser: fc.boolean(), interruptible: fc.boolean(), typing: fc.boolean(), paletteOpen: fc.boolean() }),
  }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 600 }) }),
  fc.record({ kind: fc.constant('release' as const) }),
);
const thresholdsArb = fc
  .record({
    tapMaxMs: fc.integer({ min: 0, max: 300 }),
    extraHoldMs: fc.integer({ min: 0, max: 300 }),
    doubleTapWindowMs: fc.integer({ min: 0, max: 500 }),
    immediateAccept: fc.boolean(),
  })
  .map(({ extraHoldMs, ...t }) => ({ ...t, holdMinMs: t.tapMaxMs + extraHoldMs }));

test('any key sequence never throws, never ends voice it did not start, and reports every intent once', () => {
  fc.assert(
    fc.property(thresholdsArb, fc.array(step, { maxLength: 60, size: 'large' }), (thresholds, steps) => {
      const clock = new FakeClock();
      const machine = createGestureMachine(thresholds, clock);
      const emitted: GestureIntent[] = [];
      const reported: GestureIntent[] = [];
      machine.subscribe((intent) => emitted.push(intent));
      let lastSpaceUp = Number.NEGATIVE_INFINITY;
      for (const s of steps) {
        if (s.kind === 'wait') clock.advance(s.ms);
        else if (s.kind === 'release') reported.push(...machine.release().intents);
        else {
          const { kind: _kind, context, ...event } = s;
          const before = machine.state;
          const decision = machine.handle({ ...event, time: clock.now }, context satisfies GestureContext);
          reported.push(...decision.intents);
          if (decision.intents.length > 0) assert.equal(decision.preventDefault, true, 'an intent from a key the page still acts on');
          const startsPress = before === 'idle' || before === 'tap-pending';
          const isSpace = s.key === ' ' || s.key === 'Spacebar';
          if (s.type === 'down' && isSpace && startsPress && !s.ctrlKey && !s.metaKey) {
            const free = !context.typing && !context.paletteOpen && !s.repeat && !s.isComposing && !s.shiftKey;
            if (context.awaitingUser) assert.equal(decision.preventDefault, free, 'Space taken against the rules');
            // While only a task runs, Space is taken only as the second tap of a double tap.
            else if (decision.preventDefault) {
              const followsTap = clock.now - lastSpaceUp <= thresholds.doubleTapWindowMs;
              assert.ok(context.interruptible && free && !thresholds.immediateAccept && followsTap, 'a single Space taken while nothing awaits the user');
            }
          }
          if (s.type === 'up' && isSpace) lastSpaceUp = clock.now;
        }
      }
      clock.advance(10_000);
      let voiceOpen = false;
      for (const intent of emitted) {
        if (intent === 'voice-start') {
          assert.equal(voiceOpen, false, 'voice-start while voice was already on');
          voiceOpen = true;
        }
        if (intent === 'voice-end') {
          assert.equal(voiceOpen, true, 'voice-end without a voice-start');
          voiceOpen = false;
        }
      }
      // Every intent a decision reports also reached the listener, in order.
      const fromTimers = [...emitted];
      for (const intent of reported) {
        const at = fromTimers.indexOf(intent);
        assert.ok(at >= 0, `reported ${intent} never reached the listener`);
        fromTimers.splice(at, 1);
      }
      // Once the window has long passed, no tap is left waiting.
      assert.notEqual(machine.state, 'tap-pending');
      machine.release();
      assert.equal(machine.state, 'idle');
      assert.equal(clock.pending, 0);
    }),
    { numRuns: 500 },
  );
});
