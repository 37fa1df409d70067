import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryStorage } from '../../../../core/storage/index.js';
import type { Skill } from '../../../../core/skills/index.js';
import { FakeClock } from '../../../support/fake-clock.js';
import { fakeWorld, flush, intentTrail, runnerFor } from './fake-ports.js';

const tour = {
  id: 'tour',
  name: 'Tour',
  kind: 'script',
  steps: [
    { step: 'subtitle', text: 'One' },
    { step: 'surface', surface: { root: { piece: 'TextField', props: { label: 'Name', value: { $bind: '/name' } } } }, saveAs: 'form' },
    { step: 'subtitle', text: 'Two {{form.name}}' },
    { step: 'wait' },
    { step: 'subtitle', text: 'Three' },
  ],
} satisfies Skill;

test('a tour interrupted mid-way resumes in a new runner over the same storage at its step, not repeating the one before', async () => {
  const storage = memoryStorage();
  const clock = new FakeClock();
  const first = fakeWorld({ storage, clock });
  first.surfaceAnswers.push({ name: 'Ana' });
  const before = runnerFor(first, [tour]);
  void before.runner.run('tour');
  await flush();
  assert.deepEqual(first.log, ['say One', 'surface modal', 'say Two Ana', 'wait']);
  assert.equal(storage.size, 1, 'the pointer stands at the wait');
  // The page reloads: the old runner is gone with its page; a new one finds the pointer.
  const second = fakeWorld({ storage, clock });
  second.waitAnswers.push('accept');
  const after = runnerFor(second, [tour]);
  const outcome = await after.runner.resumePending();
  assert.equal(outcome?.status, 'done');
  assert.deepEqual(second.log, ['wait', 'say Three', 'clear']);
  assert.deepEqual(intentTrail(second), ['start tour resumed', 'step tour 3 wait', 'step tour 4 subtitle', 'done tour done']);
  assert.equal(second.intents[0]!.kind === 'skill_start' && second.intents[0].runId, first.intents[0]!.kind === 'skill_start' ? first.intents[0].runId : 'x', 'one run id across the reload');
  assert.equal(storage.size, 0, 'cleared at the end');
  assert.equal(await after.runner.resumePending(), undefined, 'continued once');
});

test('kept results survive the reload: a later template still reads them', async () => {
  const storage = memoryStorage();
  const skill = { id: 'keep', name: 'Keep', kind: 'script', steps: [tour.steps[1], { step: 'wait' }, { step: 'subtitle', text: 'Hi {{form.name}}' }] } satisfies Skill;
  const first = fakeWorld({ storage });
  first.surfaceAnswers.push({ name: 'Ana' });
  void runnerFor(first, [skill]).runner.run('keep');
  await flush();
  const second = fakeWorld({ storage });
  second.waitAnswers.push('accept');
  await runnerFor(second, [skill]).runner.resumePending();
  assert.deepEqual(second.log, ['wait', 'say Hi Ana', 'clear']);
});

test('a navigate step to another document writes the pointer at the next step first, and the run goes on there', async () => {
  const storage = memoryStorage();
  const skill = { id: 'away', name: 'Away', kind: 'script', steps: [{ step: 'subtitle', text: 'Going' }, { step: 'navigate', path: '/pricing' }, { step: 'subtitle', text: 'Arrived' }] } satisfies Skill;
  const first = fakeWorld({ storage });
  first.documents.add('/pricing');
  const outcome = await runnerFor(first, [skill]).runner.run('away');
  assert.equal(outcome.status, 'suspended');
  assert.equal(outcome.status === 'suspended' && outcome.step, 2);
  assert.deepEqual(first.log, ['say Going', 'navigate /pricing']);
  assert.ok(!intentTrail(first).some((line) => line.startsWith('done')), 'not done: it goes on in the next document');
  const second = fakeWorld({ storage });
  const resumed = await runnerFor(second, [skill]).runner.resumePending();
  assert.equal(resumed?.status, 'done');
  assert.deepEqual(second.log, ['say Arrived', 'clear'], 'the navigation is not repeated');
});

test('a navigate step that stays in the page (a route change) goes straight on', async () => {
  const world = fakeWorld();
  const skill = { id: 'route', name: 'Route', kind: 'script', steps: [{ step: 'navigate', path: '/a' }, { step: 'subtitle', text: 'There' }] } satisfies Skill;
  assert.equal((await runnerFor(world, [skill]).runner.run('route')).status, 'done');
  assert.deepEqual(world.log, ['navigate /a', 'say There', 'clear']);
});

test('a nested script resumes inside the outer one, then the outer one goes on', async () => {
  const storage = memoryStorage();
  const inner = { id: 'inner', name: 'Inner', kind: 'script', steps: [{ step: 'subtitle', text: 'in 1' }, { step: 'navigate', path: '/next' }, { step: 'subtitle', text: 'in 2' }] } satisfies Skill;
  const outer = { id: 'outer', name: 'Outer', kind: 'script', steps: [{ step: 'subtitle', text: 'out 1' }, { step: 'skill', id: 'inner' }, { step: 'subtitle', text: 'out 2' }] } satisfies Skill;
  const first = fakeWorld({ storage });
  first.documents.add('/next');
  assert.equal((await runnerFor(first, [inner, outer]).runner.run('outer')).status, 'suspended');
  const second = fakeWorld({ storage });
  assert.equal((await runnerFor(second, [inner, outer]).runner.resumePending())?.status, 'done');
  assert.deepEqual(second.log, ['say in 2', 'say out 2', 'clear']);
});

const waiting = { id: 'waiting', name: 'Waiting', kind: 'script', steps: [{ step: 'subtitle', text: 'One' }, { step: 'wait' }] } satisfies Skill;

test('a stale pointer, or one for a skill no longer there, is dropped without running anything', async () => {
  const storage = memoryStorage();
  const clock = new FakeClock();
  const first = fakeWorld({ storage, clock });
  void runnerFor(first, [waiting]).runner.run('waiting');
  await flush();
  assert.equal(storage.size, 1);
  clock.advance(31 * 60_000);
  const second = fakeWorld({ storage, clock });
  assert.equal(await runnerFor(second, [waiting], { resumeWithinMs: 30 * 60_000 }).runner.resumePending(), undefined);
  assert.equal(storage.size, 0);
  assert.deepEqual(second.log, []);

  const third = fakeWorld({ storage });
  void runnerFor(third, [waiting]).runner.run('waiting');
  await flush();
  const fourth = fakeWorld({ storage });
  assert.equal(await runnerFor(fourth, []).runner.resumePending(), undefined);
  assert.equal(storage.size, 0);
});

test('a pointer that cannot be read is dropped; a step that keeps breaking the page is given up after three pick-ups', async () => {
  const storage = memoryStorage();
  storage.set('dddk.skills.run', '{"v":1,"runId":');
  assert.equal(await runnerFor(fakeWorld({ storage }), [waiting]).runner.resumePending(), undefined);
  assert.equal(storage.size, 0);
  void runnerFor(fakeWorld({ storage }), [waiting]).runner.run('waiting');
  await flush();
  for (let reload = 0; reload < 3; reload++) {
    const world = fakeWorld({ storage });
    void runnerFor(world, [waiting]).runner.resumePending();
    await flush();
    assert.deepEqual(world.log, ['wait'], `pick-up ${reload + 1}`);
  }
  const last = fakeWorld({ storage });
  assert.equal(await runnerFor(last, [waiting]).runner.resumePending(), undefined);
  assert.deepEqual(last.log, []);
});

test('a runner that resumes a run the page still runs takes it over; the old one steps aside at its next step', async () => {
  const storage = memoryStorage();
  const skill = { id: 'spa', name: 'Spa', kind: 'script', steps: [{ step: 'wait' }, { step: 'subtitle', text: 'next' }] } satisfies Skill;
  const oldWorld = fakeWorld({ storage });
  const old = runnerFor(oldWorld, [skill]).runner.run('spa');
  await flush();
  const newWorld = fakeWorld({ storage });
  newWorld.waitAnswers.push('accept');
  const resumed = runnerFor(newWorld, [skill]).runner.resumePending();
  await flush();
  oldWorld.visitor('accept');
  assert.equal((await old).status, 'suspended');
  assert.equal((await resumed)?.status, 'done');
  assert.ok(!oldWorld.log.includes('say next'));
  assert.deepEqual(newWorld.log, ['wait', 'say next', 'clear']);
});

test('a password typed into a surface step is not kept, in memory or in the pointer', async () => {
  const storage = memoryStorage();
  const skill = {
    id: 'secret',
    name: 'Secret',
    kind: 'script',
    steps: [
      { step: 'surface', surface: { root: { piece: 'Stack', children: [{ piece: 'TextField', props: { label: 'User', value: { $bind: '/user' } } }, { piece: 'TextField', props: { label: 'Key', inputType: 'password', value: { $bind: '/key' } } }] } }, saveAs: 'login' },
      { step: 'wait' },
    ],
  } satisfies Skill;
  const world = fakeWorld({ storage });
  world.surfaceAnswers.push({ user: 'ana', key: 'hunter2' });
  void runnerFor(world, [skill]).runner.run('secret');
  await flush();
  const stored = storage.get('dddk.skills.run') ?? '';
  assert.match(stored, /"user":"ana"/);
  assert.doesNotMatch(stored, /hunter2/);
});
