import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkDeclaredSkill, createSkillRegistry } from '../../../core/skills/index.js';
import { actionSkill, panelSkill, promptSkill, scriptSkill, surfaceSkill, withFields, withStep } from './fixtures.js';

/** A skill as a CMS theme's page config would carry it: through JSON text. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

test('prompt, script and static surface skills pass as JSON, and register', () => {
  const declared = [promptSkill, scriptSkill, surfaceSkill].map(asJson);
  declared.forEach((skill, index) => assert.doesNotThrow(() => checkDeclaredSkill(skill, `skills[${index}]`)));
  const registry = createSkillRegistry();
  for (const skill of declared) {
    checkDeclaredSkill(skill);
    registry.register(skill);
  }
  assert.deepEqual(registry.listAll().map((skill) => skill.id), ['translate', 'tour.pricing', 'feedback']);
});

test('settings with static options pass as JSON', () => {
  const skill = asJson(
    withFields(promptSkill, {
      prompt: 'Answer in {{pref.language}}: {{selection}}',
      preferences: [{ name: 'language', title: 'Language', kind: 'select', options: [{ value: 'fr', label: 'French' }], default: 'fr' }],
    }),
  );
  assert.doesNotThrow(() => checkDeclaredSkill(skill));
});

const refusals: Array<[string, unknown, RegExp]> = [
  ['a misspelt top-level key, with the key it meant', withFields(promptSkill, { desription: 'x' }), /^skills\[0\]\.desription: is not a field of a prompt skill; did you mean "description"\? a prompt skill takes kind, id, name/],
  ['a key of another kind', withFields(promptSkill, { steps: [] }), /^skills\[0\]\.steps: is not a field of a prompt skill; a prompt skill takes/],
  ['a key far from any', withFields(promptSkill, { colourScheme: 'dark' }), /^skills\[0\]\.colourScheme: is not a field of a prompt skill; a prompt skill takes/],
  ['an action skill', withFields(actionSkill, { handler: undefined, visible: undefined }), /^skills\[0\]\.kind: an "action" skill runs code: a page config holds JSON, not code; register a skill with code from a script \(dddk\.skills\.register\)/],
  ['a panel skill', asJson(panelSkill), /^skills\[0\]\.kind: a "panel" skill runs code/],
  ['no kind', withFields(promptSkill, { kind: undefined }), /^skills\[0\]\.kind: is missing; a page config declares "prompt", "script", "surface" skills/],
  ['an unknown kind', withFields(promptSkill, { kind: 'promt' }), /^skills\[0\]\.kind: must be one of "prompt", "script", "surface", got the string "promt"; did you mean "prompt"\?/],
  ['a function in a config object', withFields(promptSkill, { visible: () => true }), /^skills\[0\]\.visible: is code: a page config holds JSON, not code/],
  ['a code field, even as text', withFields(surfaceSkill, { onSubmit: 'send()' }), /^skills\[0\]\.onSubmit: is code/],
  ['a value JSON cannot hold', withFields(promptSkill, { variables: { tone: undefined } }), /^skills\[0\]\.variables\.tone: is undefined, which a page config's JSON cannot hold/],
  ['a number JSON cannot hold', withFields(promptSkill, { preferences: [{ name: 'n', title: 'N', kind: 'number', max: Infinity }] }), /^skills\[0\]\.preferences\[0\]\.max: is Infinity, which JSON cannot hold/],
  ['a surface skill without its static surface', withFields(surfaceSkill, { surface: undefined }), /^skills\[0\]\.surface: is needed: a page config declares a form as a static surface/],
  ['a surface skill without submitPrompt', withFields(surfaceSkill, { submitPrompt: undefined }), /^skills\[0\]\.submitPrompt: is needed: the task the submitted fields fill/],
  ['an action step', withStep(2, { step: 'action' }), /^skills\[0\]\.steps\[2\]\.step: an "action" step runs code/],
  ['a misspelt step key', withStep(2, { step: 'point', selectr: '#plans' }), /^skills\[0\]\.steps\[2\]\.selectr: is not a field of a "point" step; did you mean "selector"\?/],
  ['a step of an unknown shape', withStep(1, { text: 'hi' }), /^skills\[0\]\.steps\[1\]\.step: is missing/],
  ['a misspelt argument key', withFields(promptSkill, { arguments: [{ name: 'language', placehoder: 'language' }] }), /^skills\[0\]\.arguments\[0\]\.placehoder: is not a field of an argument; did you mean "placeholder"\?/],
  ['a misspelt preference key', withFields(promptSkill, { preferences: [{ name: 'k', title: 'K', kind: 'text', defualt: 'x' }] }), /^skills\[0\]\.preferences\[0\]\.defualt: is not a field of a text field; did you mean "default"\?/],
  ['a misspelt agent tool key', withFields(promptSkill, { agentTool: { descripton: 'x' } }), /^skills\[0\]\.agentTool\.descripton: is not a field of agentTool; did you mean "description"\?/],
  ['values checkSkill refuses', withFields(promptSkill, { command: 'two words' }), /^skills\[0\]\.command: "two words" holds a space/],
  ['not an object', [promptSkill], /^skills\[0\]: must be an object like/],
];

for (const [what, value, message] of refusals) {
  test(`checkDeclaredSkill refuses ${what}`, () => {
    assert.throws(() => checkDeclaredSkill(value, 'skills[0]'), (error: unknown) => {
      assert.ok(error instanceof TypeError, 'a TypeError');
      assert.match(error.message, message);
      return true;
    });
  });
}
