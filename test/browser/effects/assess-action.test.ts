import { expect } from '@open-wc/testing';
import { consentQuestion } from '../../../core/effects/consent-question.js';
import { decideEffects } from '../../../core/effects/effect-decision.js';
import { resolveEffectPolicy } from '../../../core/effects/effect-policy.js';
import type { EffectDecision, EffectKind } from '../../../core/effects/effect.types.js';
import { assessPageAction, secretArguments } from '../../../core/page/effects/assess-action.js';

let stage: HTMLElement | undefined;
function mount(html: string): void {
  stage?.remove();
  stage = document.createElement('main');
  stage.innerHTML = html;
  document.body.append(stage);
}

const lookUp = (selector: string) => document.querySelector(selector) ?? undefined;
const policy = resolveEffectPolicy(undefined, 'test');

/** The call's verdict under the default policy: its decision, the effect classes, and the visitor's question. */
function judge(tool: string, args: Record<string, unknown>): { decision: EffectDecision; kinds: EffectKind[]; question: string } {
  const verdict = decideEffects(assessPageAction(tool, args, lookUp), policy);
  return { decision: verdict.decision, kinds: verdict.effects.map((effect) => effect.kind), question: consentQuestion(verdict.effects, 'en') };
}

describe('what an action would do, judged before it runs', () => {
  afterEach(() => stage?.remove());

  it('reads destructive wording from the visible text, whatever the accessible name says, through every disguise', () => {
    mount(`
      <button id="alias" type="button" aria-label="Save draft">Delete account</button>
      <button id="cyrillic" type="button">D\u0435lete account</button>
      <button id="greek" type="button">Ρay now</button>
      <button id="zwsp" type="button">Dele\u200Bte account</button>
      <button id="shy" type="button">De\u00ADlete account</button>
      <button id="wide" type="button">\uFF24\uFF45\uFF4C\uFF45\uFF54\uFF45</button>
      <button id="spaced" type="button">D e l e t e my data</button>
      <button id="leet" type="button">D3LETE</button>
      <button id="accent" type="button">Dèlete</button>
      <div id="proceed" role="button" tabindex="0" aria-label="Proceed">Delete account</div>
      <button id="titled" type="button" title="Remove everything">OK</button>
      <input id="valued" type="button" value="Purchase">
      <button id="zh" type="button">刪除帳戶</button>
      <button id="zh-cn" type="button">确认付款</button>
      <button id="benign" type="button">Show details</button>
      <button id="dropdown" type="button">Open drop-down</button>`);
    for (const id of ['alias', 'cyrillic', 'greek', 'zwsp', 'shy', 'wide', 'spaced', 'leet', 'accent', 'proceed', 'titled', 'valued', 'zh', 'zh-cn']) {
      expect(judge('click', { target: `#${id}` }).decision, id).to.equal('confirm');
    }
    expect(judge('click', { target: '#benign' }).decision).to.equal('allow');
    expect(judge('click', { target: '#dropdown' }).decision).to.equal('allow');
    expect(judge('click', { target: '#alias' }).question).to.equal('Click the button "Delete account"?');
    expect(judge('click', { target: '#proceed' }).question).to.equal('Click the button "Delete account"?');
  });

  it('judges Enter and Space on an element as the activation they cause, like a click', () => {
    mount(`<button id="erase" type="button">Erase all data</button><input id="box" type="checkbox" aria-label="Unsubscribe from everything"><a id="link" href="https://elsewhere.example/">Partner</a>`);
    for (const key of ['Enter', ' ', 'Space']) expect(judge('press_key', { key, target: '#erase' }).decision, key).to.equal('confirm');
    expect(judge('press_key', { key: ' ', target: '#box' }).decision).to.equal('confirm');
    expect(judge('press_key', { key: 'Enter', target: '#link' }).kinds).to.include('leave-origin');
    expect(judge('press_key', { key: ' ', target: '#link' }).kinds, 'Space scrolls past a link').to.deep.equal([]);
    expect(judge('press_key', { key: 'Tab', target: '#erase' }).kinds).to.deep.equal([]);
    expect(judge('press_key', { key: 'Control+Enter', target: '#erase' }).kinds).to.deep.equal([]);
    (document.querySelector('#erase') as HTMLElement).focus();
    expect(judge('press_key', { key: 'Enter' }).decision, 'without a target, the focused element gets the key').to.equal('confirm');
    expect(judge('long_press', { target: '#erase' }).decision).to.equal('confirm');
    expect(judge('double_click', { target: '#erase' }).decision).to.equal('confirm');
  });

  it('names where links lead: another site, a new tab, a download, a script URL', () => {
    mount(`
      <a id="away" href="https://elsewhere.example/page">Read more</a>
      <a id="tab" href="https://elsewhere.example/x" target="_blank">Read more</a>
      <a id="named" href="/terms" target="legal">Terms</a>
      <a id="same" href="/pricing">Pricing</a>
      <a id="dl" href="/files/report.pdf" download>Report</a>
      <a id="js" href="javascript:void(0)">Details</a>
      <a id="js-tab" href=" JaVa&#x09;script:alert(1)">Details</a>
      <a id="wrapped" href="https://elsewhere.example/"><span id="inner">Partner</span></a>
      <a id="mail" href="mailto:ada@example.com">Write to us</a>`);
    expect(judge('click', { target: '#away' })).to.deep.equal({ decision: 'confirm', kinds: ['activate', 'leave-origin'], question: 'Leave this site for elsewhere.example?' });
    expect(judge('click', { target: '#tab' }).question).to.equal('Open elsewhere.example in a new tab?');
    expect(judge('click', { target: '#named' }).question).to.equal(`Open /terms in a new tab?`);
    expect(judge('click', { target: '#same' })).to.deep.equal({ decision: 'allow', kinds: ['activate'], question: '' });
    expect(judge('click', { target: '#dl' }).question).to.equal('Download "report.pdf"?');
    expect(judge('click', { target: '#js' }).decision).to.equal('refuse');
    expect(judge('click', { target: '#js-tab' }).decision).to.equal('refuse');
    expect(judge('click', { target: '#inner' }).kinds, 'a click inside a link follows the link').to.include('leave-origin');
    expect(judge('click', { target: '#mail' }).kinds).to.include('leave-origin');
    expect(judge('navigate', { path: 'javascript:alert(1)' }).decision).to.equal('refuse');
    expect(judge('navigate', { path: '/account/delete' }).decision, 'moving within the site is not an effect').to.equal('allow');
  });

  it('finds the form a control submits, wherever the control is and however it submits', () => {
    mount(`
      <form id="f" action="/signup" method="post" aria-label="Sign up">
        <input id="email" type="email" name="email">
        <button id="send" type="submit">Send</button>
        <input id="image" type="image" alt="Go" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <button id="plain" type="button">Preview</button>
      </form>
      <button id="outside" form="f">Send from outside</button>
      <form id="away" action="https://payments.example/charge"><input id="card" name="q"><button id="pay">Continue</button></form>
      <form id="tabbed" action="/search" target="_blank"><button id="search">Search</button></form>
      <form id="dialog" method="dialog"><button id="close">Close</button></form>
      <form id="hidden-btn" action="/login"><input id="user" name="user"><input name="pass" type="password"><button type="submit" hidden>Log in</button></form>
      <form id="no-btn" action="/a"><input id="one" name="one"><input name="two"></form>
      <label id="label" for="ghost">Continue</label>
      <form action="/wipe"><button id="ghost" type="submit" style="display:none">Wipe</button></form>`);
    expect(judge('click', { target: '#send' })).to.deep.equal({ decision: 'confirm', kinds: ['activate', 'submit'], question: 'Submit the form "Sign up" on this page with the button "Send"?' });
    expect(judge('click', { target: '#image' }).kinds).to.include('submit');
    expect(judge('click', { target: '#plain' }).kinds).to.deep.equal(['activate']);
    expect(judge('click', { target: '#outside' }).question).to.equal('Submit the form "Sign up" on this page with the button "Send from outside"?');
    expect(judge('click', { target: '#pay' })).to.deep.equal({
      decision: 'confirm',
      kinds: ['activate', 'submit', 'leave-origin'],
      question: 'Send the form on this page to payments.example with the button "Continue"? It also leaves this site for payments.example.',
    });
    expect(judge('click', { target: '#search' }).kinds).to.deep.equal(['activate', 'submit', 'new-window']);
    expect(judge('click', { target: '#close' }).kinds, 'a dialog form only closes its dialog').to.deep.equal(['activate']);
    expect(judge('press_key', { key: 'Enter', target: '#email' }).kinds, 'Enter in a field submits implicitly').to.deep.equal(['submit']);
    expect(judge('press_key', { key: 'Enter', target: '#user' }).question, 'through a hidden submit button').to.equal('Submit the form on this page with the button "Log in"?');
    expect(judge('press_key', { key: 'Enter', target: '#one' }).kinds, 'two fields and no button: Enter does not submit').to.deep.equal([]);
    expect(judge('click', { target: '#label' }).kinds, 'a label activates its control, here a hidden submit button').to.include('submit');
    expect(judge('click', { target: '#label' }).question).to.equal('Submit the form on this page with the button "Continue"?');
  });

  it('refuses file choosers and asks before a secret field is filled; its value is a secret argument', () => {
    mount(`
      <input id="file" type="file"><label id="file-label" for="file">Upload</label>
      <label>Password <input id="pw" type="password"></label>
      <input id="otp" autocomplete="one-time-code" aria-label="Code">
      <input id="card" autocomplete="cc-number" aria-label="Card number">
      <input id="cvv" name="cvv" aria-label="CVC">
      <input id="masked" style="-webkit-text-security: disc" aria-label="PIN">
      <input id="name" aria-label="Full name">`);
    expect(judge('click', { target: '#file' }).decision).to.equal('refuse');
    expect(judge('click', { target: '#file-label' }).decision).to.equal('refuse');
    expect(judge('fill_input', { target: '#file', value: 'x' }).decision).to.equal('refuse');
    expect(judge('press_key', { key: ' ', target: '#file' }).decision).to.equal('refuse');
    expect(judge('fill_input', { target: '#pw', value: 'x' }).question).to.equal('Fill the password field "Password"?');
    expect(judge('fill_input', { target: '#otp', value: '1' }).question).to.equal('Fill the one-time code field "Code"?');
    expect(judge('fill_input', { target: '#card', value: '1' }).question).to.equal('Fill the payment field "Card number"?');
    for (const id of ['pw', 'otp', 'card', 'cvv', 'masked']) expect(secretArguments('fill_input', { target: `#${id}`, value: 'x' }, lookUp), id).to.deep.equal(['value']);
    for (const key of ['a', 'Space', 'Backspace', 'Shift+A']) {
      expect(judge('press_key', { key, target: '#pw' }).question, `typing ${key} fills it too`).to.equal('Fill the password field "Password"?');
      expect(secretArguments('press_key', { key, target: '#pw' }, lookUp)).to.deep.equal(['key']);
    }
    expect(secretArguments('press_key', { key: 'Tab', target: '#pw' }, lookUp)).to.deep.equal([]);
    expect(judge('fill_input', { target: '#name', value: 'Ada' }).kinds).to.deep.equal([]);
    expect(secretArguments('fill_input', { target: '#name', value: 'Ada' }, lookUp)).to.deep.equal([]);
  });

  it('counts ticking a checkbox and choosing an option as activations, with their wording', () => {
    mount(`
      <label><input id="wipe" type="checkbox"> Delete my data when I leave</label>
      <select id="action"><option value="keep">Keep</option><option value="close">Close my account</option></select>`);
    expect(judge('fill_input', { target: '#wipe', value: 'true' }).decision).to.equal('confirm');
    expect(judge('clear_input', { target: '#wipe' }).kinds, 'an unchecked box is not clicked to clear it').to.deep.equal([]);
    expect(judge('select_option', { target: '#action', option: 'close' }).decision).to.equal('confirm');
    expect(judge('select_option', { target: '#action', option: 'Keep' }).decision).to.equal('allow');
  });

  it('follows the host’s marks on elements and regions, and judges a host tool by its name and element', () => {
    mount(`
      <section data-dddk-never><button id="danger">Show</button></section>
      <button id="ask" data-dddk-confirm>Refresh</button>
      <button id="nothing">Refresh</button>
      <form data-dddk-never action="/x"><button id="never-submit">Go</button></form>`);
    expect(judge('click', { target: '#danger' }).decision).to.equal('refuse');
    expect(judge('click', { target: '#ask' }).decision).to.equal('confirm');
    expect(judge('click', { target: '#nothing' }).decision).to.equal('allow');
    expect(judge('click', { target: '#never-submit' }).decision).to.equal('refuse');
    expect(judge('archive_thing', { target: '#nothing' })).to.deep.equal({ decision: 'allow', kinds: ['host-action'], question: '' });
    expect(judge('remove_thing', { target: '#nothing' }).question).to.equal('Run "remove thing" on the button "Refresh"?');
    expect(judge('archive_thing', { target: '#danger' }).decision).to.equal('refuse');
  });

  it('has no effect for what it cannot act on: a missing or disabled element', () => {
    mount(`<button id="off" disabled>Delete</button>`);
    expect(judge('click', { target: '#off' }).kinds).to.deep.equal([]);
    expect(judge('click', { target: '#missing' }).kinds).to.deep.equal([]);
    expect(judge('scroll_to', { target: '#off' }).kinds).to.deep.equal([]);
  });
});
