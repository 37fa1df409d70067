import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSkillRegistry, type Skill, type SkillRegistryState } from '../../../core/skills/index.js';
import { actionSkill, panelSkill, promptSkill, scriptSkill, surfaceSkill } from './fixtures.js';

const quiet = { onError: () => undefined };

test('register, get, listAll, unregister; the state follows each change', () => {
  const registry = createSkillRegistry([promptSkill], quiet);
  const states: SkillRegistryState[] = [];
  const unsubscribe = registry.subscribe((state) => states.push(state));
  const remove = registry.register(scriptSkill);
  assert.equal(registry.get('tour.pricing'), scriptSkill);
  assert.deepEqual(registry.listAll(), [promptSkill, scriptSkill]);
  assert.deepEqual(registry.getState().skills, [promptSkill, scriptSkill]);
  assert.ok(Object.isFrozen(registry.getState().skills));
  remove();
  assert.equal(registry.get('tour.pricing'), undefined);
  assert.equal(registry.unregister('tour.pricing'), false);
  assert.equal(registry.unregister('translate'), true);
  assert.deepEqual(states.map((state) => state.skills.map((skill) => skill.id)), [['translate', 'tour.pricing'], ['translate'], []]);
  unsubscribe();
  registry.register(actionSkill);
  assert.equal(states.length, 3, 'no call after unsubscribe');
});

test('the remover returned by register leaves a newer skill of the same id alone', () => {
  const registry = createSkillRegistry([], quiet);
  const removeOld = registry.register(promptSkill);
  registry.unregister('translate');
  const newer = { ...promptSkill, name: 'Translate, again' };
  registry.register(newer);
  removeOld();
  assert.equal(registry.get('translate'), newer);
});

test('a duplicate id or command throws, naming both skills', () => {
  const registry = createSkillRegistry([promptSkill], quiet);
  assert.throws(() => registry.register({ ...actionSkill, id: 'translate' }), {
    name: 'TypeError',
    message: 'skills.register(skill): the id "translate" of "Refresh my orders" is already the id of "Translate the selection"; unregister that one first or give this one another id',
  });
  assert.throws(() => registry.register({ ...actionSkill, command: 'TRANSLATE' }), {
    name: 'TypeError',
    message: 'skills.register(skill): the command "/TRANSLATE" of "Refresh my orders" (orders:refresh) is already the command of "Translate the selection" (translate); give one of them another `command`',
  });
  assert.throws(() => createSkillRegistry([promptSkill, { ...promptSkill }]), { message: /^createSkillRegistry\(initial\): initial\[1\]: the id "translate" .* is already the id of/ });
  assert.throws(() => createSkillRegistry([promptSkill, { ...actionSkill, name: '' }]), { message: /^createSkillRegistry\(initial\): initial\[1\]\.name: must not be blank/ });
  assert.deepEqual(registry.listAll(), [promptSkill], 'nothing added by a refusal');
});

test('register checks the skill', () => {
  const registry = createSkillRegistry();
  assert.throws(() => registry.register({ ...promptSkill, kind: 'macro' } as unknown as Skill), { name: 'TypeError', message: /^skills\.register\(skill\)\.kind: must be one of/ });
  assert.throws(() => createSkillRegistry({} as unknown as Skill[]), /initial must be an array of skills/);
});

test('the default command comes from the id', () => {
  const registry = createSkillRegistry([actionSkill, { ...panelSkill, id: 'Catalog.Search/v2' }], quiet);
  assert.equal(registry.commandOf(actionSkill), 'orders-refresh');
  assert.equal(registry.match('/catalog-search-v2 shoes', {})?.skill.id, 'Catalog.Search/v2');
});

test('list leaves out hidden skills and those visible() refuses; one that throws is reported once, not thrown', () => {
  const errors: Array<[unknown, string]> = [];
  const broken: Skill = { ...surfaceSkill, visible: () => { throw new Error('no user service'); } };
  const hidden: Skill = { ...panelSkill, hidden: true };
  const registry = createSkillRegistry([promptSkill, actionSkill, broken, hidden], { onError: (error, skill) => errors.push([error, skill.id]) });
  assert.deepEqual(registry.list({}).map((skill) => skill.id), ['translate']);
  assert.deepEqual(registry.list({ user: { name: 'Ada' } }).map((skill) => skill.id), ['translate', 'orders:refresh']);
  assert.equal(errors.length, 1, 'reported once while it keeps failing');
  assert.equal(errors[0]![1], 'feedback');
  assert.match(String(errors[0]![0]), /no user service/);
  assert.equal(registry.listAll().length, 4);
});

test('list asks visible() with the context option when the call passes none', () => {
  let user: unknown;
  const registry = createSkillRegistry([actionSkill], { context: () => ({ user, path: '/orders' }) });
  assert.deepEqual(registry.list(), []);
  user = { id: 1 };
  assert.deepEqual(registry.list(), [actionSkill]);
});

test('match reads /command and its arguments, quoted ones whole, case aside', () => {
  const registry = createSkillRegistry([promptSkill, { ...scriptSkill, arguments: [{ name: 'plan', placeholder: 'plan' }, { name: 'seats', placeholder: 'seats' }] }], quiet);
  const found = registry.match('  /Translate "Traditional Chinese" and keep the names');
  assert.equal(found?.skill, promptSkill);
  assert.equal(found?.command, 'translate');
  assert.deepEqual(found?.args, ['Traditional Chinese']);
  assert.deepEqual(found?.named, { language: 'Traditional Chinese' });
  assert.equal(found?.rest, 'and keep the names');
  assert.deepEqual(found?.missing, []);
  const tour = registry.match('/tour-pricing “team plan” 5');
  assert.deepEqual([tour?.args, tour?.named, tour?.rest], [['team plan', '5'], { plan: 'team plan', seats: '5' }, '']);
});

test('match names the required arguments not typed', () => {
  const registry = createSkillRegistry([promptSkill], quiet);
  assert.deepEqual(registry.match('/translate')?.missing, ['language']);
  assert.deepEqual(registry.match('/translate   ')?.missing, ['language']);
  assert.deepEqual(registry.match('/translate ""')?.missing, ['language'], 'an empty quoted word is not an argument');
});

test('match: text that is no known command matches nothing', () => {
  const registry = createSkillRegistry([promptSkill], quiet);
  for (const input of ['translate fr', '/', '/ translate', '/transl fr', '/translatefr', '', 'how do I /translate']) assert.equal(registry.match(input), undefined, input);
  assert.equal(registry.match(42 as unknown as string), undefined);
});

test('match runs hidden skills but not invisible ones', () => {
  const registry = createSkillRegistry([{ ...promptSkill, hidden: true }, actionSkill], quiet);
  assert.equal(registry.match('/translate fr')?.skill.id, 'translate');
  assert.equal(registry.match('/orders-refresh', {}), undefined);
  assert.equal(registry.match('/orders-refresh', { user: 'ada' })?.skill.id, 'orders:refresh');
});

test('match asks only the skill it names whether it is visible', () => {
  let asked = 0;
  const watched: Skill = { ...actionSkill, visible: () => (asked++, true) };
  const registry = createSkillRegistry([promptSkill, watched], quiet);
  registry.match('/translate fr');
  assert.equal(asked, 0);
});

test('commands in other scripts match, case aside', () => {
  const registry = createSkillRegistry([{ ...promptSkill, command: '翻譯' }, { ...actionSkill, visible: undefined, command: 'Ünterschrift' }], quiet);
  assert.deepEqual(registry.match('/翻譯 「繁體 中文」')?.args, ['繁體 中文']);
  assert.equal(registry.match('/ünterschrift')?.skill.id, 'orders:refresh');
});

test('matchPrefix completes a half-typed command with its argument hints', () => {
  const registry = createSkillRegistry(
    [promptSkill, { ...actionSkill, visible: undefined, command: 'track' }, { ...surfaceSkill, command: 'tr' }, { ...panelSkill, command: 'trivia', hidden: true }],
    quiet,
  );
  const completions = registry.matchPrefix('/tr');
  assert.deepEqual(completions.map((completion) => [completion.command, completion.exact]), [['tr', true], ['track', false], ['translate', false]]);
  const translate = completions.find((completion) => completion.command === 'translate')!;
  assert.equal(translate.text, '/translate ');
  assert.deepEqual(translate.pending, [{ name: 'language', placeholder: 'language', required: true }]);
  assert.deepEqual(registry.matchPrefix('/TRA').map((completion) => completion.command), ['track', 'translate']);
  assert.deepEqual(registry.matchPrefix('/').map((completion) => completion.command), ['tr', 'track', 'translate'], 'every offered command, no hidden one');
  assert.deepEqual(registry.matchPrefix('tr'), []);
  assert.deepEqual(registry.matchPrefix('/zz'), []);
});

test('matchPrefix after the command offers the arguments not begun', () => {
  const registry = createSkillRegistry([{ ...scriptSkill, arguments: [{ name: 'plan', placeholder: 'plan', required: true }, { name: 'seats', placeholder: 'seats' }] }], quiet);
  const pending = (partial: string) => registry.matchPrefix(partial).map((completion) => completion.pending.map((argument) => argument.name));
  assert.deepEqual(pending('/tour-pricing '), [['plan', 'seats']]);
  assert.deepEqual(pending('/tour-pricing te'), [['seats']]);
  assert.deepEqual(pending('/tour-pricing "team pl'), [['seats']]);
  assert.deepEqual(pending('/tour-pricing team 5 '), [[]]);
  assert.deepEqual(pending('/tour-pricingx '), []);
});
