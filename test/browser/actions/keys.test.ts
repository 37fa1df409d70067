import { expect } from '@open-wc/testing';
import { holdKey, parseKeyCombo, pressKey } from '../../../core/page/actions/index.js';
import { $, context, expectFailure, expectOk, mount, run, unmount } from './support.js';

describe('key actions', () => {
  afterEach(unmount);

  it('parses keys and combos, and explains bad ones', () => {
    expect(parseKeyCombo('Control+A')).to.deep.include({ key: 'a', code: 'KeyA', modifiers: ['Control'] });
    expect(parseKeyCombo('shift+tab')).to.deep.include({ key: 'Tab', modifiers: ['Shift'] });
    expect(parseKeyCombo('Cmd+Shift+z')).to.deep.include({ key: 'Z', modifiers: ['Meta', 'Shift'] });
    expect(parseKeyCombo('Control++')).to.deep.include({ key: '+', modifiers: ['Control'] });
    expect(parseKeyCombo('esc')).to.deep.include({ key: 'Escape', keyCode: 27 });
    expect(parseKeyCombo('Hyper+A')).to.be.a('string').and.contain('not a modifier');
    expect(parseKeyCombo('Enterr')).to.be.a('string').and.contain('not a key name');
  });

  it('dispatches keydown, keypress and keyup with modifiers and legacy keyCode', async () => {
    mount('<input id="field">');
    $('#field').focus();
    const seen: string[] = [];
    for (const type of ['keydown', 'keypress', 'keyup']) {
      $('#field').addEventListener(type, (e) => {
        const k = e as KeyboardEvent;
        seen.push(`${type}:${k.key}:${k.ctrlKey ? 'ctrl' : ''}:${k.keyCode}`);
      });
    }
    expectOk(await run(pressKey, { key: 'Control+a' }));
    expect(seen).to.deep.equal(['keydown:Control:ctrl:17', 'keydown:a:ctrl:65', 'keyup:a:ctrl:65', 'keyup:Control::17']);
    seen.length = 0;
    expectOk(await run(pressKey, { key: 'x', target: '#field' }));
    expect(seen).to.deep.equal(['keydown:x::88', 'keypress:x::120', 'keyup:x::88']);
    expect(($('#field') as HTMLInputElement).value, 'a character is typed').to.equal('x');
  });

  it('Enter in a field submits its form through requestSubmit, unless the form is invalid', async () => {
    mount(`<form id="f"><input id="q" name="q" required><button>Search</button></form>`);
    const submits: (string | null)[] = [];
    $('#f').addEventListener('submit', (event) => {
      event.preventDefault();
      submits.push((event as SubmitEvent).submitter?.textContent ?? null);
    });
    const invalid = expectOk(await run(pressKey, { key: 'Enter', target: '#q' }));
    expect(submits).to.deep.equal([]);
    expect(invalid.data).to.deep.include({ submitted: false });
    expect(invalid.message).to.contain('not submitted');
    ($('#q') as HTMLInputElement).value = 'shoes';
    const sent = expectOk(await run(pressKey, { key: 'Enter', target: '#q' }));
    expect(submits).to.deep.equal(['Search']);
    expect(sent.data).to.deep.include({ submitted: true, prevented: false });
  });

  it('Enter does nothing more when the page cancels the keydown', async () => {
    mount(`<form id="f"><input id="q" value="x"><button>Go</button></form>`);
    let submitted = false;
    $('#f').addEventListener('submit', (event) => {
      event.preventDefault();
      submitted = true;
    });
    $('#q').addEventListener('keydown', (event) => event.preventDefault());
    const result = expectOk(await run(pressKey, { key: 'Enter', target: '#q' }));
    expect(submitted).to.equal(false);
    expect(result.data).to.deep.include({ prevented: true });
  });

  it('Enter and Space activate buttons; Tab moves focus; Backspace deletes', async () => {
    mount('<button id="b1">One</button><input id="i1" value="abc"><button id="b2">Two</button>');
    const clicks: string[] = [];
    for (const id of ['#b1', '#b2']) $(id).addEventListener('click', () => clicks.push(id));
    expectOk(await run(pressKey, { key: 'Enter', target: '#b1' }));
    expectOk(await run(pressKey, { key: 'Space', target: '#b2' }));
    expect(clicks).to.deep.equal(['#b1', '#b2']);
    $('#b1').focus();
    expectOk(await run(pressKey, { key: 'Tab' }));
    expect(document.activeElement).to.equal($('#i1'));
    expectOk(await run(pressKey, { key: 'Shift+Tab' }));
    expect(document.activeElement).to.equal($('#b1'));
    const input = $('#i1') as HTMLInputElement;
    input.focus();
    input.setSelectionRange(3, 3);
    expectOk(await run(pressKey, { key: 'Backspace' }));
    expect(input.value).to.equal('ab');
  });

  it('Escape closes an open modal dialog', async () => {
    mount('<dialog id="d"><p>Hello</p></dialog>');
    ($('#d') as HTMLDialogElement).showModal();
    const result = expectOk(await run(pressKey, { key: 'Escape' }));
    expect(($('#d') as HTMLDialogElement).open).to.equal(false);
    expect(result.message).to.contain('dialog closed');
  });

  it('rejects unknown keys and disabled targets', async () => {
    mount('<input id="off" disabled>');
    expectFailure(await run(pressKey, { key: 'Banana+Q' }), 'invalid_arguments');
    expectFailure(await run(pressKey, {}), 'invalid_arguments');
    expectFailure(await run(pressKey, { key: 'a', target: '#off' }), 'not_interactive');
  });

  it('hold_key keeps the key down for the duration and always releases it', async () => {
    mount('<div id="pad" tabindex="0">pad</div>');
    $('#pad').focus();
    const at: Record<string, number> = {};
    const shift: boolean[] = [];
    document.addEventListener('keydown', (e) => {
      at.down = performance.now();
      shift.push(e.shiftKey);
    });
    document.addEventListener('keyup', (e) => {
      at.up = performance.now();
      shift.push(e.shiftKey);
    });
    expectOk(await run(holdKey, { key: 'Shift', durationMs: 120 }));
    expect(at.up! - at.down!).to.be.at.least(110);
    expect(shift).to.deep.equal([true, false]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    delete at.up;
    expectFailure(await holdKey.run({ key: 'k', durationMs: 5000 }, context({ signal: controller.signal })), 'cancelled');
    expect(at.up).to.be.a('number');
    expectFailure(await run(holdKey, { key: 'k' }), 'invalid_arguments');
  });
});
