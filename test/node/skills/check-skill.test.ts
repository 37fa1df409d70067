import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSkill } from '../../../core/skills/index.js';
import { actionSkill, everyKind, panelSkill, promptSkill, scriptSkill, surfaceSkill, withFields, withStep } from './fixtures.js';

test('a skill of each kind passes', () => {
  for (const skill of everyKind) assert.doesNotThrow(() => checkSkill(skill, 'skill'), skill.kind);
});

test('keys a skill does not know are let through in code', () => {
  assert.doesNotThrow(() => checkSkill({ ...actionSkill, analyticsTag: 'orders' }));
});

const refusals: Array<[string, unknown, RegExp]> = [
  ['not an object', 'translate', /^skill: must be an object like/],
  ['no kind', withFields(promptSkill, { kind: undefined }), /^skill\.kind: is missing; a skill is one of script, prompt, action, surface, panel/],
  ['an unknown kind', withFields(promptSkill, { kind: 'macro' }), /^skill\.kind: must be one of "script", "prompt", "action", "surface", "panel", got the string "macro"/],
  ['a bad id', withFields(promptSkill, { id: 'has space' }), /^skill\.id: must be 1 to 128 letters, digits or "-_\.:\/"/],
  ['no name', withFields(promptSkill, { name: undefined }), /^skill\.name: must be text, got undefined/],
  ['a blank name', withFields(promptSkill, { name: '  ' }), /^skill\.name: must not be blank/],
  ['a name of a number', withFields(promptSkill, { name: 7 }), /^skill\.name: must be text, got a number \(7\)/],
  ['a long description', withFields(promptSkill, { description: 'x'.repeat(2001) }), /^skill\.description: is 2001 characters long; keep it to 2000/],
  ['markup as the icon', withFields(promptSkill, { icon: '<b>' }), /^skill\.icon: is drawn as text, not markup/],
  ['an unknown built-in icon', withFields(promptSkill, { icon: { builtin: 'rocket' } }), /^skill\.icon: must be a short text or \{ builtin:/],
  ['hidden not a boolean', withFields(promptSkill, { hidden: 'yes' }), /^skill\.hidden: must be true or false/],
  ['visible not a function', withFields(promptSkill, { visible: true }), /^skill\.visible: must be a function \(context\) => boolean, got a boolean/],
  ['a command with a space', withFields(promptSkill, { command: 'translate page' }), /^skill\.command: "translate page" holds a space; a command is one word, such as "translate-page"/],
  ['a command with its slash', withFields(promptSkill, { command: '/translate' }), /^skill\.command: write the word without its "\/" \("translate"\)/],
  ['a command of punctuation', withFields(promptSkill, { command: 'tr!' }), /^skill\.command: "tr!" is not a command: write 1 to 40 letters/],
  ['a command of a number', withFields(promptSkill, { command: 3 }), /^skill\.command: must be one word such as "translate", got a number/],
  ['an id that makes no command', withFields(promptSkill, { id: '...' }), /^skill\.command: is needed: the id "\.\.\." makes no command word/],
  ['four arguments', withFields(promptSkill, { arguments: ['a', 'b', 'c', 'd'].map((name) => ({ name, placeholder: name })) }), /^skill\.arguments: holds 4 arguments; a command takes at most 3/],
  ['arguments not an array', withFields(promptSkill, { arguments: { name: 'language' } }), /^skill\.arguments: must be an array of/],
  ['duplicate argument names', withFields(promptSkill, { arguments: [{ name: 'a', placeholder: 'a' }, { name: 'a', placeholder: 'again' }] }), /^skill\.arguments\[1\]\.name: "a" is also the name of skill\.arguments\[0\]/],
  ['an argument without a placeholder', withFields(promptSkill, { arguments: [{ name: 'language' }] }), /^skill\.arguments\[0\]\.placeholder: must be text/],
  ['an argument name with a space', withFields(promptSkill, { arguments: [{ name: 'target language', placeholder: 'x' }] }), /^skill\.arguments\[0\]\.name: an argument name is a letter followed by/],
  ['a misspelt argument key', withFields(promptSkill, { arguments: [{ name: 'language', placeholder: 'x', requried: true }] }), /^skill\.arguments\[0\]\.requried: is not a field of an argument; did you mean "required"\?/],
  ['a required argument after an optional one', withFields(promptSkill, { arguments: [{ name: 'a', placeholder: 'a' }, { name: 'b', placeholder: 'b', required: true }] }), /^skill\.arguments\[1\]\.required: a required argument cannot follow the optional skill\.arguments\[0\]/],
  ['an agent tool without a description', withFields(promptSkill, { agentTool: {} }), /^skill\.agentTool\.description: must be text/],
  ['an agent tool of true', withFields(promptSkill, { agentTool: true }), /^skill\.agentTool: must be an object like/],
  ['preferences not an array', withFields(actionSkill, { preferences: {} }), /^skill\.preferences: must be an array of fields/],
  // prompt
  ['a prompt skill without a prompt', withFields(promptSkill, { prompt: undefined }), /^skill\.prompt: must be text/],
  ['variables of numbers', withFields(promptSkill, { variables: { tone: 3 } }), /^skill\.variables\.tone: must be text, got a number/],
  ['a variable name with a dot', withFields(promptSkill, { variables: { 'page.title': 'x' } }), /^skill\.variables\.page\.title: a variable name is a letter/],
  ['an unknown via', withFields(promptSkill, { via: 'email' }), /^skill\.via: must be one of "agent", "llm"/],
  [
    'a password setting in the prompt',
    withFields(promptSkill, { prompt: 'Use {{pref.token}}', preferences: [{ name: 'token', title: 'Token', kind: 'password' }] }),
    /^skill\.prompt: \{\{pref\.token\}\} would write a password setting into text/,
  ],
  // action
  ['an action without a handler', withFields(actionSkill, { handler: undefined }), /^skill\.handler: must be a function \(context\) => void \| Promise<void>, got undefined/],
  // surface
  ['a surface skill with neither surface nor build', withFields(surfaceSkill, { surface: undefined }), /^skill: needs a `surface` .* or a `build\(context\)` function/],
  ['a surface skill with both', withFields(surfaceSkill, { build: () => surfaceSkill.surface }), /^skill: has both `surface` and `build`; keep one/],
  ['an invalid static surface', withFields(surfaceSkill, { surface: { root: { piece: 'Marquee' } } }), /^skill\.surface: is not a valid surface: \/root\/piece: unknown piece "Marquee"/],
  ['build not a function', withFields(surfaceSkill, { surface: undefined, build: 'form' }), /^skill\.build: must be a function/],
  ['both onSubmit and submitPrompt', withFields(surfaceSkill, { onSubmit: () => undefined }), /^skill\.submitPrompt: is used only without `onSubmit`/],
  ['an unknown placement', withFields(surfaceSkill, { placement: 'sidebar' }), /^skill\.placement: must be one of "modal", "dock", "palette", "subtitle"/],
  // panel
  ['a panel without inputMode', withFields(panelSkill, { inputMode: undefined }), /^skill\.inputMode: must be one of "palette", "takeover", got undefined/],
  ['a panel with neither onInput nor onSubmit', withFields(panelSkill, { onInput: undefined }), /^skill: a panel skill needs `onInput\(text, context\)` or `onSubmit\(text, context\)`/],
  ['a panel with onAction of text', withFields(panelSkill, { onAction: 'go' }), /^skill\.onAction: must be a function \(action, data, context\)/],
  // script
  ['a script without steps', withFields(scriptSkill, { steps: [] }), /^skill\.steps: must be a non-empty array of steps/],
  ['too many steps', withFields(scriptSkill, { steps: Array.from({ length: 201 }, () => ({ step: 'clear' })) }), /^skill\.steps: holds 201 steps; a script takes at most 200/],
  ['a step of an unknown shape', withStep(1, { say: 'hello' }), /^skill\.steps\[1\]\.step: is missing: every step names what it does \(navigate, subtitle/],
  ['a step shaped like the old page step', withStep(0, { page: '/pricing' }), /^skill\.steps\[0\]\.step: is missing: .*this one looks like \{ "step": "navigate", … \}/],
  ['a step of an unknown kind', withStep(1, { step: 'dance' }), /^skill\.steps\[1\]\.step: must be one of "navigate", "subtitle", "point"/],
  ['a step that is text', withStep(1, 'hello'), /^skill\.steps\[1\]: must be an object like \{ "step": "subtitle"/],
  ['a navigate step to another scheme', withStep(0, { step: 'navigate', path: 'javascript:alert(1)' }), /^skill\.steps\[0\]\.path: must be a path on this site starting with one "\/"/],
  ['a navigate step to a protocol-relative address', withStep(0, { step: 'navigate', path: '//evil.example' }), /^skill\.steps\[0\]\.path: must be a path on this site/],
  ['a subtitle step without text', withStep(1, { step: 'subtitle' }), /^skill\.steps\[1\]\.text: must be text/],
  ['a point step without a selector', withStep(2, { step: 'point' }), /^skill\.steps\[2\]\.selector: must be text/],
  ['a point step with a selector over two lines', withStep(2, { step: 'point', selector: '#a\n#b' }), /^skill\.steps\[2\]\.selector: holds a control character/],
  ['a point step of an unknown style', withStep(2, { step: 'point', selector: '#a', style: 'glow' }), /^skill\.steps\[2\]\.style: must be one of "highlight", "border", "spotlight"/],
  ['a colour that carries more CSS', withStep(2, { step: 'point', selector: '#a', color: 'red; background: url(x)' }), /^skill\.steps\[2\]\.color: must be a CSS colour/],
  ['an inject step at an unknown position', withStep(3, { step: 'inject', selector: '#a', text: 'x', position: 'inside' }), /^skill\.steps\[3\]\.position: must be one of "before", "after"/],
  ['a wait of no time', withStep(4, { step: 'wait', ms: 0 }), /^skill\.steps\[4\]\.ms: must be a whole number of milliseconds from 1 to 600000/],
  ['a surface step with an invalid surface', withStep(7, { step: 'surface', surface: {} }), /^skill\.steps\[7\]\.surface: is not a valid surface: \(surface\): missing "root" piece/],
  ['a saveAs with a space', withStep(7, { step: 'surface', surface: surfaceSkill.surface, saveAs: 'my form' }), /^skill\.steps\[7\]\.saveAs: a result name is a letter/],
  ['two steps saving under one name', withStep(8, { step: 'llm', prompt: 'x', saveAs: 'contact' }), /^skill\.steps\[8\]\.saveAs: "contact" is already kept by an earlier step/],
  ['an llm step without a prompt', withStep(8, { step: 'llm' }), /^skill\.steps\[8\]\.prompt: must be text/],
  ['a skill step that runs the script itself', withStep(9, { step: 'skill', id: 'tour.pricing' }), /^skill\.steps\[9\]\.id: "tour\.pricing" is this script itself/],
  ['a skill step with vars of numbers', withStep(9, { step: 'skill', id: 'translate', vars: { language: 1 } }), /^skill\.steps\[9\]\.vars\.language: must be text/],
  ['an action step without its function', withStep(9, { step: 'action' }), /^skill\.steps\[9\]\.action: must be a function \(tools\) => void \| Promise<void>, got undefined/],
  [
    'a password setting in a subtitle',
    withFields(withStep(1, { step: 'subtitle', text: 'Your key is {{pref.key}}' }), { preferences: [{ name: 'key', title: 'Key', kind: 'password' }] }),
    /^skill\.steps\[1\]\.text: \{\{pref\.key\}\} would write a password setting/,
  ],
];

for (const [what, value, message] of refusals) {
  test(`checkSkill refuses ${what}, naming the field`, () => {
    assert.throws(() => checkSkill(value, 'skill'), (error: unknown) => {
      assert.ok(error instanceof TypeError, 'a TypeError');
      assert.match(error.message, message);
      return true;
    });
  });
}

test('the place named defaults to "skill" and takes the caller’s', () => {
  assert.throws(() => checkSkill(withFields(promptSkill, { name: '' })), { name: 'TypeError', message: /^skill\.name:/ });
  assert.throws(() => checkSkill(withFields(promptSkill, { name: '' }), 'config.skills[4]'), { message: /^config\.skills\[4\]\.name:/ });
});

test('a placeholder nothing can fill is allowed (unfillableVariables reports it)', () => {
  assert.doesNotThrow(() => checkSkill(withFields(promptSkill, { prompt: 'Hello {{nobody}}' })));
});

test('an action step with its function passes', () => {
  assert.doesNotThrow(() => checkSkill(withStep(9, { step: 'action', action: async () => undefined })));
});
