import { expect, fixture, fixtureSync, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import type { AskAnswer } from '../../../core/subtitle/prompt.types.js';
import { DddkSubtitle, defineSubtitle } from '../../../elements/subtitle/subtitle.js';

defineSubtitle();

const created: DddkController[] = [];
function controller(locale = 'en'): DddkController {
  const dddk = createDddk({ locale });
  created.push(dddk);
  return dddk;
}

afterEach(() => {
  for (const dddk of created.splice(0)) dddk.destroy();
});

/**
 * A page with its own button and text field, plus the bar. `fixtureSync`, because `fixture` on a
 * plain element waits for an animation frame, which a background tab may never paint.
 */
async function page(dddk: DddkController) {
  const root = fixtureSync<HTMLElement>(html`<div>
    <button id="opener" type="button">Page button</button>
    <input id="page-field" aria-label="Page field" />
    <p id="page-text" tabindex="-1">Some page text</p>
    <dddk-subtitle .controller=${dddk}></dddk-subtitle>
  </div>`);
  const subtitle = root.querySelector<DddkSubtitle>('dddk-subtitle')!;
  await subtitle.updateComplete;
  return {
    subtitle,
    opener: root.querySelector<HTMLButtonElement>('#opener')!,
    field: root.querySelector<HTMLInputElement>('#page-field')!,
    text: root.querySelector<HTMLElement>('#page-text')!,
  };
}

function shadow(subtitle: DddkSubtitle) {
  return subtitle.shadowRoot!;
}

function group(subtitle: DddkSubtitle) {
  return shadow(subtitle).querySelector<HTMLElement>('[part~="prompt"]');
}

function focusedInside(subtitle: DddkSubtitle): Element | null {
  return shadow(subtitle).activeElement;
}

/** Settles with the answer, or rejects when the prompt is still pending after `ms`. */
function within<T>(promise: Promise<T>, ms = 2000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);
}

async function isPending(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  return (await Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(marker), 30))])) === marker;
}

describe('<dddk-subtitle> confirm prompts', () => {
  it('renders a labelled group, moves focus to the accept button, and Enter accepts', async () => {
    const dddk = controller();
    const { subtitle, opener } = await page(dddk);
    opener.focus();
    const answer = dddk.subtitle.ask({ kind: 'confirm', message: 'Delete the draft?', acceptLabel: 'Delete' });
    await subtitle.updateComplete;
    const prompt = group(subtitle)!;
    expect(prompt.getAttribute('role')).to.equal('group');
    const labelledBy = prompt.getAttribute('aria-labelledby')!;
    expect(shadow(subtitle).getElementById(labelledBy)?.textContent).to.equal('Delete the draft?');
    expect(shadow(subtitle).getElementById(prompt.getAttribute('aria-describedby')!)?.textContent).to.equal(
      'Space or Enter to confirm, Esc to cancel',
    );
    const buttons = [...prompt.querySelectorAll<HTMLButtonElement>('[part~="prompt-button"]')].map((b) => b.textContent!.trim());
    expect(buttons).to.deep.equal(['Delete', 'Cancel']);
    expect(focusedInside(subtitle)?.textContent?.trim()).to.equal('Delete');

    await sendKeys({ press: 'Enter' });
    expect(await within(answer)).to.deep.equal({ kind: 'confirm', accepted: true });
    await subtitle.updateComplete;
    expect(group(subtitle)).to.equal(null);
    expect(document.activeElement, 'focus returns to the opener').to.equal(opener);
  });

  it('Esc rejects; Tab to Cancel then Space rejects too', async () => {
    const dddk = controller();
    const { subtitle } = await page(dddk);
    const first = dddk.subtitle.ask({ kind: 'confirm', message: 'Pay now?' });
    await subtitle.updateComplete;
    await sendKeys({ press: 'Escape' });
    expect(await within(first)).to.deep.equal({ kind: 'confirm', accepted: false });

    const second = dddk.subtitle.ask({ kind: 'confirm', message: 'Pay now?' });
    await subtitle.updateComplete;
    await sendKeys({ press: 'Tab' });
    expect(focusedInside(subtitle)?.textContent?.trim()).to.equal('Cancel');
    await sendKeys({ press: 'Space' });
    expect(await within(second)).to.deep.equal({ kind: 'confirm', accepted: false });
  });

  it('Space on the page (outside any control) accepts; Space in the page\'s own field types a space', async () => {
    const dddk = controller();
    const { subtitle, field, text } = await page(dddk);
    const answer = dddk.subtitle.ask({ kind: 'confirm', message: 'Continue?' });
    await subtitle.updateComplete;
    field.focus();
    await sendKeys({ press: 'Space' });
    expect(field.value).to.equal(' ');
    expect(await isPending(answer)).to.equal(true);
    await sendKeys({ press: 'Escape' });
    expect(await isPending(answer), 'Escape in a page field belongs to the field').to.equal(true);

    text.focus();
    await sendKeys({ press: 'Space' });
    expect(await within(answer)).to.deep.equal({ kind: 'confirm', accepted: true });
  });

  it('the close button dismisses the prompt with the bar', async () => {
    const dddk = controller();
    const { subtitle } = await page(dddk);
    dddk.subtitle.show('I will delete it.');
    const answer = dddk.subtitle.ask({ kind: 'confirm', message: 'Delete?' });
    await subtitle.updateComplete;
    shadow(subtitle).querySelector<HTMLButtonElement>('[part~="close-button"]')!.click();
    expect(await within(answer)).to.deep.equal({ kind: 'confirm', accepted: false, reason: 'hidden' });
    expect(dddk.subtitle.getState().visible).to.equal(false);
  });
});

describe('<dddk-subtitle> choice prompts', () => {
  const options = [
    { value: 'seedling', label: 'Seedling (free)' },
    { value: 'grove', label: 'Grove' },
    { value: 'estate', label: 'Estate' },
  ];

  it('numbers options with aria-keyshortcuts, focuses the first, and a digit picks', async () => {
    const dddk = controller();
    const { subtitle } = await page(dddk);
    const answer = dddk.subtitle.ask({ kind: 'choice', message: 'Which plan?', options });
    await subtitle.updateComplete;
    const buttons = [...shadow(subtitle).querySelectorAll<HTMLButtonElement>('[part~="prompt-option"]')];
    expect(buttons.map((button) => button.getAttribute('aria-keyshortcuts'))).to.deep.equal(['1', '2', '3']);
    expect(buttons.map((button) => button.innerText.replace(/\s+/g, ' ').trim())).to.deep.equal([
      '1 Seedling (free)',
      '2 Grove',
      '3 Estate',
    ]);
    expect(focusedInside(subtitle)).to.equal(buttons[0]);
    await sendKeys({ press: '2' });
    expect(await within(answer)).to.deep.equal({ kind: 'choice', value: 'grove' });
  });

  it('a click picks, and a digit typed into the free-text field is text, not a pick', async () => {
    const dddk = controller();
    const { subtitle } = await page(dddk);
    const clicked = dddk.subtitle.ask({ kind: 'choice', message: 'Which plan?', options });
    await subtitle.updateComplete;
    shadow(subtitle).querySelectorAll<HTMLButtonElement>('[part~="prompt-option"]')[2]!.click();
    expect(await within(clicked)).to.deep.equal({ kind: 'choice', value: 'estate' });

    const typed = dddk.subtitle.ask({ kind: 'choice', message: 'How many seats?', options, allowFreeText: true });
    await subtitle.updateComplete;
    const input = shadow(subtitle).querySelector<HTMLInputElement>('[part~="prompt-input"]')!;
    const label = shadow(subtitle).querySelector<HTMLLabelElement>(`label[for="${input.id}"]`);
    expect(label?.textContent).to.equal('Or answer in your own words');
    input.focus();
    await sendKeys({ type: '12 seats' });
    await sendKeys({ press: 'Enter' });
    expect(await within(typed)).to.deep.equal({ kind: 'choice', value: '12 seats' });
  });

  it('Esc on the page dismisses with null', async () => {
    const dddk = controller();
    const { subtitle, text } = await page(dddk);
    const answer = dddk.subtitle.ask({ kind: 'choice', message: 'Which?', options });
    await subtitle.updateComplete;
    text.focus();
    await sendKeys({ press: 'Escape' });
    expect(await within(answer)).to.deep.equal({ kind: 'choice', value: null });
  });
});

describe('<dddk-subtitle> text prompts', () => {
  it('focuses the labelled field; Space types, Enter sends, and focus returns', async () => {
    const dddk = controller();
    const { subtitle, opener } = await page(dddk);
    opener.focus();
    const answer = dddk.subtitle.ask({ kind: 'text', message: 'What is your team called?', placeholder: 'Foxglove' });
    await subtitle.updateComplete;
    const input = shadow(subtitle).querySelector<HTMLInputElement>('[part~="prompt-input"]')!;
    expect(focusedInside(subtitle)).to.equal(input);
    expect(input.placeholder).to.equal('Foxglove');
    expect(shadow(subtitle).querySelector(`label[for="${input.id}"]`)?.textContent).to.equal('Your answer');
    await sendKeys({ type: 'Foxglove Studio' });
    expect(input.value).to.equal('Foxglove Studio');
    await sendKeys({ press: 'Enter' });
    expect(await within(answer)).to.deep.equal({ kind: 'text', value: 'Foxglove Studio' });
    await subtitle.updateComplete;
    expect(document.activeElement).to.equal(opener);
  });

  it('keys ending an IME composition neither send nor dismiss', async () => {
    const dddk = controller();
    const { subtitle } = await page(dddk);
    const answer = dddk.subtitle.ask({ kind: 'text', message: '名字？' });
    await subtitle.updateComplete;
    const input = shadow(subtitle).querySelector<HTMLInputElement>('[part~="prompt-input"]')!;
    input.value = '王';
    for (const key of ['Escape', 'Enter', ' ']) {
      input.dispatchEvent(new KeyboardEvent('keydown', { key, isComposing: true, bubbles: true, composed: true, cancelable: true }));
    }
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', isComposing: true, bubbles: true, cancelable: true }));
    expect(await isPending(answer)).to.equal(true);
    shadow(subtitle).querySelector<HTMLButtonElement>('[part~="prompt-submit"]')!.click();
    expect(await within(answer)).to.deep.equal({ kind: 'text', value: '王' });
  });

  it('a blank answer is not sent', async () => {
    const dddk = controller();
    const { subtitle } = await page(dddk);
    const answer = dddk.subtitle.ask({ kind: 'text', message: 'Name?' });
    await subtitle.updateComplete;
    await sendKeys({ type: '   ' });
    await sendKeys({ press: 'Enter' });
    expect(await isPending(answer)).to.equal(true);
    dddk.subtitle.cancelPrompt('test over');
    expect((await answer).kind).to.equal('text');
  });
});

describe('<dddk-subtitle> pause hints', () => {
  it('keeps the narration, shows "Space to continue", and Space on the page continues', async () => {
    const dddk = controller();
    const { subtitle, text } = await page(dddk);
    dddk.subtitle.append('Please sign in with your work account. ');
    const decision = dddk.subtitle.pauseHint({ message: 'Sign in, then continue.' });
    await subtitle.updateComplete;
    expect(shadow(subtitle).querySelector('[part~="text"]')?.textContent).to.include('Please sign in with your work account.');
    expect(shadow(subtitle).querySelector('[part~="prompt-hint"]')?.textContent).to.match(/^Space to continue/);
    expect(subtitle.matches(':state(prompting)')).to.equal(true);
    text.focus();
    await sendKeys({ press: 'Space' });
    expect(await within(decision)).to.equal('continue');
    await subtitle.updateComplete;
    expect(subtitle.matches(':state(prompting)')).to.equal(false);
  });

  it('Space on a page button belongs to the button; Esc stops', async () => {
    const dddk = controller();
    const { subtitle, opener } = await page(dddk);
    let pageClicks = 0;
    opener.addEventListener('click', () => pageClicks++);
    const decision = dddk.subtitle.pauseHint({ message: 'Pick a file first.' });
    await subtitle.updateComplete;
    opener.focus();
    await sendKeys({ press: 'Space' });
    expect(pageClicks).to.equal(1);
    expect(await isPending(decision)).to.equal(true);
    await sendKeys({ press: 'Escape' });
    expect(await within(decision)).to.equal('stop');
  });

  it('the Continue button continues when clicked', async () => {
    const dddk = controller();
    const { subtitle } = await page(dddk);
    const decision = dddk.subtitle.pauseHint({ message: 'Ready?' });
    await subtitle.updateComplete;
    shadow(subtitle).querySelector<HTMLButtonElement>('[part~="prompt-accept"]')!.click();
    expect(await within(decision)).to.equal('continue');
  });
});

describe('<dddk-subtitle> prompts: locale, replacement and accessibility', () => {
  // The bar fades in; without motion axe measures its final colours, not a frame of the fade.
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('renders zh-TW labels', async () => {
    const dddk = controller('zh-TW');
    const { subtitle } = await page(dddk);
    void dddk.subtitle.ask({ kind: 'confirm', message: '要刪除嗎？' });
    await subtitle.updateComplete;
    const labels = [...shadow(subtitle).querySelectorAll('[part~="prompt-button"]')].map((b) => b.textContent!.trim());
    expect(labels).to.deep.equal(['確認', '取消']);
    expect(shadow(subtitle).querySelector('[part~="prompt-hint"]')?.textContent).to.equal('按空白鍵或 Enter 確認，Esc 取消');
    dddk.subtitle.cancelPrompt();
  });

  it('a new prompt replaces the old one, which answers as dismissed, and focus returns to the first opener', async () => {
    const dddk = controller();
    const { subtitle, opener } = await page(dddk);
    opener.focus();
    const first = dddk.subtitle.ask({ kind: 'confirm', message: 'First?' });
    await subtitle.updateComplete;
    const second = dddk.subtitle.ask({ kind: 'text', message: 'Second?' });
    expect(await within(first)).to.deep.equal({ kind: 'confirm', accepted: false, reason: 'replaced' });
    await subtitle.updateComplete;
    expect(shadow(subtitle).querySelector('[part~="prompt-message"]')?.textContent).to.equal('Second?');
    expect(focusedInside(subtitle)?.getAttribute('part')).to.include('prompt-input');
    await sendKeys({ press: 'Escape' });
    expect((await within(second)) as AskAnswer).to.deep.equal({ kind: 'text', value: null });
    await subtitle.updateComplete;
    expect(document.activeElement).to.equal(opener);
  });

  for (const [name, open] of [
    ['confirm', (dddk: DddkController) => dddk.subtitle.ask({ kind: 'confirm', message: 'Delete the draft?' })],
    [
      'choice with free text',
      (dddk: DddkController) =>
        dddk.subtitle.ask({
          kind: 'choice',
          message: 'Which plan?',
          options: [
            { value: 'a', label: 'Grove' },
            { value: 'b', label: 'Estate' },
          ],
          allowFreeText: true,
        }),
    ],
    ['text', (dddk: DddkController) => dddk.subtitle.ask({ kind: 'text', message: 'Your name?', placeholder: 'Ada' })],
    ['pause', (dddk: DddkController) => dddk.subtitle.pauseHint({ message: 'Sign in first.' })],
  ] as const) {
    it(`passes axe-core with a ${name} prompt`, async () => {
      const dddk = controller();
      dddk.subtitle.append('I am on the pricing page. ');
      const subtitle = await fixture<DddkSubtitle>(html`<dddk-subtitle .controller=${dddk}></dddk-subtitle>`);
      void open(dddk);
      await subtitle.updateComplete;
      await expect(subtitle).to.be.accessible();
      dddk.subtitle.cancelPrompt();
    });
  }
});
