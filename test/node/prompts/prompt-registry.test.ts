import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPromptRegistry } from '../../../core/prompts/prompt-registry.js';
import { PROMPT_IDS, shippedPrompts } from '../../../core/prompts/shipped-prompts.js';

const shipped = () => createPromptRegistry({ prompts: shippedPrompts });

test('the kit ships its prompts in English and Traditional Chinese', () => {
  const prompts = shipped();
  assert.deepEqual(prompts.list(), ['planner', 'webagent.classic', 'webagent.envelope']);
  for (const id of prompts.list()) {
    assert.deepEqual(prompts.locales(id).sort(), ['en', 'zh-TW'], id);
    assert.notEqual(prompts.get(id, 'en'), prompts.get(id, 'zh-TW'), id);
  }
  assert.match(prompts.get(PROMPT_IDS.webAgentEnvelope, 'zh-TW'), /閱讀頁面/);
});

test('a locale without texts falls back to its language, then to the default locale', () => {
  const prompts = shipped();
  const id = PROMPT_IDS.planner;
  assert.equal(prompts.get(id, 'zh-HK'), prompts.get(id, 'zh-TW'));
  assert.equal(prompts.get(id, 'zh_tw'), prompts.get(id, 'zh-TW'));
  assert.equal(prompts.get(id, 'fr-FR'), prompts.get(id, 'en'));
  assert.equal(prompts.get(id), prompts.get(id, 'en'));
});

test('an override for one locale leaves the others alone', () => {
  const prompts = shipped();
  const id = PROMPT_IDS.planner;
  const english = prompts.get(id, 'en');
  prompts.override(id, '只回覆 JSON。', { locale: 'zh-TW' });
  assert.equal(prompts.get(id, 'zh-TW'), '只回覆 JSON。');
  assert.equal(prompts.get(id, 'zh-HK'), '只回覆 JSON。');
  assert.equal(prompts.get(id, 'en'), english);
});

test('an override without a locale is the default locale\'s, and locales without their own fall back to it', () => {
  const prompts = shipped();
  const id = PROMPT_IDS.planner;
  prompts.override(id, 'Plan in JSON.');
  assert.equal(prompts.get(id, 'en'), 'Plan in JSON.');
  assert.equal(prompts.get(id, 'zh-TW'), 'Plan in JSON.');
  prompts.override(id, '用 JSON 規劃。', { locale: 'zh-TW' });
  assert.equal(prompts.get(id, 'zh-TW'), '用 JSON 規劃。');
  assert.equal(prompts.get(id, 'ja'), 'Plan in JSON.');
});

test('a function override composes with the shipped text of the locale asked for', () => {
  const prompts = shipped();
  const id = PROMPT_IDS.webAgentClassic;
  const seen: unknown[] = [];
  prompts.override<{ site: string }>(id, (context, defaultText) => {
    seen.push(context);
    return `${defaultText}\nSite: ${context.site}`;
  });
  const text = prompts.get(id, 'zh-TW', { site: 'Orchard' });
  assert.ok(text.startsWith(shippedPrompts[id]!['zh-TW']!));
  assert.ok(text.endsWith('\nSite: Orchard'));
  assert.deepEqual(seen, [{ site: 'Orchard' }]);
});

test('appendices stack after the text in every locale', () => {
  const prompts = shipped();
  const id = PROMPT_IDS.planner;
  prompts.append(id, 'Always cite the page.');
  prompts.append<{ n: number }>(id, (context) => `Context ${context.n}.`);
  prompts.append(id, () => '');
  for (const locale of ['en', 'zh-TW']) {
    const text = prompts.get(id, locale, { n: 7 });
    assert.ok(text.endsWith('\n\nAlways cite the page.\n\nContext 7.'), locale);
  }
});

test('reset drops the overrides and appendices of one prompt, or of all', () => {
  const prompts = shipped();
  const { planner, webAgentClassic } = PROMPT_IDS;
  const original = { planner: prompts.get(planner), classic: prompts.get(webAgentClassic) };
  prompts.override(planner, 'x');
  prompts.append(webAgentClassic, 'y');
  prompts.reset(planner);
  assert.equal(prompts.get(planner), original.planner);
  assert.notEqual(prompts.get(webAgentClassic), original.classic);
  prompts.override(planner, 'x');
  prompts.reset();
  assert.equal(prompts.get(planner), original.planner);
  assert.equal(prompts.get(webAgentClassic), original.classic);
});

test('prompts of other features can be defined and overridden like the shipped ones', () => {
  const prompts = shipped();
  prompts.define('inline.rewrite', { en: 'Rewrite the text.', 'zh-TW': '改寫文字。' });
  assert.equal(prompts.has('inline.rewrite'), true);
  assert.equal(prompts.get('inline.rewrite', 'zh-TW'), '改寫文字。');
  prompts.override('inline.rewrite', 'Rewrite it shorter.');
  assert.equal(prompts.get('inline.rewrite'), 'Rewrite it shorter.');
});

test('mistakes name the id and what to do', () => {
  const prompts = shipped();
  assert.throws(() => prompts.get('webagent.envelop'), /no prompt has the id "webagent.envelop" \(known ids: planner, webagent.classic, webagent.envelope\)/);
  assert.throws(() => prompts.override('nope', 'x'), /define it first/);
  assert.throws(() => prompts.append('nope', 'x'), /define it first/);
  assert.throws(() => prompts.override('planner', 42 as unknown as string), /string or a function/);
  assert.throws(() => prompts.define('x', { 'zh-TW': '只有中文' }), /must include the default locale "en"/);
  prompts.override('planner', () => 42 as unknown as string);
  assert.throws(() => prompts.get('planner'), /must return a string/);
});

test('each registry is separate', () => {
  const a = shipped();
  const b = shipped();
  a.override('planner', 'changed');
  assert.notEqual(b.get('planner'), 'changed');
  assert.deepEqual(createPromptRegistry().list(), []);
});
