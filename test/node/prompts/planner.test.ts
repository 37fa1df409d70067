import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPlannerPrompt } from '../../../core/prompts/build-planner-prompt.js';
import { createPromptRegistry } from '../../../core/prompts/prompt-registry.js';
import { shippedPrompts } from '../../../core/prompts/shipped-prompts.js';
import { parseTaskPlan, TASK_PLAN_LIMITS, TaskPlanError } from '../../../core/prompts/task-plan.js';
import { orchardSitemap } from './fixtures.js';

test('the planner prompt: instructions with voice as system, request, site map and fenced page as user', () => {
  const messages = buildPlannerPrompt(
    {
      task: 'Cancel my last order',
      sitemap: orchardSitemap,
      persona: { identity: 'You are Orchard\'s grower.', voice: 'Warm.' },
      brand: { productName: 'Orchard Box' },
      url: '/orders',
      pageText: '[1]<a>Order 42</a>',
    },
    { fence: (text, source) => `<${source}>${text}</${source}>` },
  );
  assert.equal(messages.length, 2);
  const [system, user] = messages;
  assert.equal(system!.role, 'system');
  assert.match(system!.content as string, /"task_summary"/);
  assert.match(system!.content as string, /# Persona\nYou are Orchard's grower\./);
  assert.match(system!.content as string, /# Brand\nProduct: Orchard Box\nVoice: Warm\./);
  assert.equal(user!.role, 'user');
  const content = user!.content as string;
  assert.ok(content.startsWith('# Request\nCancel my last order\n\n# Site map\n/ — Home'));
  assert.match(content, /# Current page\n<page>URL: \/orders\n\n\[1\]<a>Order 42<\/a><\/page>$/);
});

test('the planner prompt follows the locale and the registry', () => {
  const prompts = createPromptRegistry({ prompts: shippedPrompts });
  prompts.append('planner', 'At most three steps.');
  const [system, user] = buildPlannerPrompt({ task: '取消訂單', locale: 'zh-TW', prompts });
  assert.match(system!.content as string, /只回覆一個 JSON 物件/);
  assert.ok((system!.content as string).endsWith('At most three steps.'));
  assert.equal(user!.content, '# 要求\n取消訂單');
});

test('a plan is read from bare JSON, a fenced block, or JSON inside prose', () => {
  const plan = { task_summary: 'I will open your orders and cancel the last one.', todos: ['Open orders', 'Cancel order 42'] };
  assert.deepEqual(parseTaskPlan(JSON.stringify(plan)), plan);
  assert.deepEqual(parseTaskPlan('```json\n' + JSON.stringify(plan, null, 2) + '\n```'), plan);
  assert.deepEqual(parseTaskPlan(`Here is the plan: ${JSON.stringify(plan)} Let me know {if} it helps.`), plan);
  assert.deepEqual(parseTaskPlan('{"task_summary": " I will help {now}. ", "todos": [" Answer "]}'), { task_summary: 'I will help {now}.', todos: ['Answer'] });
});

test('an unusable plan is refused with a message the model can act on', () => {
  const bad: Array<[string, RegExp]> = [
    ['no json here', /no JSON object/],
    ['{"task_summary": "x", "todos": [', /not valid JSON/],
    ['[1, 2]', /no JSON object/],
    ['{"todos": ["a"]}', /"task_summary" must be a non-empty string/],
    ['{"task_summary": "x"}', /"todos" must be an array of strings/],
    ['{"task_summary": "x", "todos": []}', /"todos" has 0 items; it must have 1 to 20/],
    ['{"task_summary": "x", "todos": ["ok", 3]}', /"todos"\[1\] must be a non-empty string/],
    [JSON.stringify({ task_summary: 'x'.repeat(TASK_PLAN_LIMITS.summaryMaxChars + 1), todos: ['a'] }), /keep it under 400/],
    [JSON.stringify({ task_summary: 'x', todos: Array(TASK_PLAN_LIMITS.maxTodos + 1).fill('step') }), /has 21 items/],
    [JSON.stringify({ task_summary: 'x', todos: ['y'.repeat(TASK_PLAN_LIMITS.todoMaxChars + 1)] }), /"todos"\[0\] has 241 characters/],
  ];
  for (const [text, message] of bad) {
    assert.throws(() => parseTaskPlan(text), (error: unknown) => error instanceof TaskPlanError && message.test(error.message), text.slice(0, 60));
  }
});
