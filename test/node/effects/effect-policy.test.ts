import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { consentQuestion } from '../../../core/effects/consent-question.js';
import { declinedNote, refusalNote } from '../../../core/effects/effect-notes.js';
import { decideEffects } from '../../../core/effects/effect-decision.js';
import { DEFAULT_EFFECT_DECISIONS, resolveEffectPolicy } from '../../../core/effects/effect-policy.js';
import type { Effect } from '../../../core/effects/effect.types.js';

const defaults = resolveEffectPolicy(undefined, 'config.effects');
const submit: Effect = { kind: 'submit', subject: { role: 'button', name: 'Send' }, destination: 'https://site.test/signup', sameOrigin: true, form: 'Sign up' };

describe('the effect policy', () => {
  it('has a default per class, and wording that reads destructive asks even where the class allows', () => {
    assert.deepEqual(DEFAULT_EFFECT_DECISIONS, {
      activate: 'allow', submit: 'confirm', 'leave-origin': 'confirm', 'new-window': 'confirm', download: 'confirm',
      'javascript-url': 'refuse', 'secret-fill': 'confirm', 'choose-file': 'refuse', request: 'allow', 'host-action': 'allow', destructive: 'confirm',
    });
    assert.equal(decideEffects([{ kind: 'activate' }], defaults).decision, 'allow');
    assert.deepEqual(decideEffects([{ kind: 'activate', destructive: 'delete' }], defaults).effects.map((effect) => [effect.decision, effect.decidedBy]), [['confirm', 'wording']]);
    assert.equal(decideEffects([], defaults).decision, 'allow');
    assert.equal(decideEffects([{ kind: 'activate' }, submit, { kind: 'javascript-url' }], defaults).decision, 'refuse', 'the strictest decision wins');
  });

  it('lets the host change a class, but never the two that are always refused', () => {
    const relaxed = resolveEffectPolicy({ classes: { submit: 'allow', 'new-window': 'refuse' } }, 'config.effects');
    assert.deepEqual(decideEffects([submit], relaxed).effects.map((effect) => [effect.decision, effect.decidedBy]), [['allow', 'class']]);
    assert.equal(decideEffects([{ kind: 'new-window' }], relaxed).decision, 'refuse');
    assert.throws(() => resolveEffectPolicy({ classes: { 'javascript-url': 'allow' } as never }, 'config.effects'), /config\.effects\.classes\.javascript-url cannot be changed/);
    assert.throws(() => resolveEffectPolicy({ classes: { 'choose-file': 'confirm' } as never }, 'config.effects'), /file choosers are always refused/);
    assert.throws(() => resolveEffectPolicy({ clases: {} } as never, 'config.effects'), /config\.effects\.clases is not a field of the effect policy/);
  });

  it('a decide function sees each effect with the proposal; one that throws refuses and reports, never allows', () => {
    const seen: string[] = [];
    const picky = resolveEffectPolicy({ decide: (effect, proposed) => (seen.push(`${effect.kind}:${proposed}`), effect.kind === 'submit' ? 'allow' : undefined) }, 'x');
    assert.equal(decideEffects([submit, { kind: 'download' }], picky).effects.map((effect) => effect.decision).join(), 'allow,confirm');
    assert.deepEqual(seen, ['submit:confirm', 'download:confirm']);
    const broken = new Error('policy service down');
    const throwing = resolveEffectPolicy({ decide: () => { throw broken; } }, 'x');
    const verdict = decideEffects([{ kind: 'activate' }], throwing);
    assert.deepEqual([verdict.decision, verdict.effects[0]!.decidedBy, verdict.errors], ['refuse', 'policy-error', [broken]]);
    const nonsense = resolveEffectPolicy({ decide: () => 'sure' as never }, 'x');
    assert.equal(decideEffects([{ kind: 'activate' }], nonsense).decision, 'refuse');
  });

  it('a host tool’s own word (requireConfirmation, effects) replaces the class, but one that asks is still refused by a class set to refuse', () => {
    const asks: Effect = { kind: 'host-action', tool: 'add_to_cart', declared: 'confirm' };
    const vouched: Effect = { kind: 'host-action', tool: 'delete_chip', destructive: 'delete', declared: 'allow' };
    assert.deepEqual(decideEffects([asks], defaults).effects.map((effect) => [effect.decision, effect.decidedBy]), [['confirm', 'declared']]);
    assert.deepEqual(decideEffects([vouched], defaults).effects.map((effect) => [effect.decision, effect.decidedBy]), [['allow', 'declared']]);
    const strict = resolveEffectPolicy({ classes: { 'host-action': 'refuse' } }, 'config.effects');
    assert.deepEqual(decideEffects([asks], strict).effects.map((effect) => [effect.decision, effect.decidedBy]), [['refuse', 'class']]);
    assert.equal(decideEffects([vouched], strict).decision, 'allow', 'a tool the host vouches for runs');
    assert.equal(decideEffects([asks], resolveEffectPolicy({ classes: { 'host-action': 'allow' } }, 'config.effects')).decision, 'confirm');
  });

  it('the host’s marks on its elements hold over its decide function', () => {
    const permissive = resolveEffectPolicy({ decide: () => 'allow' }, 'x');
    assert.equal(decideEffects([{ ...submit, marker: 'never' }], permissive).decision, 'refuse');
    assert.equal(decideEffects([{ kind: 'activate', marker: 'confirm' }], permissive).decision, 'confirm');
    assert.equal(decideEffects([{ kind: 'javascript-url' }], resolveEffectPolicy({ decide: () => 'allow' }, 'x')).decision, 'refuse', 'nothing allows a javascript: URL');
  });

  it('asks in the visitor’s words and language, the effect that matters most first', () => {
    const away: Effect = { kind: 'leave-origin', destination: 'https://pay.example/charge', sameOrigin: false };
    const both = decideEffects([{ kind: 'activate', subject: submit.subject! }, { ...submit, destination: 'https://pay.example/charge', sameOrigin: false, form: undefined as never }, away], defaults).effects;
    assert.equal(consentQuestion(both, 'en'), 'Send the form on this page to pay.example with the button "Send"? It also leaves this site for pay.example.');
    assert.equal(consentQuestion(both, 'zh-TW'), '要用按鈕「Send」把這個頁面上的表單送到 pay.example 嗎？這也會離開本網站前往 pay.example。');
    const secret = decideEffects([{ kind: 'secret-fill', secret: 'password', subject: { role: 'field', name: 'Password' } }], defaults).effects;
    assert.equal(consentQuestion(secret, 'zh-TW'), '要填寫密碼欄位「Password」嗎？');
    assert.equal(consentQuestion(decideEffects([{ kind: 'new-window', destination: 'https://site.test/terms', sameOrigin: true }], defaults).effects, 'en'), 'Open /terms in a new tab?');
    assert.equal(consentQuestion(decideEffects([{ kind: 'activate' }], defaults).effects, 'en'), '', 'nothing to ask');
    const deletion = decideEffects([{ kind: 'request', method: 'DELETE', destination: 'https://site.test/api/account', sameOrigin: true, destructive: 'delete' }], defaults).effects;
    assert.equal(consentQuestion(deletion, 'en'), 'Let the page send a DELETE request to /api/account?');
    assert.equal(decideEffects([{ kind: 'request', method: 'POST', destination: 'https://site.test/collect', sameOrigin: true }], defaults).decision, 'allow');
  });

  it('tells the model why, in the engine’s words, quoting page text short and tag-free', () => {
    const refused = decideEffects([{ kind: 'activate', subject: { role: 'button', name: '<b>Archive</b>' }, marker: 'never' }], defaults);
    assert.equal(refusalNote(refused), 'This action was not run: it would click button "‹b›Archive‹/b›", and the site marked this element as one the assistant must not use. Do not try to reach the same effect another way; tell the user what you meant to do so they can do it themselves.');
    assert.equal(refusalNote(decideEffects([{ kind: 'activate' }], defaults)), undefined);
    assert.equal(declinedNote(decideEffects([submit], defaults)), 'The user declined to submit the form "Sign up" with button "Send". Do not try it again, by this or any other action, unless they ask for it.');
  });
});
