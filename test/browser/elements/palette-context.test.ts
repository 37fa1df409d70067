import { expect, fixtureSync, html } from '@open-wc/testing';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import type { StartAgentOptions } from '../../../core/controller/create-dddk.js';
import { DddkPalette, definePalette } from '../../../elements/palette/palette.js';
import { eventually } from '../../support/eventually.js';

definePalette();

const created: DddkController[] = [];

function controller() {
  const dddk = createDddk({ locale: 'en' });
  created.push(dddk);
  const runs: Array<{ task: string; options: StartAgentOptions | undefined }> = [];
  Object.assign(dddk, { startAgent: (task: string, options?: StartAgentOptions) => void runs.push({ task, options }) });
  return { dddk, runs };
}

afterEach(() => {
  for (const dddk of created.splice(0)) dddk.destroy();
});

function chipsOf(palette: DddkPalette): HTMLElement | null {
  return palette.shadowRoot!.querySelector('dddk-context-chips');
}

describe('<dddk-palette context-chips>', () => {
  it('puts the selected text on a chip when it opens, and sends it with the request', async () => {
    const { dddk, runs } = controller();
    const root = fixtureSync<HTMLElement>(html`<div>
      <p id="quote">Grove is $8 per member</p>
      <dddk-palette context-chips .controller=${dddk}></dddk-palette>
    </div>`);
    const palette = root.querySelector('dddk-palette') as DddkPalette;
    await palette.updateComplete;
    const range = document.createRange();
    range.selectNodeContents(root.querySelector('#quote')!);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);

    palette.open();
    await eventually(() => expect(chipsOf(palette)?.shadowRoot?.textContent ?? '').to.contain('Grove is $8 per member'));
    await expect(palette).to.be.accessible();

    const input = palette.shadowRoot!.querySelector('input')!;
    input.value = 'Is this per month?';
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await palette.updateComplete;
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }));
    await eventually(() => expect(runs).to.have.length(1));
    expect(runs[0]!.task).to.equal('Is this per month?');
    expect(runs[0]!.options?.context?.selection).to.equal('Grove is $8 per member');
    expect(palette.contextModel?.hasContext, 'the chips are spent once sent').to.equal(false);
  });

  it('sends no context without the attribute, and shows no chip bar', async () => {
    const { dddk, runs } = controller();
    const palette = fixtureSync<DddkPalette>(html`<dddk-palette .controller=${dddk}></dddk-palette>`);
    await palette.updateComplete;
    palette.open();
    await eventually(() => expect(palette.shadowRoot!.querySelector('input')).to.exist);
    expect(chipsOf(palette)).to.equal(null);
    const input = palette.shadowRoot!.querySelector('input')!;
    input.value = 'hello';
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await palette.updateComplete;
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }));
    await eventually(() => expect(runs).to.have.length(1));
    expect(runs[0]!.options?.context).to.equal(undefined);
  });

  it('steps its modal aside while the visitor picks an element on the page, then comes back', async () => {
    const { dddk } = controller();
    const root = fixtureSync<HTMLElement>(html`<div>
      <p id="target">Pin me</p>
      <dddk-palette context-chips .controller=${dddk}></dddk-palette>
    </div>`);
    const palette = root.querySelector('dddk-palette') as DddkPalette;
    await palette.updateComplete;
    palette.open();
    const dialog = () => palette.shadowRoot!.querySelector('dialog')!;
    await eventually(() => expect(chipsOf(palette)?.shadowRoot?.querySelector('[part~="pin-button"]')).to.exist);
    expect(dialog().open).to.equal(true);
    (chipsOf(palette)!.shadowRoot!.querySelector('[part~="pin-button"]') as HTMLButtonElement).click();
    await eventually(() => expect(document.querySelector('dddk-element-picker')).to.exist);
    expect(dialog().open, 'the page is not inert under the picker').to.equal(false);
    expect(palette.isOpen, 'the palette itself stays open').to.equal(true);
    const picker = document.querySelector('dddk-element-picker')!.shadowRoot!.querySelector('dialog')!;
    picker.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true, cancelable: true }));
    await eventually(() => expect(document.querySelector('dddk-element-picker')).to.equal(null));
    await eventually(() => expect(dialog().open, 'the palette came back').to.equal(true));
  });
});
