import { expect } from '@open-wc/testing';
import {
  askUser,
  askUserChoice,
  createPageActions,
  detectLoginWallAction,
  escalateToHuman,
  narrate,
  pause,
  trackIntent,
  validateForm,
  wait,
  waitUntil,
  type LoginWallReport,
} from '../../../core/page/actions/index.js';
import { $, context, expectFailure, expectOk, mount, run, unmount } from './support.js';

describe('flow actions', () => {
  afterEach(unmount);

  it('narrate returns the text for the interface to show', async () => {
    expect(expectOk(await run(narrate, { text: '  Here is the pricing table. ' })).data).to.deep.equal({ text: 'Here is the pricing table.' });
    expectFailure(await run(narrate, { text: '' }), 'invalid_arguments');
  });

  it('wait is bounded and abortable', async () => {
    expectOk(await run(wait, { ms: 20 }));
    expectFailure(await run(wait, { ms: 60_000 }), 'invalid_arguments');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const started = performance.now();
    expectFailure(await wait.run({ ms: 5_000 }, context({ signal: controller.signal })), 'cancelled');
    expect(performance.now() - started).to.be.below(4_000);
  });

  describe('wait_until', () => {
    it('resolves when an element appears, and when it disappears', async () => {
      mount('<div id="list"></div><div id="spinner">Loading…</div>');
      setTimeout(() => ($('#list').innerHTML = '<p class="result">Found</p>'), 40);
      expectOk(await run(waitUntil, { target: '.result', timeoutMs: 2_000 }));
      setTimeout(() => $('#spinner').remove(), 40);
      expectOk(await run(waitUntil, { target: '#spinner', state: 'absent', timeoutMs: 2_000 }));
    });

    it('tracks visibility and text', async () => {
      mount('<div id="panel" hidden>Ready to ship</div><p id="status">Working</p>');
      setTimeout(() => ($('#panel').hidden = false), 40);
      expectOk(await run(waitUntil, { target: '#panel', state: 'visible', timeoutMs: 2_000 }));
      setTimeout(() => ($('#status').textContent = 'Order confirmed!'), 40);
      expectOk(await run(waitUntil, { text: 'order   CONFIRMED', timeoutMs: 2_000 }));
      expectOk(await run(waitUntil, { text: 'Working', state: 'absent', timeoutMs: 500 }));
    });

    it('times out with a reason, can be aborted, and wants exactly one of target or text', async () => {
      mount('');
      const message = expectFailure(await run(waitUntil, { target: '#never', timeoutMs: 150 }), 'timeout');
      expect(message).to.contain('#never');
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      expectFailure(await waitUntil.run({ target: '#never', timeoutMs: 10_000 }, context({ signal: controller.signal })), 'cancelled');
      expectFailure(await run(waitUntil, {}), 'invalid_arguments');
      expectFailure(await run(waitUntil, { target: '#a', text: 'b' }), 'invalid_arguments');
      expectFailure(await run(waitUntil, { target: '#a', timeoutMs: 60_000 }), 'invalid_arguments');
    });
  });

  describe('asking the user', () => {
    it('ask_user, ask_user_choice and pause relay to the injected handlers', async () => {
      const asked: unknown[] = [];
      const ctx = context({
        ask: async (question) => {
          asked.push(question);
          return ' blue ';
        },
        choose: async (question, options) => {
          asked.push([question, options]);
          return options[1]!;
        },
        pause: async (message) => void asked.push(`pause:${message}`),
      });
      expect(expectOk(await askUser.run({ question: 'Favourite colour?' }, ctx)).data).to.deep.equal({ answer: 'blue' });
      expect(expectOk(await askUserChoice.run({ question: 'Plan?', options: ['Basic', 'Pro'] }, ctx)).data).to.deep.equal({ answer: 'Pro', index: 1 });
      expectOk(await pause.run({ message: 'Sign in, then continue' }, ctx));
      expect(asked).to.deep.equal(['Favourite colour?', ['Plan?', ['Basic', 'Pro']], 'pause:Sign in, then continue']);
    });

    it('fails clearly without a handler, on a dismissal, on bad options and on abort', async () => {
      expect(expectFailure(await run(askUser, { question: 'Q?' }), 'unknown')).to.contain('"ask"');
      expect(expectFailure(await run(askUserChoice, { question: 'Q?', options: ['a', 'b'] }), 'unknown')).to.contain('"choose"');
      expect(expectFailure(await run(pause, { message: 'wait' }), 'unknown')).to.contain('"pause"');
      expectFailure(await askUser.run({ question: 'Q?' }, context({ ask: () => Promise.reject(new Error('closed')) })), 'user_declined');
      expectFailure(await run(askUserChoice, { question: 'Q?', options: ['only one'] }), 'invalid_arguments');
      expectFailure(await run(askUserChoice, { question: 'Q?', options: ['same', 'same'] }), 'invalid_arguments');
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      const forever = () => new Promise<string>(() => undefined);
      expectFailure(await askUser.run({ question: 'Q?' }, context({ ask: forever, signal: controller.signal })), 'cancelled');
    });
  });

  it('track_intent and escalate_to_human call the host handlers', async () => {
    const tracked: unknown[] = [];
    const escalated: unknown[] = [];
    const ctx = context({
      track: (name, props) => void tracked.push([name, props]),
      escalate: async (request) => {
        escalated.push(request);
        return 'ticket #42';
      },
    });
    expectOk(await trackIntent.run({ name: 'pricing_question', props: { plan: 'pro' } }, ctx));
    expect(tracked).to.deep.equal([['pricing_question', { plan: 'pro' }]]);
    expectFailure(await trackIntent.run({ name: 'bad name!' }, ctx), 'invalid_arguments');
    expectFailure(await run(trackIntent, { name: 'x' }), 'unknown');
    const result = expectOk(await escalateToHuman.run({ reason: 'Refund over limit', summary: 'Order 7' }, ctx));
    expect(escalated).to.deep.equal([{ reason: 'Refund over limit', summary: 'Order 7' }]);
    expect(result.data).to.deep.equal({ reference: 'ticket #42' });
    expectFailure(await run(escalateToHuman, { reason: 'x' }), 'unknown');
  });

  it('validate_form lists invalid fields with labels and messages, without submitting', async () => {
    mount(`<form id="f">
        <label for="email">Email</label><input id="email" name="email" type="email" value="not-an-email">
        <label for="age">Age</label><input id="age" name="age" type="number" min="18" value="12">
        <label>Name <input id="name" name="name" required></label>
        <input id="zip" name="zip" aria-label="Zip code" aria-invalid="true" aria-describedby="zip-err"><span id="zip-err">Unknown zip</span>
        <input id="ok" name="ok" value="fine">
      </form>`);
    let submitted = false;
    let invalidEvents = 0;
    $('#f').addEventListener('submit', () => (submitted = true));
    $('#f').addEventListener('invalid', () => invalidEvents++, true);
    const result = expectOk(await run(validateForm, { target: '#name' }));
    const data = result.data as { valid: boolean; invalid: { label: string; name?: string; message: string }[] };
    expect(data.valid).to.equal(false);
    expect(data.invalid.map((f) => f.label)).to.deep.equal(['Email', 'Age', 'Name', 'Zip code']);
    expect(data.invalid[3]!.message).to.equal('Unknown zip');
    expect(data.invalid[1]!.message).to.equal(($('#age') as HTMLInputElement).validationMessage);
    expect(submitted).to.equal(false);
    expect(invalidEvents).to.equal(0);
    for (const id of ['#email', '#age', '#name', '#zip']) ($(id) as HTMLInputElement).value = id === '#email' ? 'a@b.co' : id === '#age' ? '30' : 'x';
    $('#zip').removeAttribute('aria-invalid');
    expect(expectOk(await run(validateForm, {})).data).to.deep.include({ valid: true, checked: 1 });
  });

  describe('detect_login_wall', () => {
    it('finds a sign-in page', async () => {
      mount(`<h1>Please sign in</h1><form id="login-form" action="/session">
        <input autocomplete="username"><input type="password"><button>Sign in</button></form>`);
      const report = expectOk(await run(detectLoginWallAction, {})).data as LoginWallReport;
      expect(report.loginWall).to.equal(true);
      expect(report.confidence).to.equal('high');
      expect(report.signals.join(' ')).to.contain('password field');
      expect(report.signals.join(' ')).to.contain('"Please sign in"');
    });

    it('reports 401 text, and stays quiet on an ordinary page with a sign-in link', async () => {
      mount('<h2>401 Unauthorized</h2>');
      expect((expectOk(await run(detectLoginWallAction, {})).data as LoginWallReport).loginWall).to.equal(true);
      mount('<header><a href="/login">Sign in</a></header><h1>Our products</h1><p>Fresh fruit daily.</p>');
      const report = expectOk(await run(detectLoginWallAction, {})).data as LoginWallReport;
      expect(report.loginWall).to.equal(false);
      expect(report.confidence).to.equal('low');
    });
  });

  describe('createPageActions', () => {
    it('offers every action as a tool with a JSON Schema, unique names', () => {
      const actions = createPageActions();
      const names = actions.map((a) => a.name);
      expect(new Set(names).size).to.equal(names.length);
      expect(names).to.include.members(['narrate', 'navigate', 'click', 'fill_input', 'select_option', 'press_key', 'wait_until', 'ask_user', 'validate_form', 'detect_login_wall', 'drag', 'spotlight']);
      for (const action of actions) {
        expect(action.description.length, action.name).to.be.greaterThan(20);
        expect(action.parameters).to.have.property('type', 'object');
      }
    });

    it('honours bundles, excludeTools, actionOverrides and extra actions, and rejects unknown names', async () => {
      const actions = createPageActions({
        bundles: ['core'],
        excludeTools: ['scroll_to'],
        actionOverrides: {
          narrate: {
            description: 'Speak like a pirate.',
            run: async (args, ctx, original) => {
              const result = await original(args, ctx);
              return result.ok ? { ...result, message: 'Arr.' } : result;
            },
          },
        },
        extraActions: [{ name: 'open_cart', description: 'Open the cart drawer.', parameters: { type: 'object' }, run: async () => ({ ok: true }) }],
      });
      expect(actions.map((a) => a.name)).to.deep.equal(['narrate', 'navigate', 'click', 'border', 'read_text', 'open_cart']);
      const narrateTool = actions[0]!;
      expect(narrateTool.description).to.equal('Speak like a pirate.');
      expect(expectOk(await narrateTool.run({ text: 'hi' }, context())).message).to.equal('Arr.');
      expect(() => createPageActions({ excludeTools: ['clik'] })).to.throw(/excludeTools.*"clik"/);
      expect(() => createPageActions({ actionOverrides: { nope: {} } })).to.throw(/actionOverrides/);
      expect(() => createPageActions({ extraActions: [{ ...narrateTool }] })).to.throw(/built-in/);
    });

    it('never throws from a run: a throwing resolver or override becomes a failure', async () => {
      const [clickTool] = createPageActions({ bundles: ['core'] }).filter((a) => a.name === 'click');
      const throwing = context({ resolve: () => { throw new Error('index map is stale'); } });
      expect(expectFailure(await clickTool!.run({ target: '7' }, throwing), 'not_found')).to.contain('index map is stale');
      const [broken] = createPageActions({ bundles: ['core'], actionOverrides: { narrate: { run: () => { throw new Error('boom'); } } } });
      expect(expectFailure(await broken!.run({ text: 'x' }, context()), 'unknown')).to.contain('boom');
      const aborted = new AbortController();
      aborted.abort();
      expectFailure(await clickTool!.run({ target: '#x' }, context({ signal: aborted.signal })), 'cancelled');
    });
  });
});
