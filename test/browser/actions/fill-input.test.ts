import { expect } from '@open-wc/testing';
import { clearInput, fillInput, selectOption } from '../../../core/page/actions/index.js';
import type { ReactFormHandle } from './fixtures/react-form.js';
import type { VueFormHandle } from './fixtures/vue-form.js';
import { $, expectFailure, expectOk, mount, record, run, unmount } from './support.js';

const bundle = (file: string) => `/__bundle/test/browser/actions/fixtures/${file}.js`;

describe('fill_input on plain inputs', () => {
  afterEach(unmount);

  it('fills text-like inputs and textareas, firing bubbling composed input and change', async () => {
    mount(`<input id="text"><input id="email" type="email"><input id="search" type="search"><input id="url" type="url">
      <input id="tel" type="tel"><input id="password" type="password"><textarea id="area"></textarea>`);
    const events: string[] = [];
    document.addEventListener('input', (e) => events.push(`input:${(e.target as Element).id}:${e.composed}`));
    document.addEventListener('change', (e) => events.push(`change:${(e.target as Element).id}`));
    const values: Record<string, string> = {
      '#text': 'hello', '#email': 'a@b.co', '#search': 'shoes', '#url': 'https://x.test/', '#tel': '+1 555', '#password': 's3cret', '#area': 'two\nlines',
    };
    for (const [target, value] of Object.entries(values)) {
      expectOk(await run(fillInput, { target, value }));
      expect(($(target) as HTMLInputElement).value).to.equal(value);
    }
    expect(events).to.include('input:text:true');
    expect(events).to.include('change:area');
  });

  it('validates number and range values before writing them', async () => {
    mount('<input id="n" type="number" min="1" max="10"><input id="r" type="range" min="0" max="50" step="10"><input id="any" type="number" step="any">');
    expectOk(await run(fillInput, { target: '#n', value: 7 }));
    expect(($('#n') as HTMLInputElement).valueAsNumber).to.equal(7);
    expect(expectFailure(await run(fillInput, { target: '#n', value: '11' }), 'invalid_arguments')).to.contain('up to 10');
    expectFailure(await run(fillInput, { target: '#n', value: 'seven' }), 'invalid_arguments');
    expect(($('#n') as HTMLInputElement).value, 'refused values are not written').to.equal('7');
    expectOk(await run(fillInput, { target: '#r', value: '30' }));
    expect(($('#r') as HTMLInputElement).value).to.equal('30');
    expect(expectFailure(await run(fillInput, { target: '#r', value: '33' }), 'invalid_arguments')).to.contain('30 or 40');
    expectOk(await run(fillInput, { target: '#any', value: '3.14159' }));
  });

  it('validates date, time, month, color and datetime values against the control format', async () => {
    mount(`<input id="d" type="date" min="2024-01-01"><input id="t" type="time"><input id="m" type="month">
      <input id="c" type="color"><input id="dt" type="datetime-local">`);
    expectOk(await run(fillInput, { target: '#d', value: '2025-03-31' }));
    expect(($('#d') as HTMLInputElement).value).to.equal('2025-03-31');
    expect(expectFailure(await run(fillInput, { target: '#d', value: '31/03/2025' }), 'invalid_arguments')).to.contain('YYYY-MM-DD');
    expect(expectFailure(await run(fillInput, { target: '#d', value: '2023-12-31' }), 'invalid_arguments')).to.contain('2024-01-01');
    expect(($('#d') as HTMLInputElement).value).to.equal('2025-03-31');
    expectOk(await run(fillInput, { target: '#t', value: '14:30' }));
    expectFailure(await run(fillInput, { target: '#t', value: '2pm' }), 'invalid_arguments');
    expectOk(await run(fillInput, { target: '#m', value: '2025-03' }));
    expectOk(await run(fillInput, { target: '#c', value: '#3366FF' }));
    expect(($('#c') as HTMLInputElement).value).to.equal('#3366ff');
    expectFailure(await run(fillInput, { target: '#c', value: 'blue' }), 'invalid_arguments');
    expectOk(await run(fillInput, { target: '#dt', value: '2025-03-31T14:30' }));
  });

  it('refuses disabled, read-only, hidden, file and button inputs with a reason', async () => {
    mount(`<input id="off" disabled><input id="ro" readonly value="x"><input id="h" type="hidden">
      <input id="f" type="file"><input id="s" type="submit"><input id="gone" style="display:none">`);
    expect(expectFailure(await run(fillInput, { target: '#off', value: 'a' }), 'not_interactive')).to.contain('disabled');
    expect(expectFailure(await run(fillInput, { target: '#ro', value: 'a' }), 'not_interactive')).to.contain('read-only');
    expectFailure(await run(fillInput, { target: '#h', value: 'a' }), 'not_interactive');
    expect(expectFailure(await run(fillInput, { target: '#f', value: 'a' }), 'not_interactive')).to.contain('file');
    expect(expectFailure(await run(fillInput, { target: '#s', value: 'a' }), 'not_interactive')).to.contain('click');
    expectFailure(await run(fillInput, { target: '#gone', value: 'a' }), 'not_visible');
    expectFailure(await run(fillInput, { target: '#ro' }), 'invalid_arguments');
    expect(($('#ro') as HTMLInputElement).value).to.equal('x');
  });

  it('accepts a label or a wrapper as the target and fills its control', async () => {
    mount('<label id="lab" for="inp">Email</label><input id="inp"><div id="wrap"><span>City</span><input id="city"></div>');
    expectOk(await run(fillInput, { target: '#lab', value: 'me@x.test' }));
    expect(($('#inp') as HTMLInputElement).value).to.equal('me@x.test');
    expectOk(await run(fillInput, { target: '#wrap', value: 'Oslo' }));
    expect(($('#city') as HTMLInputElement).value).to.equal('Oslo');
  });

  it('checks and unchecks checkboxes by clicking, and picks radios by value or label', async () => {
    mount(`<input id="box" type="checkbox">
      <input type="radio" name="plan" id="basic" value="basic"><label for="basic">Basic</label>
      <input type="radio" name="plan" id="pro" value="pro"><label for="pro">Professional</label>`);
    const seen = record($('#box'), ['click', 'input', 'change']);
    expectOk(await run(fillInput, { target: '#box', value: true }));
    expect(($('#box') as HTMLInputElement).checked).to.equal(true);
    expect(seen).to.deep.equal(['click', 'input', 'change']);
    expectOk(await run(fillInput, { target: '#box', value: 'true' }));
    expect(seen.length, 'no second click when already checked').to.equal(3);
    expectOk(await run(fillInput, { target: '#box', value: 'false' }));
    expect(($('#box') as HTMLInputElement).checked).to.equal(false);
    expectFailure(await run(fillInput, { target: '#box', value: 'maybe' }), 'invalid_arguments');

    expectOk(await run(fillInput, { target: '#basic', value: 'Professional' }));
    expect(($('#pro') as HTMLInputElement).checked).to.equal(true);
    expectOk(await run(fillInput, { target: '#basic', value: 'true' }));
    expect(($('#basic') as HTMLInputElement).checked).to.equal(true);
    expectFailure(await run(fillInput, { target: '#basic', value: 'false' }), 'invalid_arguments');
    expectFailure(await run(fillInput, { target: '#basic', value: 'enterprise' }), 'invalid_arguments');
  });

  it('replaces the content of a contenteditable region with input events', async () => {
    mount('<div id="ed" contenteditable="true"><p>old <b>text</b></p></div>');
    const seen = record($('#ed'), ['beforeinput', 'input']);
    expectOk(await run(fillInput, { target: '#ed', value: 'brand new' }));
    expect($('#ed').textContent).to.equal('brand new');
    expect(seen).to.include.members(['beforeinput', 'input']);
    expectOk(await run(clearInput, { target: '#ed' }));
    expect($('#ed').textContent).to.equal('');
  });

  it('lets a rich editor that cancels beforeinput keep control of its content', async () => {
    mount('<div id="rich" contenteditable="true">model text</div>');
    $('#rich').addEventListener('beforeinput', (event) => event.preventDefault());
    expectFailure(await run(fillInput, { target: '#rich', value: 'typed' }), 'not_interactive');
    expect($('#rich').textContent).to.equal('model text');
  });

  it('lets a rich editor apply the text from beforeinput itself', async () => {
    mount('<div id="rich" contenteditable="true">model text</div>');
    const applied: string[] = [];
    $('#rich').addEventListener('beforeinput', (event) => {
      event.preventDefault();
      applied.push(`${event.inputType}:${event.data}`);
      queueMicrotask(() => ($('#rich').textContent = event.data));
    });
    expectOk(await run(fillInput, { target: '#rich', value: 'typed' }));
    expect(applied).to.deep.equal(['insertText:typed']);
    expect($('#rich').textContent).to.equal('typed');
  });

  it('select_option picks by value or label, single and multiple, and fires input and change', async () => {
    mount(`<select id="one"><option value="">Pick</option><option value="fr">France</option><option value="de">Germany</option><option value="xx" disabled>Closed</option></select>
      <select id="many" multiple><option value="a">Apple</option><option value="b" selected>Banana</option><option value="c">Cherry</option></select>`);
    const seen = record($('#one'), ['input', 'change']);
    expectOk(await run(selectOption, { target: '#one', option: 'de' }));
    expect(($('#one') as HTMLSelectElement).value).to.equal('de');
    expectOk(await run(selectOption, { target: '#one', option: 'france' }));
    expect(($('#one') as HTMLSelectElement).value).to.equal('fr');
    expect(seen).to.deep.equal(['input', 'change', 'input', 'change']);
    expectFailure(await run(selectOption, { target: '#one', option: 'France', match: 'value' }), 'invalid_arguments');
    expect(expectFailure(await run(selectOption, { target: '#one', option: 'Spain' }), 'invalid_arguments')).to.contain('"Germany"');
    expectFailure(await run(selectOption, { target: '#one', option: 'Closed' }), 'not_interactive');
    expectFailure(await run(selectOption, { target: '#one', option: ['fr', 'de'] }), 'invalid_arguments');

    const result = expectOk(await run(selectOption, { target: '#many', option: ['Apple', 'c'] }));
    expect(result.data).to.deep.equal({ values: ['a', 'c'], labels: ['Apple', 'Cherry'] });
    expect([...($('#many') as HTMLSelectElement).selectedOptions].map((o) => o.value)).to.deep.equal(['a', 'c']);
    expectOk(await run(fillInput, { target: '#one', value: 'Germany' }));
    expect(($('#one') as HTMLSelectElement).value).to.equal('de');
  });

  it('select_option chooses from an ARIA combobox by clicking its option', async () => {
    mount(`<div id="combo" role="combobox" aria-controls="list" tabindex="0" style="width:120px;height:24px">Choose…</div>
      <ul id="list" role="listbox" hidden><li role="option" id="o1">Red</li><li role="option" id="o2">Blue</li></ul><output id="picked"></output>`);
    $('#combo').addEventListener('click', () => ($('#list').hidden = false));
    $('#list').addEventListener('click', (event) => {
      $('#picked').textContent = (event.target as Element).textContent;
      $('#list').hidden = true;
    });
    expectOk(await run(selectOption, { target: '#combo', option: 'Blue' }));
    expect($('#picked').textContent).to.equal('Blue');
  });

  it('clear_input empties text, unchecks boxes, resets selects', async () => {
    mount(`<input id="t" value="abc"><input id="b" type="checkbox" checked>
      <select id="s"><option value="">None</option><option value="1" selected>One</option></select>
      <select id="nos"><option value="1">One</option></select>
      <select id="m" multiple><option value="1" selected>One</option><option value="2" selected>Two</option></select>`);
    expectOk(await run(clearInput, { target: '#t' }));
    expect(($('#t') as HTMLInputElement).value).to.equal('');
    expectOk(await run(clearInput, { target: '#b' }));
    expect(($('#b') as HTMLInputElement).checked).to.equal(false);
    expectOk(await run(clearInput, { target: '#s' }));
    expect(($('#s') as HTMLSelectElement).value).to.equal('');
    expectFailure(await run(clearInput, { target: '#nos' }), 'invalid_arguments');
    expectOk(await run(clearInput, { target: '#m' }));
    expect(($('#m') as HTMLSelectElement).selectedOptions.length).to.equal(0);
  });
});

describe('fill_input on framework-controlled fields', () => {
  afterEach(unmount);

  it('updates React 19 controlled state for inputs, textareas, checkboxes and selects', async () => {
    const { mountReactForm } = (await import(bundle('react-form.ts'))) as typeof import('./fixtures/react-form.js');
    const stage = mount('');
    const form: ReactFormHandle = mountReactForm(stage);
    try {
      expectOk(await run(fillInput, { target: '#react-name', value: 'Ada' }));
      expectOk(await run(fillInput, { target: '#react-notes', value: 'likes math' }));
      expectOk(await run(fillInput, { target: '#react-agree', value: 'true' }));
      expectOk(await run(selectOption, { target: '#react-size', option: 'Large' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect($('#react-echo').textContent).to.equal('Ada|likes math|true|l|');
      expect(($('#react-name') as HTMLInputElement).value).to.equal('Ada');

      const reformatted = expectOk(await run(fillInput, { target: '#react-code', value: '12-34' }));
      expect(reformatted.message).to.contain('"1234"');
      expect($('#react-echo').textContent).to.equal('Ada|likes math|true|l|1234');

      expectFailure(await run(fillInput, { target: '#react-locked', value: 'changed' }), 'not_interactive');
      expect(($('#react-locked') as HTMLInputElement).value).to.equal('fixed');
    } finally {
      form.unmount();
    }
  });

  it('updates Vue 3 v-model state for text, number, select, multiple select and checkbox', async () => {
    const { mountVueForm } = (await import(bundle('vue-form.ts'))) as typeof import('./fixtures/vue-form.js');
    const stage = mount('');
    const form: VueFormHandle = mountVueForm(stage);
    try {
      expectOk(await run(fillInput, { target: '#vue-name', value: 'Grace' }));
      expectOk(await run(fillInput, { target: '#vue-age', value: '42' }));
      expectOk(await run(selectOption, { target: '#vue-color', option: 'Green' }));
      expectOk(await run(selectOption, { target: '#vue-tags', option: ['a', 'Gamma'] }));
      expectOk(await run(fillInput, { target: '#vue-terms', value: 'yes' }));
      await form.flush();
      expect(form.state()).to.deep.equal({ name: 'Grace', age: 42, color: 'green', tags: ['a', 'c'], terms: true });
      expect($('#vue-echo').textContent).to.equal('Grace|42|green|a,c|true');
    } finally {
      form.unmount();
    }
  });
});
