import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ScriptSkill, Skill } from '../../../../core/skills/index.js';
import { fakeWorld, flush, intentTrail, runnerFor } from './fake-ports.js';

const tour = {
  id: 'tour',
  name: 'Tour of the plans',
  kind: 'script',
  arguments: [{ name: 'plan', placeholder: 'plan' }],
  steps: [
    { step: 'subtitle', text: 'These are the plans, {{plan}} first.' },
    { step: 'point', selector: '#plans', style: 'spotlight' },
    { step: 'point', selector: '#start', label: 'Start here' },
    { step: 'inject', selector: '#plans', text: 'Most teams pick this one.' },
    { step: 'wait', hint: 'Press Space to go on' },
    { step: 'wait', ms: 1000 },
    { step: 'clear' },
    { step: 'surface', surface: { root: { piece: 'TextField', props: { label: 'Email', value: { $bind: '/email' } } } }, saveAs: 'contact' },
    { step: 'llm', prompt: 'Suggest a plan for {{contact.email}}', saveAs: 'advice' },
    { step: 'subtitle', text: 'Saved: {{advice}}' },
  ],
} satisfies ScriptSkill;

test('a script runs every kind of step in order, its templates filled, and ends done with its marks cleared', async () => {
  const world = fakeWorld();
  world.targets.add('#plans').add('#start');
  world.waitAnswers.push('accept');
  world.surfaceAnswers.push({ email: 'ana@example.test' });
  const { runner } = runnerFor(world, [tour]);
  const outcome = runner.run('/tour Pro');
  await world.advance(1000);
  const result = await outcome;
  assert.equal(result.status, 'done');
  assert.deepEqual(world.log, [
    'say These are the plans, Pro first.',
    'point #plans spotlight',
    'point #start highlight Start here',
    'say Start here',
    'inject #plans after Most teams pick this one.',
    'wait Press Space to go on',
    'clear',
    'surface modal',
    'llm Suggest a plan for ana@example.test',
    'say answer to Suggest a plan for ana@example.test',
    'say Saved: answer to Suggest a plan for ana@example.test',
    'clear',
  ]);
  assert.equal(world.storage.size, 0, 'the step pointer is gone once the tour is done');
  assert.equal(runner.getState().active, null);
});

test('a point step with no label and nothing said just before it gets a line of its own', async () => {
  const world = fakeWorld();
  world.targets.add('#a').add('#b');
  const skill = { id: 'marks', name: 'Marks', kind: 'script', steps: [{ step: 'subtitle', text: 'Look.' }, { step: 'point', selector: '#a' }, { step: 'point', selector: '#b' }] } satisfies Skill;
  const { runner } = runnerFor(world, [skill]);
  assert.equal((await runner.run('marks')).status, 'done');
  assert.deepEqual(world.log.filter((line) => line.startsWith('say')), ['say Look.', 'say Look at the marked part of the page.']);
});

test('intents: start, one step per step with its kind, done; each with the skill id and one run id', async () => {
  const world = fakeWorld();
  const skill = { id: 'short', name: 'Short', kind: 'script', steps: [{ step: 'subtitle', text: 'One' }, { step: 'clear' }] } satisfies Skill;
  const { runner } = runnerFor(world, [skill]);
  await runner.run('short');
  assert.deepEqual(intentTrail(world), ['start short', 'step short 0 subtitle', 'step short 1 clear', 'done short done']);
  assert.equal(new Set(world.intents.map((event) => (event as { runId: string }).runId)).size, 1);
  assert.ok(world.intents.every((event) => typeof event.timestamp === 'number'));
});

test('a point step waits for its element, says what it waits for, then skips it with a word', async () => {
  const world = fakeWorld();
  const skill = { id: 'late', name: 'Late', kind: 'script', steps: [{ step: 'point', selector: '#later', label: 'the price' }, { step: 'subtitle', text: 'Next' }] } satisfies Skill;
  const { runner } = runnerFor(world, [skill], { targetTimeoutMs: 5000 });
  const outcome = runner.run('late');
  await world.advance(1000);
  assert.deepEqual(world.log, ['say Waiting for “the price” to appear…']);
  await world.advance(4000);
  assert.equal((await outcome).status, 'done');
  assert.deepEqual(world.log, ['say Waiting for “the price” to appear…', '“the price” is not on this page; going on without it.'.replace(/^/, 'say '), 'say Next', 'clear']);
});

test('an element that appears within the bound is pointed at, and the line before it said again', async () => {
  const world = fakeWorld();
  const skill = { id: 'slow', name: 'Slow', kind: 'script', steps: [{ step: 'subtitle', text: 'Here is the cart.' }, { step: 'point', selector: '#cart' }] } satisfies Skill;
  const { runner } = runnerFor(world, [skill]);
  const outcome = runner.run('slow');
  await world.advance(1000);
  world.targets.add('#cart');
  await world.advance(4000);
  assert.equal((await outcome).status, 'done');
  assert.deepEqual(world.log, ['say Here is the cart.', 'say Waiting for the part of the page this step shows to appear…', 'point #cart highlight', 'say Here is the cart.', 'clear']);
});

test('ifMissing: "fail" ends the tour as failed, saying what was not there', async () => {
  const world = fakeWorld();
  const skill = { id: 'strict', name: 'Strict', kind: 'script', steps: [{ step: 'inject', selector: '#gone', text: 'Note', ifMissing: 'fail' }, { step: 'subtitle', text: 'never' }] } satisfies Skill;
  const { runner } = runnerFor(world, [skill]);
  const outcome = runner.run('strict');
  await world.advance(5000);
  const result = await outcome;
  assert.equal(result.status, 'failed');
  assert.equal(result.status === 'failed' && result.reason, 'target-missing');
  assert.match(result.status === 'failed' ? result.message : '', /not on this page, so the tour stopped/);
  assert.ok(!world.log.includes('say never'));
  assert.equal(world.storage.size, 0);
});

test('leaving at a wait ends the tour as cancelled: marks cleared, subtitle hidden, pointer gone', async () => {
  const world = fakeWorld();
  world.targets.add('#a');
  const skill = { id: 'exit', name: 'Exit', kind: 'script', steps: [{ step: 'point', selector: '#a', label: 'A' }, { step: 'wait' }, { step: 'subtitle', text: 'after' }] } satisfies Skill;
  const { runner } = runnerFor(world, [skill]);
  const outcome = runner.run('exit');
  await flush();
  assert.equal(runner.getState().active?.step, 1);
  world.visitor('exit');
  assert.equal((await outcome).status, 'cancelled');
  assert.deepEqual(world.log.slice(-2), ['clear', 'hide']);
  assert.ok(!world.log.includes('say after'));
  assert.equal(world.storage.size, 0);
  assert.deepEqual(intentTrail(world).at(-1), 'done exit cancelled');
});

test('cancel() during a step stops the run at once; the next step never runs', async () => {
  const world = fakeWorld();
  const skill = { id: 'long', name: 'Long', kind: 'script', steps: [{ step: 'wait', ms: 60_000 }, { step: 'subtitle', text: 'late' }] } satisfies Skill;
  const { runner } = runnerFor(world, [skill]);
  const outcome = runner.run('long');
  await world.advance(100);
  runner.cancel();
  assert.equal((await outcome).status, 'cancelled');
  await world.advance(60_000);
  assert.ok(!world.log.includes('say late'));
  assert.equal(world.clock.pending, 0, 'the wait’s timer is cleared');
});

test('a caller’s signal cancels the run too', async () => {
  const world = fakeWorld();
  const skill = { id: 'held', name: 'Held', kind: 'script', steps: [{ step: 'wait' }] } satisfies Skill;
  const { runner } = runnerFor(world, [skill]);
  const controller = new AbortController();
  const outcome = runner.run('held', {}, { signal: controller.signal });
  await flush();
  controller.abort();
  assert.equal((await outcome).status, 'cancelled');
});

test('nested skills run in place with their vars, each with its own intents tied to the outer run', async () => {
  const world = fakeWorld();
  const inner = { id: 'inner', name: 'Inner', kind: 'script', arguments: [{ name: 'who', placeholder: 'who', required: true }], steps: [{ step: 'subtitle', text: 'Hello {{who}}' }] } satisfies Skill;
  const outer = { id: 'outer', name: 'Outer', kind: 'script', steps: [{ step: 'subtitle', text: 'Before' }, { step: 'skill', id: 'inner', vars: { who: 'Ana' } }, { step: 'subtitle', text: 'After' }] } satisfies Skill;
  const { runner } = runnerFor(world, [inner, outer]);
  assert.equal((await runner.run('outer')).status, 'done');
  assert.deepEqual(world.log, ['say Before', 'say Hello Ana', 'say After', 'clear']);
  assert.deepEqual(intentTrail(world), ['start outer', 'step outer 0 subtitle', 'step outer 1 skill', 'start inner', 'step inner 0 subtitle', 'done inner done', 'step outer 2 subtitle', 'done outer done']);
  const start = world.intents.find((event) => event.kind === 'skill_start' && event.skillId === 'inner');
  assert.equal(start?.kind === 'skill_start' && start.parentRunId, world.intents[0]!.kind === 'skill_start' ? world.intents[0]!.runId : undefined);
});

test('skills that run each other in a cycle end with a failure naming the skill', async () => {
  const world = fakeWorld();
  const a = { id: 'a', name: 'Alpha', kind: 'script', steps: [{ step: 'skill', id: 'b' }] } satisfies Skill;
  const b = { id: 'b', name: 'Beta', kind: 'script', steps: [{ step: 'subtitle', text: 'in b' }, { step: 'skill', id: 'a' }] } satisfies Skill;
  const { runner } = runnerFor(world, [a, b]);
  const result = await runner.run('a');
  assert.equal(result.status, 'failed');
  assert.equal(result.status === 'failed' && result.reason, 'cycle');
  assert.equal(result.status === 'failed' && result.message, '“Alpha” would run inside itself, so the tour stopped.');
  assert.deepEqual(world.log, ['say in b', 'clear']);
});

test('nesting deeper than maxDepth fails; a nested skill that is not there fails by name', async () => {
  const world = fakeWorld();
  const chain = [0, 1, 2, 3].map((n) => ({ id: `s${n}`, name: `S${n}`, kind: 'script', steps: [{ step: 'skill', id: `s${n + 1}` }] }) satisfies Skill);
  const { runner } = runnerFor(world, chain, { maxDepth: 3 });
  const deep = await runner.run('s0');
  assert.equal(deep.status === 'failed' && deep.reason, 'too-deep');
  const missing = await runner.run('s3');
  assert.equal(missing.status === 'failed' && missing.message, 'There is no command “s4”.');
});

test('an llm step without a model fails with a message', async () => {
  const world = fakeWorld({ llm: false });
  const skill = { id: 'ask', name: 'Ask', kind: 'script', steps: [{ step: 'llm', prompt: 'Hi' }] } satisfies Skill;
  const { runner } = runnerFor(world, [skill]);
  const result = await runner.run('ask');
  assert.equal(result.status === 'failed' && result.message, '“Ask” needs a language model, and this page has none.');
});

test('an action step gets the tools; what it throws fails the run with its message', async () => {
  const world = fakeWorld();
  world.targets.add('#x');
  const seen: string[] = [];
  const skill = {
    id: 'code',
    name: 'Code',
    kind: 'script',
    steps: [
      { step: 'subtitle', text: 'Start' },
      {
        step: 'action',
        action: async (tools) => {
          seen.push(String(tools.point('#x', { label: 'X' })));
          tools.subtitle('from code');
          await tools.wait(10);
          throw new Error('The basket is empty.');
        },
      },
    ],
  } satisfies Skill;
  const { runner, errors } = runnerFor(world, [skill]);
  const outcome = runner.run('code');
  await world.advance(10);
  const result = await outcome;
  assert.equal(result.status === 'failed' && result.message, 'The basket is empty.');
  assert.match(seen[0]!, /:mark-1$/);
  assert.equal(errors.length, 1);
  assert.ok(world.log.includes('say from code'));
});
