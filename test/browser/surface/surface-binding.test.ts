import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createSurfaceModel } from '../../../core/surface/surface-model.js';
import type { DddkSurfaceActionEvent } from '../../../elements/events/surface-action.js';
import type { DddkSurfaceErrorEvent } from '../../../elements/events/surface-error.js';
import type { DddkSurface } from '../../../elements/surface/surface.js';
import { everyPieceSurface } from './fixtures/every-piece.js';
import { nextEvent, part, parts, renderInline } from './support.js';

function control<T extends HTMLElement>(element: DddkSurface, pieceId: string): T {
  const path = element.activeModel!.nodePaths().find((candidate) => element.activeModel!.node(candidate)?.id === pieceId)!;
  return element.shadowRoot!.getElementById(`p${path.replace(/\//g, '-')}`) as T;
}

async function typeInto(input: HTMLInputElement | HTMLTextAreaElement, text: string): Promise<void> {
  input.focus();
  input.select();
  await sendKeys({ type: text });
}

describe('<dddk-surface> binding', () => {
  it('writes typed text to the data and shows it in a piece bound to the same pointer', async () => {
    const element = await renderInline(everyPieceSurface());
    const echo = parts(element, 'piece-body')[1]!;
    const name = control<HTMLInputElement>(element, 'name');
    expect(name.value).to.equal('Ada');
    await typeInto(name, 'Grace');
    await element.updateComplete;
    expect(element.activeModel!.read('/name')).to.equal('Grace');
    expect(parts(element, 'piece-body')[1]).to.equal(echo);
    expect(echo.textContent).to.equal('Grace');
  });

  it('shows data changed by the host in the inputs', async () => {
    const element = await renderInline(everyPieceSurface());
    element.activeModel!.setData('/name', 'Linus');
    element.activeModel!.setData('/agree', true);
    element.activeModel!.setData('/volume', 70);
    await element.updateComplete;
    expect(control<HTMLInputElement>(element, 'name').value).to.equal('Linus');
    expect(control<HTMLInputElement>(element, 'agree').checked).to.be.true;
    expect(control<HTMLInputElement>(element, 'volume').value).to.equal('70');
  });

  it('round-trips every kind of input through the model', async () => {
    const element = await renderInline(everyPieceSurface());
    const model = element.activeModel!;
    await typeInto(control(element, 'bio'), 'Poet');
    control<HTMLInputElement>(element, 'agree').click();
    control<HTMLInputElement>(element, 'notify').click();
    const select = control<HTMLSelectElement>(element, 'plan');
    select.value = 'free';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const small = element.shadowRoot!.querySelector<HTMLInputElement>('input[type="radio"][value="s"]')!;
    small.click();
    const slider = control<HTMLInputElement>(element, 'volume');
    slider.value = '90';
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    await element.updateComplete;
    expect(model.getData()).to.include({ bio: 'Poet', agree: true, notify: false, plan: 'free', size: 's', volume: 90 });
    expect(part(element, 'piece-slider')!.querySelector('output')!.textContent).to.equal('90');
    expect(element.shadowRoot!.querySelector<HTMLInputElement>('input[type="radio"][value="m"]')!.checked).to.be.false;
  });

  it('associates every input with its label', async () => {
    const element = await renderInline(everyPieceSurface());
    const expectations: Array<[string, string]> = [
      ['name', 'Name'],
      ['bio', 'Bio'],
      ['agree', 'I agree'],
      ['notify', 'Notifications'],
      ['plan', 'Plan'],
      ['volume', 'Volume'],
    ];
    for (const [id, label] of expectations) {
      const labels = control<HTMLInputElement>(element, id).labels!;
      expect(labels.length, id).to.equal(1);
      expect(labels[0]!.textContent!.replace('*', '').trim()).to.equal(label);
    }
    expect(control<HTMLInputElement>(element, 'notify').getAttribute('role')).to.equal('switch');
    expect(part(element, 'piece-radio')!.querySelector('legend')!.textContent).to.equal('Size');
  });

  it('shows why a value was refused and clears the message once a good value comes', async () => {
    const element = await renderInline({
      data: { code: '' },
      root: { piece: 'TextField', props: { label: 'Code', value: { $bind: '/code' } } },
    });
    const input = element.shadowRoot!.querySelector('input')!;
    input.value = 'x'.repeat(2001);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await element.updateComplete;
    const message = element.shadowRoot!.querySelector('.field__message')!;
    expect(message.textContent).to.match(/2000/);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.getAttribute('aria-describedby')).to.equal(message.id);
    expect(element.activeModel!.read('/code')).to.equal('', 'the refused value never reaches the data');
    expect(input.value).to.equal('', 'the control shows the data again');
    input.value = 'ok';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('.field__message')).to.be.null;
    expect(input.hasAttribute('aria-invalid')).to.be.false;
  });

  it('refuses to submit while a required field is empty, says why and focuses it', async () => {
    const element = await renderInline(everyPieceSurface(), { data: { ...everyPieceSurface().data, name: '' } });
    const actions: DddkSurfaceActionEvent[] = [];
    element.addEventListener('dddk-surface-action', (event) => actions.push(event));
    (part(element, 'piece-button') as HTMLButtonElement).click();
    await element.updateComplete;
    await element.updateComplete;
    expect(actions).to.have.length(0);
    const name = control<HTMLInputElement>(element, 'name');
    expect(name.getAttribute('aria-invalid')).to.equal('true');
    expect(element.shadowRoot!.getElementById(name.getAttribute('aria-describedby')!)!.textContent).to.equal('Fill in this field.');
    expect(element.shadowRoot!.activeElement).to.equal(name);
    await typeInto(name, 'Ada');
    (part(element, 'piece-button') as HTMLButtonElement).click();
    expect(actions.map((event) => event.detail.action.type)).to.deep.equal(['submit']);
  });

  it('replaces the data when the data property changes', async () => {
    const element = await renderInline(everyPieceSurface());
    element.data = { ...everyPieceSurface().data, name: 'Hopper' };
    await element.updateComplete;
    expect(control<HTMLInputElement>(element, 'name').value).to.equal('Hopper');
    expect(parts(element, 'piece-body')[1]!.textContent).to.equal('Hopper');
  });

  it('renders a model given by the host, and leaves it undisposed when replaced', async () => {
    const model = createSurfaceModel({ data: { n: 'one' }, root: { piece: 'Body', props: { text: { $bind: '/n' } } } });
    const element = await fixture<DddkSurface>(html`<dddk-surface .model=${model}></dddk-surface>`);
    await element.updateComplete;
    expect(part(element, 'piece-body')!.textContent).to.equal('one');
    model.setData('/n', 'two');
    await element.updateComplete;
    expect(part(element, 'piece-body')!.textContent).to.equal('two');
    element.model = undefined;
    element.surface = { root: { piece: 'Body', props: { text: 'own' } } };
    await element.updateComplete;
    expect(part(element, 'piece-body')!.textContent).to.equal('own');
    expect(model.isSettled()).to.be.false;
  });
});

describe('<dddk-surface> actions', () => {
  it('fires dddk-surface-action with the action, the data and the source piece', async () => {
    const element = await renderInline(everyPieceSurface());
    const seen: DddkSurfaceActionEvent[] = [];
    const record = (event: DddkSurfaceActionEvent) => seen.push(event);
    document.addEventListener('dddk-surface-action', record);
    part(element, 'piece-icon-button')!.click();
    parts(element, 'piece-link')[1]!.click();
    parts(element, 'piece-button')[1]!.click();
    document.removeEventListener('dddk-surface-action', record);
    expect(seen.map((event) => event.detail.action)).to.deep.equal([
      { type: 'custom', name: 'refresh' },
      { type: 'custom', name: 'more' },
      { type: 'cancel' },
    ]);
    expect(seen[0]!.detail.source).to.equal(element.activeModel!.nodePaths().find((path) => element.activeModel!.node(path)?.id === 'refresh'));
    expect(seen[0]!.detail.data).to.include({ name: 'Ada' });
    expect(seen[0]!.composed && seen[0]!.bubbles).to.be.true;
    expect(await element.result).to.deep.include({ action: { type: 'custom', name: 'refresh' } });
  });

  it('does nothing for a disabled button', async () => {
    const element = await renderInline({ root: { piece: 'Button', props: { text: 'Go', action: { type: 'submit' }, disabled: true } } });
    const seen: Event[] = [];
    element.addEventListener('dddk-surface-action', (event) => seen.push(event));
    const button = part(element, 'piece-button') as HTMLButtonElement;
    expect(button.disabled).to.be.true;
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(seen).to.have.length(0);
  });

  it('lets a link with an action fire it instead of navigating', async () => {
    const element = await renderInline({ root: { piece: 'Link', props: { text: 'Docs', href: '#docs', action: { type: 'custom', name: 'docs' } } } });
    const fired = nextEvent<DddkSurfaceActionEvent>(element, 'dddk-surface-action');
    const link = part(element, 'piece-link') as HTMLAnchorElement;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect((await fired).detail.action).to.deep.equal({ type: 'custom', name: 'docs' });
    expect(click.defaultPrevented).to.be.true;
  });
});

describe('<dddk-surface> invalid surfaces', () => {
  it('shows every issue by path, fires dddk-surface-error, and does not throw', async () => {
    const errors: DddkSurfaceErrorEvent[] = [];
    document.addEventListener('dddk-surface-error', (event) => errors.push(event), { once: true });
    const element = await renderInline({
      root: { piece: 'Stack', children: [{ piece: 'Heading', props: { txt: 'x' } }, { piece: 'Blink' }] },
    });
    const notice = part(element, 'error')!;
    expect(notice.getAttribute('role')).to.equal('alert');
    expect(notice.textContent).to.contain('could not be shown');
    const items = [...notice.querySelectorAll('li')].map((item) => item.textContent!.replace(/\s+/g, ' '));
    expect(items.some((item) => item.includes('/root/children/0/props/txt') && item.includes('unknown prop'))).to.be.true;
    expect(items.some((item) => item.includes('/root/children/1/piece') && item.includes('unknown piece "Blink"'))).to.be.true;
    expect(errors).to.have.length(1);
    expect(errors[0]!.detail.issues.map((issue) => issue.path)).to.include('/root/children/1/piece');
    expect(element.validationIssues).to.have.length(items.length);
    expect(element.activeModel).to.be.undefined;
  });

  it('shows the notice for JSON that is not a surface at all', async () => {
    for (const junk of [null, 42, 'root', [], { root: 'x' }]) {
      const element = await renderInline(junk);
      expect(part(element, 'error'), JSON.stringify(junk)).to.exist;
    }
  });

  it('recovers when a valid surface replaces an invalid one', async () => {
    const element = await renderInline({ root: { piece: 'Nope' } });
    expect(part(element, 'error')).to.exist;
    element.surface = { root: { piece: 'Body', props: { text: 'fine' } } };
    await element.updateComplete;
    expect(part(element, 'error')).to.be.null;
    expect(part(element, 'piece-body')!.textContent).to.equal('fine');
  });
});
