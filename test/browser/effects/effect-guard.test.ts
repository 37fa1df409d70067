import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { decideEffects } from '../../../core/effects/effect-decision.js';
import { resolveEffectPolicy } from '../../../core/effects/effect-policy.js';
import type { DecidedEffect, EffectVerdict } from '../../../core/effects/effect.types.js';
import { succeed } from '../../../core/page/actions/results.js';
import { assessPageAction } from '../../../core/page/effects/assess-action.js';
import { runGuarded } from '../../../core/page/effects/guarded-run.js';
import { recordEffects, Timeline } from './support.js';

const policy = resolveEffectPolicy(undefined, 'test');

let stage: HTMLElement | undefined;
let unrecord: (() => void) | undefined;
function mount(html: string): HTMLElement {
  stage?.remove();
  stage = document.createElement('main');
  stage.innerHTML = html;
  document.body.append(stage);
  return stage;
}
const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

/** Runs `act` as a guarded page action; `answer` is the visitor's reply to each question asked during it. */
async function guarded(timeline: Timeline, act: () => void | Promise<void>, answer: boolean, approved: readonly DecidedEffect[] = []) {
  const asked: EffectVerdict[] = [];
  const result = await runGuarded(
    async () => {
      await act();
      return succeed('Clicked.');
    },
    {
      window,
      approved,
      decide: (effects) => decideEffects(effects, policy),
      ask: async (verdict) => {
        asked.push(verdict);
        timeline.consent(verdict.effects.map((effect) => effect.kind).join('+'), answer);
        return answer;
      },
      signal: new AbortController().signal,
    },
  );
  return { result, asked };
}

describe('the guard around an action', () => {
  let timeline: Timeline;
  beforeEach(() => {
    timeline = new Timeline();
    unrecord = recordEffects(timeline);
  });
  afterEach(() => {
    unrecord?.();
    stage?.remove();
  });

  it('holds a submission a click handler starts, asks, and lets it happen only once the visitor agrees', async () => {
    mount(`<form id="wipe" action="/wipe" method="post"></form><div id="go">Continue</div>`);
    $('#go').addEventListener('click', () => $<HTMLFormElement>('#wipe').requestSubmit());
    const declined = await guarded(timeline, () => $('#go').click(), false);
    expect(timeline.effects).to.deep.equal([]);
    expect(declined.asked.map((verdict) => verdict.effects.map((effect) => effect.kind))).to.deep.equal([['submit']]);
    expect(declined.result.message).to.contain('The page then tried to submit a form; the user declined, so it did not happen.');

    const approved = await guarded(timeline, () => $('#go').click(), true);
    expect(timeline.effects.map((effect) => [effect.kind, effect.detail])).to.deep.equal([['submit', 'wipe']]);
    expect(timeline.effects[0]!.at, 'the submission came after the consent').to.be.greaterThan(timeline.consents.at(-1)!.at);
    expect(approved.result.message).to.contain('the user agreed, and it went ahead');
  });

  it('holds what a handler does through script: form.submit(), window.open, a click on a hidden link', async () => {
    mount(`
      <form id="quiet" action="/quiet"></form>
      <a id="away" href="https://elsewhere.example/" target="_blank" hidden>x</a>
      <a id="js" href="javascript:window.__guardRan = true" hidden>x</a>
      <button id="one" type="button">One</button><button id="two" type="button">Two</button><button id="three" type="button">Three</button>`);
    $('#one').addEventListener('click', () => $<HTMLFormElement>('#quiet').submit());
    $('#two').addEventListener('click', () => void window.open('https://elsewhere.example/popup'));
    $('#three').addEventListener('click', () => {
      $('#away').click();
      $('#js').click();
    });
    const asked: string[] = [];
    for (const id of ['#one', '#two', '#three']) {
      const { asked: verdicts } = await guarded(timeline, () => $(id).click(), false);
      asked.push(...verdicts.map((verdict) => verdict.effects.map((effect) => effect.kind).join('+')));
    }
    expect(timeline.effects).to.deep.equal([]);
    expect((window as { __guardRan?: boolean }).__guardRan).to.equal(undefined);
    expect(asked, 'the javascript: link is refused without a question').to.deep.equal(['submit', 'new-window', 'new-window']);
  });

  it('holds a change handler’s submission: a select whose change submits its form', async () => {
    mount(`<form id="filter" action="/filter"><select id="sort"><option>Newest</option><option>Oldest</option></select></form>`);
    $('#sort').addEventListener('change', () => $<HTMLFormElement>('#filter').submit());
    const { asked } = await guarded(
      timeline,
      () => {
        const select = $<HTMLSelectElement>('#sort');
        select.value = 'Oldest';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      },
      false,
    );
    expect(asked).to.have.length(1);
    expect(timeline.effects).to.deep.equal([]);
  });

  it('lets through, without asking again, what the gate foresaw and the visitor agreed to', async () => {
    mount(`<form id="signup" action="/signup"><button id="send">Send</button></form>`);
    const effects = assessPageAction('click', { target: '#send' }, (selector) => document.querySelector(selector) ?? undefined);
    const approved = decideEffects(effects, policy).effects;
    const { asked } = await guarded(timeline, () => $('#send').click(), false, approved);
    expect(asked).to.deep.equal([]);
    expect(timeline.effects.map((effect) => effect.kind)).to.deep.equal(['submit']);
  });

  it('holds a script’s navigation to another site in a frame (Navigation API), and leaves same-site moves alone', async () => {
    const host = mount(`<iframe id="frame" srcdoc="<button id=b>Go</button>"></iframe>`);
    const frame = host.querySelector('iframe')!;
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    const inner = frame.contentWindow!;
    const button = inner.document.querySelector('button')!;
    button.addEventListener('click', () => inner.location.assign('https://elsewhere.example/landing'));
    let reloaded = false;
    frame.addEventListener('load', () => (reloaded = true));
    const { asked } = await guarded(timeline, () => button.click(), false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked.map((verdict) => verdict.effects.map((effect) => effect.kind))).to.deep.equal([['leave-origin']]);
    expect(reloaded, 'the frame never left').to.equal(false);

    const stay = inner.document.createElement('button');
    inner.document.body.append(stay);
    stay.addEventListener('click', () => inner.location.assign(`${location.origin}/__same-site-page`));
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    const same = await guarded(timeline, () => stay.click(), false);
    await loaded;
    expect(same.asked, 'a move within the site is no effect to ask about').to.deep.equal([]);
  });

  it('lets an agreed link or form really navigate, asking once: the navigation that follows is the same effect', async () => {
    const other = location.origin.replace('localhost', '127.0.0.1');
    const host = mount(`<iframe srcdoc="<a id=away href='${other}/__elsewhere'>Partner</a><form id=f action='/__searched'><input name=q value=x><button id=go>Search</button></form>"></iframe>`);
    const frame = host.querySelector('iframe')!;
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    const lookUp = (selector: string) => frame.contentDocument!.querySelector(selector) ?? undefined;
    for (const selector of ['#away', '#go']) {
      const doc = frame.contentDocument!;
      const approved = decideEffects(assessPageAction('click', { target: selector }, lookUp), policy).effects;
      expect(approved.some((effect) => effect.decision === 'confirm'), `${selector} asks at the gate`).to.equal(true);
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      const { asked } = await guarded(timeline, () => (doc.querySelector(selector) as HTMLElement).click(), false, approved);
      expect(asked, `${selector}: nothing more to ask`).to.deep.equal([]);
      await loaded;
      frame.srcdoc = frame.srcdoc;
      await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    }
  });

  it('stands aside as soon as the visitor touches the keyboard: their own doing is theirs', async () => {
    mount(`<form id="mine" action="/mine"></form><button id="go" type="button">Go</button>`);
    $('#go').addEventListener('click', () => $<HTMLFormElement>('#mine').requestSubmit());
    const { asked } = await guarded(
      timeline,
      async () => {
        await sendKeys({ press: 'Shift' });
        $('#go').click();
      },
      false,
    );
    expect(asked).to.deep.equal([]);
    expect(timeline.effects.map((effect) => effect.kind)).to.deep.equal(['submit']);
  });

  it('holds a request a handler sends whose method or words read destructive; lets the page’s other requests through', async () => {
    mount(`<div id="proceed" role="button">Proceed</div><button id="like" type="button">Like</button>`);
    const sent: string[] = [];
    const realFetch = window.fetch;
    const realBeacon = navigator.sendBeacon;
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return new Response('{}');
    }) as typeof fetch;
    const beacons: string[] = [];
    navigator.sendBeacon = (url: string | URL) => (beacons.push(String(url)), true);
    let outcome = '';
    try {
      $('#proceed').addEventListener('click', () => {
        fetch('/api/account', { method: 'DELETE' }).then(
          () => (outcome = 'sent'),
          (error: Error) => (outcome = error.name),
        );
        navigator.sendBeacon('/collect', 'clicked');
      });
      $('#like').addEventListener('click', () => void fetch('/api/likes', { method: 'POST', body: 'post=7' }));
      const declined = await guarded(timeline, () => $('#proceed').click(), false);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(declined.asked.map((verdict) => verdict.effects.map((effect) => [effect.kind, effect.method]))).to.deep.equal([[['request', 'DELETE']]]);
      expect(sent, 'the DELETE never left').to.deep.equal([]);
      expect(beacons, 'an analytics beacon is no effect to ask about').to.deep.equal(['/collect']);
      expect(outcome, 'the page hears its request was cancelled').to.equal('AbortError');
      const liked = await guarded(timeline, () => $('#like').click(), false);
      expect(liked.asked).to.deep.equal([]);
      expect(sent).to.deep.equal(['POST /api/likes']);
      await guarded(timeline, () => $('#proceed').click(), true);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(sent).to.deep.equal(['POST /api/likes', 'DELETE /api/account']);
      expect(outcome).to.equal('sent');
    } finally {
      window.fetch = realFetch;
      navigator.sendBeacon = realBeacon;
    }
  });

  it('puts back what it wrapped once the action is over', async () => {
    const open = window.open;
    const submit = HTMLFormElement.prototype.submit;
    const fetchBefore = window.fetch;
    const send = XMLHttpRequest.prototype.send;
    await guarded(timeline, () => undefined, false);
    expect(window.open).to.equal(open);
    expect(HTMLFormElement.prototype.submit).to.equal(submit);
    expect(window.fetch).to.equal(fetchBefore);
    expect(XMLHttpRequest.prototype.send).to.equal(send);
  });
});
