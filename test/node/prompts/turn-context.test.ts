import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTurnContext } from '../../../core/prompts/build-turn-context.js';

const input = {
  task: 'Find the cheapest plan',
  url: '/pricing',
  title: 'Pricing — Orchard',
  pageText: '[1]<a>Home</a>\n[2]<button>Starter $5</button>',
  history: ['navigate /pricing: ok'],
  selection: { text: 'Starter', elements: ['#plan-starter'] },
  todos: ['Point at the cheapest plan', 'Answer'],
  stepNote: 'The last click failed: element [9] no longer exists.',
};

test('the turn message holds task, page, selection, steps, plan and note, in that order', () => {
  assert.equal(
    buildTurnContext(input),
    [
      '# Task\nFind the cheapest plan',
      '# Current page\nURL: /pricing\nTitle: Pricing — Orchard\n\n[1]<a>Home</a>\n[2]<button>Starter $5</button>',
      '# Selection\nStarter\nSelected elements: #plan-starter',
      '# Steps so far\n- navigate /pricing: ok',
      '# Plan\n- Point at the cheapest plan\n- Answer',
      'The last click failed: element [9] no longer exists.',
    ].join('\n\n'),
  );
});

test('page-derived text goes through the fence hook, the engine note through the reminder hook', () => {
  const fenced: Array<[string, string]> = [];
  const text = buildTurnContext(input, {
    fence: (value, source) => {
      fenced.push([source, value]);
      return `<untrusted source="${source}">\n${value}\n</untrusted>`;
    },
    reminder: (value) => `<reminder>${value}</reminder>`,
  });
  assert.deepEqual(fenced.map(([source]) => source), ['page', 'selection', 'history']);
  assert.match(fenced[0]![1], /\[2\]<button>Starter \$5<\/button>/);
  assert.match(fenced[0]![1], /Title: Pricing — Orchard/, 'the title is page text too');
  assert.match(text, /# Current page\n<untrusted source="page">\nURL: \/pricing/);
  assert.ok(text.endsWith('<reminder>The last click failed: element [9] no longer exists.</reminder>'));
  assert.doesNotMatch(text, /<untrusted[^>]*>\s*Find the cheapest plan/, 'the user\'s task is not fenced');
});

test('empty parts are left out', () => {
  assert.equal(buildTurnContext({ url: '/', pageText: '[1]<h1>Hi</h1>', selection: {}, history: [], todos: [] }), '# Current page\nURL: /\n\n[1]<h1>Hi</h1>');
});

test('headings follow the locale', () => {
  const text = buildTurnContext({ ...input, locale: 'zh-TW' });
  for (const heading of ['# 任務', '# 目前頁面', '網址：/pricing', '# 選取內容', '# 已做的步驟', '# 計畫']) assert.ok(text.includes(heading), heading);
});
