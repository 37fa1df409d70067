import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPanelStack, type PanelSkill, type PanelSkillContext, type Skill } from '../../../../core/skills/index.js';
import { FakeClock } from '../../../support/fake-clock.js';
import { memoryStorage } from '../../../../core/storage/memory-storage.js';
import { fakeWorld, flush, intentTrail, runnerFor } from './fake-ports.js';

const clockPort = (clock: FakeClock) => ({ now: () => clock.now, setTimeout: (callback: () => void, ms: number) => clock.setTimeout(callback, ms), clearTimeout: (handle: unknown) => clock.clearTimeout(handle) });
const listOf = (text: string) => ({ root: { piece: 'Body', props: { text } } });
const baseContext = (signal: AbortSignal) => ({
  signal,
  args: {},
  rest: '',
  preferences: { get: () => ({}), set: () => ({ ok: true, values: {}, errors: [] }), isComplete: () => true, missingRequired: () => [] },
  locale: 'en',
  say: () => undefined,
  navigate: async () => undefined,
  closePalette: () => undefined,
  storage: memoryStorage(),
  showSurface: async () => null,
});

function panel(id: string, extra: Partial<PanelSkill> = {}): PanelSkill {
  return { id, name: id.toUpperCase(), kind: 'panel', inputMode: 'takeover', placeholder: `Search ${id}`, ...extra };
}

test('frames push on enter and pop on back, with breadcrumbs; onLeave runs on each pop, the top first', async () => {
  const clock = new FakeClock();
  const left: string[] = [];
  const stack = createPanelStack({ clock: clockPort(clock) });
  const first = stack.enter({ skill: panel('catalog', { onEnter: () => listOf('all'), onLeave: () => void left.push('catalog') }), context: baseContext });
  void stack.enter({ skill: panel('shoes', { onLeave: () => void left.push('shoes') }), context: baseContext });
  void stack.enter({ skill: panel('red', { onLeave: () => void left.push('red') }), context: baseContext });
  await flush();
  const state = stack.getState();
  assert.deepEqual(state.breadcrumbs, [{ title: 'CATALOG', depth: 0 }, { title: 'SHOES', depth: 1 }, { title: 'RED', depth: 2 }]);
  assert.deepEqual(state.frames[0]!.surface, listOf('all'), 'what onEnter returns is rendered');
  assert.equal(state.frames[2]!.placeholder, 'Search red');
  assert.equal(stack.back(), true);
  assert.deepEqual(left, ['red']);
  stack.backTo(0);
  assert.deepEqual(left, ['red', 'shoes']);
  assert.deepEqual(stack.getState().breadcrumbs.map((crumb) => crumb.title), ['CATALOG']);
  stack.back();
  await first;
  assert.equal(stack.back(), false);
  assert.deepEqual(stack.getState().frames, []);
});


test('typing keeps the same breadcrumbs; entering or leaving a frame makes new ones', async () => {
  const clock = new FakeClock();
  const stack = createPanelStack({ clock: clockPort(clock) });
  void stack.enter({ skill: panel('catalog'), context: baseContext });
  await flush();
  const before = stack.getState().breadcrumbs;
  stack.input('te');
  stack.input('tents');
  const typed = stack.getState();
  assert.equal(typed.frames[0]!.text, 'tents');
  assert.equal(typed.breadcrumbs, before, 'input changes only the frame\'s text');
  void stack.enter({ skill: panel('shoes'), context: baseContext });
  const entered = stack.getState().breadcrumbs;
  assert.notEqual(entered, before);
  assert.deepEqual(entered.map((crumb) => crumb.title), ['CATALOG', 'SHOES']);
  stack.back();
  assert.deepEqual(stack.getState().breadcrumbs, [{ title: 'CATALOG', depth: 0 }]);
});
test('input is debounced on the clock; a call superseded by newer text is aborted and its result dropped', async () => {
  const clock = new FakeClock();
  const calls: { text: string; signal: AbortSignal; finish: () => void }[] = [];
  const skill = panel('search', {
    onInput: (text, context) =>
      new Promise((resolve) => {
        calls.push({ text, signal: context.signal, finish: () => resolve(listOf(`results for ${text}`)) });
      }),
  });
  const stack = createPanelStack({ clock: clockPort(clock), debounceMs: 200 });
  void stack.enter({ skill, context: baseContext });
  stack.input('r');
  clock.advance(100);
  stack.input('re');
  clock.advance(199);
  assert.equal(calls.length, 0, 'typing has not paused yet');
  clock.advance(1);
  assert.deepEqual(calls.map((call) => call.text), ['re']);
  assert.equal(stack.getState().frames[0]!.busy, true);
  stack.input('red');
  assert.equal(calls[0]!.signal.aborted, true, 'the older call is told to stop');
  clock.advance(200);
  calls[1]!.finish();
  await flush();
  calls[0]!.finish();
  await flush();
  const frame = stack.getState().frames[0]!;
  assert.deepEqual(frame.surface, listOf('results for red'), 'the superseded result never lands');
  assert.equal(frame.text, 'red');
  assert.equal(frame.busy, false);
});

test('render, setPlaceholder and back from the context; a render from a superseded call or a left frame is dropped', async () => {
  const clock = new FakeClock();
  let entered: PanelSkillContext | undefined;
  let typing: PanelSkillContext | undefined;
  const errors: unknown[] = [];
  const stack = createPanelStack({ clock: clockPort(clock), debounceMs: 0, onError: (error) => void errors.push(error) });
  const done = stack.enter({
    skill: panel('p', {
      onEnter: (context) => void (entered = context),
      onInput: (_text, context) => void (typing = context),
    }),
    context: baseContext,
  });
  await flush();
  entered!.setPlaceholder('Type a colour');
  entered!.render(listOf('first'));
  entered!.render({ root: { piece: 'NoSuchPiece' } });
  assert.equal(errors.length, 1, 'an invalid surface is reported, not shown');
  stack.input('a');
  clock.advance(0);
  const older = typing!;
  stack.input('ab');
  clock.advance(0);
  older.render(listOf('stale'));
  assert.deepEqual(stack.getState().frames[0]!.surface, listOf('first'));
  typing!.render(listOf('fresh'));
  assert.deepEqual(stack.getState().frames[0]!.surface, listOf('fresh'));
  assert.equal(stack.getState().frames[0]!.placeholder, 'Type a colour');
  entered!.back();
  await done;
  entered!.render(listOf('after'));
  assert.deepEqual(stack.getState().frames, []);
});

test('submit and action reach the top frame; what they throw is reported', async () => {
  const clock = new FakeClock();
  const seen: string[] = [];
  const errors: unknown[] = [];
  const stack = createPanelStack({ clock: clockPort(clock), onError: (error) => void errors.push(error) });
  void stack.enter({
    skill: panel('p', {
      onSubmit: (text) => {
        seen.push(`submit ${text}`);
        return listOf(`sent ${text}`);
      },
      onAction: (name, data) => {
        seen.push(`action ${name} ${JSON.stringify(data)}`);
        throw new Error('no');
      },
    }),
    context: baseContext,
  });
  stack.input('hello');
  await stack.submit();
  await stack.action('open', { id: 3 });
  assert.deepEqual(seen, ['submit hello', 'action open {"id":3}']);
  assert.deepEqual(stack.getState().frames[0]!.surface, listOf('sent hello'));
  assert.equal(errors.length, 1);
  clock.advance(1000);
  assert.deepEqual(seen.length, 2, 'the submit superseded the pending input');
});

test('a panel skill run through the runner lasts while it is entered; back() ends it as done, cancel() as cancelled', async () => {
  const world = fakeWorld();
  const search = panel('search', { onEnter: (context) => context.render(listOf('hello')), onSubmit: () => undefined }) as Skill;
  const inner = panel('filters', { onInput: () => undefined }) as Skill;
  const { runner } = runnerFor(world, [search, inner]);
  const outcome = runner.run('search');
  await flush();
  assert.equal(runner.getState().active?.kind, 'panel');
  assert.deepEqual(runner.panels.getState().frames[0]!.surface, listOf('hello'));
  const nested = runner.run('filters');
  await flush();
  assert.deepEqual(runner.panels.getState().breadcrumbs.map((crumb) => crumb.title), ['SEARCH', 'FILTERS'], 'a panel entered over a panel keeps it');
  runner.panels.back();
  assert.equal((await nested).status, 'done');
  runner.cancel();
  assert.equal((await outcome).status, 'cancelled');
  assert.deepEqual(intentTrail(world), ['start search', 'step search 0 panel', 'start filters', 'step filters 1 panel', 'done filters done', 'done search cancelled']);
  assert.equal(runner.getState().active, null);
});
