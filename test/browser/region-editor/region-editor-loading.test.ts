import { expect, fixture, html } from '@open-wc/testing';
import { defineRegionEditor } from '../../../elements/region-editor/region-editor.js';
import { part } from './support.js';

defineRegionEditor();

describe('<dddk-region-editor> loading', () => {
  it('shows its content at once, and its updateComplete waits for the panel’s chunk', async () => {
    const element = document.createElement('dddk-region-editor');
    element.innerHTML = '<p id="own">Shown at once.</p>';
    const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
    wrapper.append(element);
    expect(element.querySelector('#own')!.isConnected).to.equal(true);
    await element.updateComplete;
    expect(part(element, 'panel'), 'the panel is drawn once updateComplete resolves').to.not.equal(null);
    await element.ready();
    expect(element.editorModel?.getState().phase).to.equal('idle');
  });
});
