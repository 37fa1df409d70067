import { test } from 'node:test';
import assert from 'node:assert/strict';
import { skillToolDescriptor } from '../../../core/skills/index.js';
import { actionSkill, promptSkill } from './fixtures.js';

test('a skill with agentTool is described as a tool whose parameters are its arguments', () => {
  assert.deepEqual(skillToolDescriptor(promptSkill), {
    name: 'skill_translate',
    skillId: 'translate',
    description: 'Translates the selected text into a language.',
    parameters: { type: 'object', properties: { language: { type: 'string', description: 'language' } }, required: ['language'], additionalProperties: false },
    requireConfirmation: false,
  });
});

test('the tool name keeps to the letters tool names allow', () => {
  const tool = skillToolDescriptor({ ...actionSkill, agentTool: { description: 'Refreshes orders', requireConfirmation: true } });
  assert.equal(tool?.name, 'skill_orders_refresh');
  assert.equal(tool?.requireConfirmation, true);
  assert.deepEqual(tool?.parameters.required, []);
  assert.ok(/^[A-Za-z0-9_-]{1,64}$/.test(skillToolDescriptor({ ...promptSkill, id: 'x'.repeat(128) })!.name));
});

test('a skill without agentTool is not offered', () => {
  assert.equal(skillToolDescriptor(actionSkill), undefined);
});
