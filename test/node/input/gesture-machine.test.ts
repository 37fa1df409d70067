import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createGestureMachine,
  type GestureContext,
  type GestureIntent,
  type GestureKeyEvent,
  type GestureThresholds,
} from '../../../core/input/index.js';
import { FakeClock } from '../../support/fake-clock.js';

const AWAITING: GestureContext = { awaitingUser: true, typing: false, paletteOpen: false };
const IDLE_PAGE: GestureContext = { awaitingUser: false, typing: false, paletteOpen: false };
const THRESHOLDS = { tapMaxMs: 150, doubleTapWindowMs: 300, holdMinMs: 250 };

function setup(overrides: Partial<GestureThresholds> = {}) {
  const clock = new FakeClock();
  const machine = createGestureMachine({ ...THRESHOLDS, ...overrides }, clock);
  const emitted: GestureIntent[] = [];
  machine.subscribe((intent) => emitted.push(intent));
  const key = (type: 'down' | 'up', key: string, extra: Partial<GestureKeyEvent> = {}, context = AWAITING) =>
    machine.handle({ type, key, code: key === ' ' ? 'Space' : undefined, time: clock.now, ...extra }, context);
  /** Presses Space for `heldMs` and releases it, moving the clock through the hold. */
  const press = (heldMs: number, context = AWAITING) => {
    const down = key('down', ' ', {}, context);
    clock.advance(heldMs);
    const up = key('up', ' ', {}, context);
    return { down, up };
  };
  return { clock, machine, emitted, key, press };
}

test('a single tap accepts only after the double-tap window has passed', () => {
  const { clock, emitted, press, machine } = setup();
  const { down, up } = press(80);
  assert.equal(down.preventDefault, true);
  assert.equal(up.preventDefault, true);
  assert.deepEqual(emitted, []);
  assert.equal(machine.state, 'tap-pending');
  clock.advance(299);
  assert.deepEqual(emitted, []);
  clock.advance(1);
  assert.deepEqual(emitted, ['accept']);
  assert.equal(machine.state, 'idle');
});

test('immediateAccept accepts on the release of the tap', () => {
  const { clock, emitted, press } = setup({ immediateAccept: true });
  const { up } = press(80);
  assert.deepEqual(up.intents, ['accept']);
  assert.deepEqual(emitted, ['accept']);
  clock.advance(1000);
  assert.deepEqual(emitted, ['accept']);
  assert.equal(clock.pending, 0);
});

test('two taps within the window reject, and no accept follows', () => {
  const { clock, emitted, press } = setup();
  press(60);
  clock.advance(200);
  const second = press(60);
  assert.deepEqual(second.up.intents, ['reject']);
  clock.advance(2000);
  assert.deepEqual(emitted, ['reject']);
});

test('a second tap after the window is a new accept, not a reject', () => {
  const { clock, emitted, press } = setup();
  press(60);
  clock.advance(301);
  assert.deepEqual(emitted, ['accept']);
  press(60);
  clock.advance(301);
  assert.deepEqual(emitted, ['accept', 'accept']);
});

test('a hold past holdMinMs starts voice while down and ends it on release', () => {
  const { clock, emitted, key } = setup();
  key('down', ' ');
  clock.advance(249);
  assert.deepEqual(emitted, []);
  clock.advance(1);
  assert.deepEqual(emitted, ['voice-start']);
  // The browser repeats a held key; repeats are swallowed and change nothing.
  const repeat = key('down', ' ', { repeat: true });
  assert.deepEqual(repeat, { preventDefault: true, intents: [] });
  clock.advance(2000);
  const up = key('up', ' ');
  assert.deepEqual(up, { preventDefault: true, intents: ['voice-end'] });
  assert.deepEqual(emitted, ['voice-start', 'voice-end']);
});

test('a press between tapMaxMs and holdMinMs is neither a tap nor a hold', () => {
  const { clock, emitted, press } = setup();
  press(200);
  clock.advance(1000);
  assert.deepEqual(emitted, []);
});

test('thresholds are honoured: a longer tapMaxMs turns a slow press into a tap', () => {
  const { clock, emitted, press } = setup({ tapMaxMs: 220, holdMinMs: 400 });
  press(200);
  clock.advance(300);
  assert.deepEqual(emitted, ['accept']);
});

test('a tap then a hold accepts the tap and starts voice', () => {
  const { clock, emitted, key, press } = setup();
  press(50);
  clock.advance(100);
  key('down', ' ');
  clock.advance(250);
  assert.deepEqual(emitted, ['accept', 'voice-start']);
  key('up', ' ');
  assert.deepEqual(emitted, ['accept', 'voice-start', 'voice-end']);
});

test('thresholds that overlap or are not numbers are refused with the field name', () => {
  assert.throws(() => createGestureMachine({ tapMaxMs: 300, holdMinMs: 200 }), /holdMinMs.*tapMaxMs/);
  assert.throws(() => createGestureMachine({ doubleTapWindowMs: Number.NaN }), /doubleTapWindowMs/);
  assert.throws(() => createGestureMachine({ tapMaxMs: -1 }), /tapMaxMs/);
});

test('Space is left alone when nothing awaits the user', () => {
  const { clock, emitted, press } = setup();
  const { down, up } = press(50, IDLE_PAGE);
  assert.equal(down.preventDefault, false);
  assert.equal(up.preventDefault, false);
  clock.advance(1000);
  assert.deepEqual(emitted, []);
});

test('Space is left alone while the user types or the palette is open', () => {
  for (const context of [
    { ...AWAITING, typing: true },
    { ...AWAITING, paletteOpen: true },
  ]) {
    const { clock, emitted, press, key } = setup();
    assert.equal(press(50, context).down.preventDefault, false);
    key('down', ' ', {}, context);
    clock.advance(1000);
    key('up', ' ', {}, context);
    assert.deepEqual(emitted, [], JSON.stringify(context));
  }
});

test('a key repeat that did not start with an owned press is not taken', () => {
  const { clock, emitted, key } = setup();
  assert.equal(key('down', ' ', { repeat: true }).preventDefault, false);
  clock.advance(1000);
  assert.equal(key('up', ' ').preventDefault, false);
  assert.deepEqual(emitted, []);
});

test('Space with a modifier is not a gesture', () => {
  const { clock, emitted, press, key } = setup();
  assert.equal(key('down', ' ', { ctrlKey: true }).preventDefault, false);
  clock.advance(1000);
  assert.deepEqual(emitted, []);
  press(50);
  clock.advance(400);
  assert.deepEqual(emitted, ['accept']);
});

test('keys during IME composition are never taken', () => {
  for (const extra of [{ isComposing: true }, { keyCode: 229 }]) {
    const { clock, emitted, key } = setup();
    assert.equal(key('down', ' ', extra).preventDefault, false);
    clock.advance(1000);
    assert.equal(key('up', ' ', extra).preventDefault, false);
    assert.equal(key('down', 'Escape', extra).preventDefault, false);
    assert.deepEqual(emitted, []);
  }
  const { key } = setup();
  assert.deepEqual(key('down', 'Process', { code: 'Space' }), { preventDefault: false, intents: [] });
});

test('the release of an owned hold ends voice even when flagged as composing', () => {
  const { clock, emitted, key } = setup();
  key('down', ' ');
  clock.advance(300);
  assert.deepEqual(key('up', ' ', { keyCode: 229 }).intents, ['voice-end']);
  assert.deepEqual(emitted, ['voice-start', 'voice-end']);
});

test('Esc dismisses while something awaits the user, and defers to an open palette', () => {
  const { key } = setup();
  assert.deepEqual(key('down', 'Escape'), { preventDefault: true, intents: ['dismiss'] });
  assert.deepEqual(key('down', 'Escape', {}, IDLE_PAGE), { preventDefault: false, intents: [] });
  assert.deepEqual(key('down', 'Escape', {}, { ...AWAITING, paletteOpen: true }), { preventDefault: false, intents: [] });
  assert.deepEqual(key('up', 'Escape'), { preventDefault: false, intents: [] });
});

test('Esc typed into a field belongs to the field, even while something awaits the user', () => {
  const { key, emitted } = setup();
  assert.deepEqual(key('down', 'Escape', {}, { ...AWAITING, typing: true }), { preventDefault: false, intents: [] });
  assert.deepEqual(emitted, []);
});

test('paletteShortcut false leaves Ctrl/⌘+K untouched for a palette that takes it itself', () => {
  const { key, emitted } = setup();
  const elsewhere = { ...AWAITING, paletteShortcut: false };
  assert.deepEqual(key('down', 'k', { ctrlKey: true }, elsewhere), { preventDefault: false, intents: [] });
  assert.deepEqual(key('down', 'k', { metaKey: true }, elsewhere), { preventDefault: false, intents: [] });
  assert.deepEqual(emitted, []);
  // Space gestures are unaffected by it.
  assert.equal(key('down', ' ', {}, elsewhere).preventDefault, true);
});

test('Tab accepts a line only while awaiting the user and not typing', () => {
  const { key } = setup();
  assert.deepEqual(key('down', 'Tab'), { preventDefault: true, intents: ['accept-line'] });
  assert.deepEqual(key('down', 'Tab', {}, IDLE_PAGE), { preventDefault: false, intents: [] });
  assert.deepEqual(key('down', 'Tab', {}, { ...AWAITING, typing: true }), { preventDefault: false, intents: [] });
  assert.deepEqual(key('down', 'Tab', { shiftKey: true }), { preventDefault: false, intents: [] });
});

test('Ctrl+K and ⌘+K toggle the palette in any context and are always prevented', () => {
  const { key, emitted } = setup();
  for (const context of [AWAITING, IDLE_PAGE, { ...AWAITING, typing: true }, { ...IDLE_PAGE, paletteOpen: true }]) {
    assert.deepEqual(key('down', 'k', { ctrlKey: true }, context), { preventDefault: true, intents: ['toggle-palette'] });
    assert.deepEqual(key('down', 'k', { metaKey: true }, context), { preventDefault: true, intents: ['toggle-palette'] });
  }
  // A layout where the K key types another letter still matches by its code.
  assert.deepEqual(key('down', 'л', { code: 'KeyK', ctrlKey: true }).intents, ['toggle-palette']);
  assert.deepEqual(key('down', 'k', { ctrlKey: true, repeat: true }), { preventDefault: true, intents: [] });
  assert.deepEqual(key('down', 'k'), { preventDefault: false, intents: [] });
  assert.deepEqual(key('down', 'k', { ctrlKey: true, shiftKey: true }), { preventDefault: false, intents: [] });
  assert.equal(emitted.filter((i) => i === 'toggle-palette').length, 9);
});

test('release ends a hold with voice-end and cancels a pending tap', () => {
  const { clock, emitted, key, machine, press } = setup();
  key('down', ' ');
  clock.advance(300);
  assert.deepEqual(machine.release().intents, ['voice-end']);
  // The keyup that follows the lost focus belongs to nobody.
  assert.equal(key('up', ' ').preventDefault, false);
  press(50);
  assert.deepEqual(machine.release().intents, []);
  clock.advance(1000);
  assert.deepEqual(emitted, ['voice-start', 'voice-end']);
});

test('unsubscribe and dispose stop delivery and clear timers', () => {
  const clock = new FakeClock();
  const machine = createGestureMachine(THRESHOLDS, clock);
  const seen: GestureIntent[] = [];
  const unsubscribe = machine.subscribe((i) => seen.push(i));
  machine.handle({ type: 'down', key: 'Escape', time: 0 }, AWAITING);
  unsubscribe();
  machine.handle({ type: 'down', key: 'Escape', time: 1 }, AWAITING);
  assert.deepEqual(seen, ['dismiss']);
  machine.handle({ type: 'down', key: ' ', time: 2 }, AWAITING);
  assert.equal(clock.pending, 1);
  machine.dispose();
  assert.equal(clock.pending, 0);
  assert.equal(machine.state, 'idle');
});

const RUNNING: GestureContext = { awaitingUser: false, interruptible: true, typing: false, paletteOpen: false };

test('while only a task runs, a single tap stays the page\'s: nothing is prevented or emitted', () => {
  const { clock, emitted, press, machine } = setup();
  const { down, up } = press(60, RUNNING);
  assert.equal(down.preventDefault, false);
  assert.equal(up.preventDefault, false);
  clock.advance(1000);
  assert.deepEqual(emitted, []);
  assert.equal(machine.state, 'idle');
  assert.equal(clock.pending, 0, 'no accept waits for the window');
});

test('while only a task runs, the second tap of a double tap is taken and rejects; the first stays the page\'s', () => {
  const { clock, emitted, press } = setup();
  const first = press(60, RUNNING);
  clock.advance(200);
  const second = press(60, RUNNING);
  assert.deepEqual([first.down.preventDefault, first.up.preventDefault], [false, false]);
  assert.deepEqual(second.down, { preventDefault: true, intents: [] });
  assert.deepEqual(second.up, { preventDefault: true, intents: ['reject'] });
  clock.advance(1000);
  assert.deepEqual(emitted, ['reject']);
});

test('a lost focus between two taps while a task runs forgets the first', () => {
  const { clock, emitted, press, machine } = setup();
  press(60, RUNNING);
  machine.release();
  clock.advance(100);
  assert.equal(press(60, RUNNING).down.preventDefault, false);
  assert.deepEqual(emitted, []);
});

test('while only a task runs, a late second tap, a slow first press or a held second press is no double tap', () => {
  {
    const { clock, emitted, press } = setup();
    press(60, RUNNING);
    clock.advance(301);
    assert.equal(press(60, RUNNING).down.preventDefault, false, 'after the window');
    assert.deepEqual(emitted, []);
  }
  {
    const { clock, emitted, press } = setup();
    press(200, RUNNING);
    clock.advance(50);
    assert.equal(press(60, RUNNING).down.preventDefault, false, 'the first press was no tap');
    assert.deepEqual(emitted, []);
  }
  {
    const { clock, emitted, key, press } = setup();
    press(60, RUNNING);
    clock.advance(100);
    assert.equal(key('down', ' ', {}, RUNNING).preventDefault, true);
    clock.advance(300);
    assert.deepEqual(key('down', ' ', { repeat: true }, RUNNING), { preventDefault: true, intents: [] }, 'the taken press keeps its repeats');
    assert.deepEqual(key('up', ' ', {}, RUNNING), { preventDefault: true, intents: [] });
    clock.advance(1000);
    assert.deepEqual(emitted, [], 'neither a reject nor voice');
  }
});

test('three quick taps while a task runs: one reject, and the third is the page\'s again', () => {
  const { clock, emitted, press } = setup();
  press(40, RUNNING);
  clock.advance(100);
  press(40, RUNNING);
  clock.advance(100);
  assert.equal(press(40, RUNNING).down.preventDefault, false);
  clock.advance(1000);
  assert.deepEqual(emitted, ['reject']);
});

test('a held Space while a task runs is the page\'s, repeats included, and means nothing', () => {
  const { clock, emitted, key } = setup();
  assert.equal(key('down', ' ', {}, RUNNING).preventDefault, false);
  clock.advance(500);
  assert.equal(key('down', ' ', { repeat: true }, RUNNING).preventDefault, false);
  assert.equal(key('up', ' ', {}, RUNNING).preventDefault, false);
  clock.advance(50);
  assert.equal(key('down', ' ', {}, RUNNING).preventDefault, false, 'a hold is no first tap');
  assert.deepEqual(emitted, []);
});

test('while a task runs, Esc dismisses; Tab and typing are left alone; immediateAccept leaves Space to the page', () => {
  const { key, press, clock, emitted } = setup();
  assert.deepEqual(key('down', 'Escape', {}, RUNNING), { preventDefault: true, intents: ['dismiss'] });
  assert.deepEqual(key('down', 'Tab', {}, RUNNING), { preventDefault: false, intents: [] });
  const typing = { ...RUNNING, typing: true };
  assert.deepEqual(key('down', 'Escape', {}, typing), { preventDefault: false, intents: [] });
  press(40, typing);
  clock.advance(100);
  assert.equal(press(40, typing).down.preventDefault, false);
  assert.deepEqual(emitted, ['dismiss']);
  const immediate = setup({ immediateAccept: true });
  immediate.press(40, RUNNING);
  immediate.clock.advance(100);
  assert.equal(immediate.press(40, RUNNING).down.preventDefault, false);
  assert.deepEqual(immediate.emitted, []);
});

test('something awaiting the user wins over a running task: Space is taken whole', () => {
  const { clock, emitted, press } = setup();
  assert.equal(press(60, { ...RUNNING, awaitingUser: true }).down.preventDefault, true);
  clock.advance(400);
  assert.deepEqual(emitted, ['accept']);
});

test('an own tap followed, once the question went, by a second tap while the task runs is still a double tap', () => {
  const { clock, emitted, press } = setup();
  press(60);
  clock.advance(100);
  assert.deepEqual(press(60, RUNNING).up.intents, ['reject']);
  clock.advance(1000);
  assert.deepEqual(emitted, ['reject']);
});
