import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { DddkRegionEditor, defineRegionEditor } from '../../../elements/region-editor/region-editor.js';
import { eventually } from '../../support/eventually.js';

defineRegionEditor();

// A long page: regions far apart, so that opening one would leave it under the sticky panel or
// below the fold unless the editor brings it into view.
const FILLER = '<p style="height: 900px">Filler.</p>';
const PAGE = `
  <h1 data-agent-element="title" data-agent-label="Title">Spring</h1>
  ${FILLER}
  <div data-agent-element="middle" data-agent-label="Middle"><p>In the middle of the page.</p></div>
  ${FILLER}
  <div data-agent-element="last" data-agent-label="Last"><p>At the end.</p><p>Two lines.</p></div>
  ${FILLER}`;

async function mount(): Promise<DddkRegionEditor> {
  const holder = document.createElement('div');
  holder.innerHTML = `<dddk-region-editor>${PAGE}</dddk-region-editor>`;
  const element = holder.firstElementChild as DddkRegionEditor;
  const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
  wrapper.append(element);
  await element.ready();
  await element.updateComplete;
  return element;
}

function placement(element: DddkRegionEditor, id: string) {
  const box = element.querySelector(`[data-agent-element="${id}"]`)!.getBoundingClientRect();
  const panel = element.shadowRoot!.querySelector('.panel')!.getBoundingClientRect();
  return { top: box.top, bottom: box.bottom, panelBottom: panel.bottom, viewport: innerHeight };
}

describe('<dddk-region-editor> keeps the region being edited in view', () => {
  afterEach(() => setViewport({ width: 800, height: 600 }));

  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    it(`scrolls each opened region under the panel, whole, at ${viewport.width} × ${viewport.height}`, async () => {
      await setViewport(viewport);
      const element = await mount();
      for (const id of ['last', 'title', 'middle', 'last']) {
        await element.editRegion(id);
        await element.updateComplete;
        await eventually(() => expect(element.editorModel?.getState().phase).to.equal('manual'));
        await element.updateComplete;
        const seen = placement(element, id);
        expect(seen.top, `${id} starts below the panel`).to.be.at.least(seen.panelBottom);
        expect(seen.top, `${id} starts in the viewport`).to.be.at.least(0);
        expect(seen.bottom, `${id} ends in the viewport`).to.be.at.most(seen.viewport);
        element.editorModel!.cancelManualEdit();
        await element.updateComplete;
      }
    });
  }
});
