import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Skill, SkillContext } from '../../../../core/skills/index.js';
import { fakeWorld, flush, intentTrail, runnerFor } from './fake-ports.js';

const translate = {
  id: 'translate',
  name: 'Translate',
  kind: 'prompt',
  prompt: 'Translate {{selection}} into {{language}}.',
  arguments: [{ name: 'language', placeholder: 'a language', required: true }],
} satisfies Skill;

test('a command without its required arguments is not run, and the outcome names them in the visitor’s words', async () => {
  const world = fakeWorld();
  const { runner } = runnerFor(world, [translate]);
  const result = await runner.run('/translate');
  assert.deepEqual(result, { status: 'failed', skillId: 'translate', reason: 'missing-arguments', message: 'Type a language after the command.', missing: ['language'] });
  assert.deepEqual(world.log, []);
  assert.deepEqual(world.intents, [], 'a skill that did not run records no run');
  const zh = runnerFor(fakeWorld(), [translate], { locale: 'zh-TW' });
  const inChinese = await zh.runner.run('translate');
  assert.equal(inChinese.status === 'failed' && inChinese.message, '請在指令後輸入a language。');
});

test('an unknown command or id fails as not found', async () => {
  const { runner } = runnerFor(fakeWorld(), [translate]);
  const result = await runner.run('/nope now');
  assert.equal(result.status === 'failed' && result.reason, 'not-found');
  assert.equal(result.status === 'failed' && result.message, 'There is no command “/nope now”.');
  await assert.rejects(async () => runner.run(42 as unknown as string), TypeError);
});

test('a prompt skill fills its template and hands it to the agent; it is done when the agent’s run ends', async () => {
  const world = fakeWorld();
  const { runner } = runnerFor(world, [translate]);
  const result = await runner.run('/translate "Traditional Chinese"');
  assert.equal(result.status, 'done');
  assert.deepEqual(world.log, ['agent Translate the selected words into Traditional Chinese.']);
  assert.deepEqual(intentTrail(world), ['start translate', 'done translate done']);
  world.agentEnd = { status: 'failed', message: 'The page would not load.' };
  const failed = await runner.run('translate', { language: 'fr' });
  assert.equal(failed.status === 'failed' && failed.message, 'The page would not load.');
});

test('a prompt skill via llm shows the answer in the subtitle; without a model it fails with a message', async () => {
  const skill = { id: 'sum', name: 'Summarize', kind: 'prompt', via: 'llm', prompt: 'Summarize {{page.title}}' } satisfies Skill;
  const world = fakeWorld();
  world.llmAnswer = () => 'Three plans.';
  const result = await runnerFor(world, [skill]).runner.run('sum');
  assert.deepEqual(result.status === 'done' && result.answer, 'Three plans.');
  assert.deepEqual(world.log, ['llm Summarize Plans', 'say Three plans.']);
  const none = await runnerFor(fakeWorld({ llm: false }), [skill]).runner.run('sum');
  assert.equal(none.status === 'failed' && none.reason, 'no-model');
});

test('a missing prompt variable is asked for through a small form, never sent as {{name}}', async () => {
  const skill = { id: 'mail', name: 'Write a mail', kind: 'prompt', prompt: 'Write to {{recipient}} about {{topic}}.', variables: { topic: 'the invoice' } } satisfies Skill;
  const world = fakeWorld();
  world.surfaceAnswers.push({ values: { recipient: '  ' } }, { values: { recipient: 'Ana' } });
  const result = await runnerFor(world, [skill]).runner.run('mail');
  assert.equal(result.status, 'done');
  assert.deepEqual(world.log, ['surface modal', 'surface modal', 'agent Write to Ana about the invoice.']);
  const fields = JSON.stringify(world.surfaces[0]);
  assert.match(fields, /"label":"recipient"/);
  assert.doesNotMatch(fields, /"label":"topic"/, 'only what is missing is asked');
  assert.ok(!world.log.some((line) => line.includes('{{')));
  const cancelled = fakeWorld();
  assert.equal((await runnerFor(cancelled, [skill]).runner.run('mail')).status, 'cancelled');
  assert.ok(!cancelled.log.some((line) => line.startsWith('agent')));
});

test('an action skill gets its context from the ports and the store; what it throws fails the run with its message', async () => {
  const world = fakeWorld();
  let seen: SkillContext | undefined;
  const ok = {
    id: 'hello',
    name: 'Hello',
    kind: 'action',
    arguments: [{ name: 'who', placeholder: 'who' }],
    preferences: [{ name: 'greeting', title: 'Greeting', kind: 'text', default: 'Hi' }],
    handler: async (context) => {
      seen = context;
      context.say(`${String(context.preferences.get()['greeting'])} ${context.args['who']} ${context.rest}`);
      await context.navigate('/account');
      context.closePalette();
    },
  } satisfies Skill;
  const broken = { id: 'broken', name: 'Broken', kind: 'action', handler: () => { throw new Error('The shop is closed today.'); } } satisfies Skill;
  const { runner, errors } = runnerFor(world, [ok, broken]);
  assert.equal((await runner.run('/hello Ana and more')).status, 'done');
  assert.deepEqual(world.log, ['say Hi Ana and more', 'navigate /account', 'close palette']);
  assert.equal(seen?.locale, 'en');
  assert.equal(typeof seen?.llm, 'function');
  const failed = await runner.run('broken');
  assert.deepEqual(failed.status === 'failed' && [failed.reason, failed.message], ['threw', 'The shop is closed today.']);
  assert.equal(errors.length, 1, 'the host hears of it too');
});

test('a surface skill shows its built form and hands the submission to onSubmit', async () => {
  const world = fakeWorld();
  const submitted: unknown[] = [];
  const skill = {
    id: 'contact',
    name: 'Contact',
    kind: 'surface',
    placement: 'dock',
    build: () => ({ root: { piece: 'TextField', props: { label: 'Email', value: { $bind: '/email' } } } }),
    onSubmit: (data) => void submitted.push(data),
  } satisfies Skill;
  world.surfaceAnswers.push({ email: 'a@b.test' });
  assert.equal((await runnerFor(world, [skill]).runner.run('contact')).status, 'done');
  assert.deepEqual(world.log, ['surface dock']);
  assert.deepEqual(submitted, [{ email: 'a@b.test' }]);
  const cancelled = fakeWorld();
  assert.equal((await runnerFor(cancelled, [skill]).runner.run('contact')).status, 'cancelled');
});

test('a declared surface skill turns the submitted fields into the agent’s task; an invalid built surface fails', async () => {
  const world = fakeWorld();
  const declared = {
    id: 'quote',
    name: 'Ask for a quote',
    kind: 'surface',
    surface: { root: { piece: 'TextField', props: { label: 'Seats', value: { $bind: '/seats' } } } },
    submitPrompt: 'Find the plan for {{seats}} seats.',
  } satisfies Skill;
  const invalid = { id: 'bad', name: 'Bad form', kind: 'surface', build: () => ({ root: { piece: 'Nope' } }) } satisfies Skill;
  world.surfaceAnswers.push({ seats: '{{pref.key}} 12' });
  const { runner, errors } = runnerFor(world, [declared, invalid]);
  assert.equal((await runner.run('quote')).status, 'done');
  assert.deepEqual(world.log, ['surface modal', 'agent Find the plan for {{pref.key}} 12 seats.'], 'typed text is data, never filled in turn');
  const failed = await runner.run('bad');
  assert.deepEqual(failed.status === 'failed' && [failed.reason, failed.message], ['invalid-surface', '“Bad form” could not show its form.']);
  assert.match(String(errors[0]), /not valid/);
});

test('the preference gate: the setup form, shown again with the errors and what was entered, then the skill runs', async () => {
  const world = fakeWorld();
  const ran: unknown[] = [];
  const skill = {
    id: 'search',
    name: 'Search the catalog',
    kind: 'action',
    preferences: [
      { name: 'region', title: 'Region', kind: 'text', required: true },
      { name: 'max', title: 'Results', kind: 'number', min: 1, max: 10, required: true },
    ],
    handler: (context) => void ran.push(context.preferences.get()),
  } satisfies Skill;
  world.surfaceAnswers.push({ values: { region: 'EU', max: '50' } }, { values: { region: 'EU', max: '5' } });
  const { runner, preferences } = runnerFor(world, [skill]);
  assert.equal((await runner.run('search')).status, 'done');
  assert.equal(world.surfaces.length, 2);
  const again = JSON.stringify(world.surfaces[1]);
  assert.match(again, /Enter a number from 1 to 10/);
  assert.deepEqual(world.surfaces[1]!.data, { values: { region: 'EU', max: '50' } }, 'nothing entered is lost');
  assert.deepEqual(ran, [{ region: 'EU', max: 5 }]);
  assert.deepEqual(preferences.read(skill), { region: 'EU', max: 5 });
  assert.equal((await runner.run('search')).status, 'done');
  assert.equal(world.surfaces.length, 2, 'filled once, not asked again');
});

test('cancelling the setup form does not run the skill', async () => {
  const world = fakeWorld();
  let ran = false;
  const skill = { id: 'gated', name: 'Gated', kind: 'action', preferences: [{ name: 'token', title: 'Token', kind: 'password', required: true }], handler: () => void (ran = true) } satisfies Skill;
  assert.equal((await runnerFor(world, [skill]).runner.run('gated')).status, 'cancelled');
  assert.equal(ran, false);
});

test('a new run ends the running one first', async () => {
  const world = fakeWorld();
  const slow = { id: 'slow', name: 'Slow', kind: 'script', steps: [{ step: 'wait' }, { step: 'subtitle', text: 'never' }] } satisfies Skill;
  const quick = { id: 'quick', name: 'Quick', kind: 'script', steps: [{ step: 'subtitle', text: 'quick' }] } satisfies Skill;
  const { runner } = runnerFor(world, [slow, quick]);
  const first = runner.run('slow');
  await flush();
  assert.equal(runner.getState().active?.skillId, 'slow');
  const second = runner.run('quick');
  assert.equal((await first).status, 'cancelled');
  assert.equal((await second).status, 'done');
  assert.ok(!world.log.includes('say never'));
});

test('createSkillRunner names the option that is wrong', () => {
  const world = fakeWorld();
  assert.throws(() => runnerFor(world, [], { ports: { ...world.ports, findTarget: undefined as never } }), /options\.ports\.findTarget must be a function/);
  assert.throws(() => runnerFor(world, [], { registry: {} as never }), /options\.registry must be a skill registry/);
});
