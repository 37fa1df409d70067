import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { DddkSurface } from '../../../elements/surface/surface.js';
import { everyPieceSurface } from './fixtures/every-piece.js';
import { part, parts, renderInline, until } from './support.js';

const PIECE_PARTS = [
  'stack', 'grid', 'card', 'tabs', 'heading', 'body', 'markdown', 'image', 'badge', 'listing', 'metric', 'progress-bar', 'table',
  'text-field', 'text-area', 'checkbox', 'switch', 'select', 'radio', 'slider', 'button', 'icon-button', 'link', 'alert', 'spinner', 'slot',
];

describe('<dddk-surface> pieces', () => {
  it('renders each of the 26 pieces from JSON', async () => {
    const element = await renderInline(everyPieceSurface());
    for (const name of PIECE_PARTS) expect(part(element, `piece-${name}`), name).to.exist;
    expect(PIECE_PARTS).to.have.length(26);
  });

  it('renders content pieces as text, with their props', async () => {
    const element = await renderInline(everyPieceSurface());
    const heading = part(element, 'piece-heading')!;
    expect(heading.getAttribute('role')).to.equal('heading');
    expect(heading.getAttribute('aria-level')).to.equal('2');
    expect(heading.textContent).to.equal('Account settings');
    expect(parts(element, 'piece-body')[1]!.textContent).to.equal('Ada');
    const image = part(element, 'piece-image') as HTMLImageElement;
    expect(image.alt).to.equal('A tiny picture');
    expect(image.getAttribute('src')).to.match(/^data:image\/png/);
    expect(part(element, 'piece-badge')!.textContent).to.equal('Beta');
    const metric = part(element, 'piece-metric')!;
    expect(metric.querySelector('dt')!.textContent).to.equal('Revenue');
    expect(metric.querySelector('dd')!.textContent!.replace(/\s+/g, ' ')).to.contain('12k').and.contain('trending up');
    const progress = part(element, 'piece-progress-bar')!.querySelector('progress')!;
    expect(progress.value).to.equal(30);
    expect(progress.labels[0]!.textContent).to.equal('Upload');
    const alert = part(element, 'piece-alert')!;
    expect(alert.getAttribute('role')).to.equal('alert');
    expect(part(element, 'piece-spinner')!.textContent).to.contain('Saving');
  });

  it('renders Markdown through the sanitizing renderer', async () => {
    const element = await renderInline(everyPieceSurface());
    const markdown = part(element, 'piece-markdown')!;
    await until(() => markdown.querySelector('strong') !== null, 'the markdown renderer');
    expect(markdown.querySelector('strong')!.textContent).to.equal('bold');
    expect(markdown.querySelector('a')!.getAttribute('rel')).to.contain('noopener');
  });

  it('renders a Table with column and row headers', async () => {
    const element = await renderInline(everyPieceSurface());
    const table = part(element, 'piece-table')!.querySelector('table')!;
    expect(table.querySelector('caption')!.textContent).to.equal('Recent orders');
    const columnHeaders = [...table.querySelectorAll('thead th')];
    expect(columnHeaders.map((th) => th.textContent)).to.deep.equal(['Order', 'Total']);
    expect(columnHeaders.every((th) => th.getAttribute('scope') === 'col')).to.be.true;
    const rowHeaders = [...table.querySelectorAll('tbody th')];
    expect(rowHeaders.map((th) => [th.getAttribute('scope'), th.textContent])).to.deep.equal([
      ['row', 'A-1'],
      ['row', 'A-2'],
    ]);
    expect([...table.querySelectorAll('tbody td')].map((td) => td.textContent)).to.deep.equal(['12', '30']);
  });

  it('renders a Listing with links through the URL policy, and its empty text', async () => {
    const element = await renderInline(everyPieceSurface());
    const items = part(element, 'piece-listing')!.querySelectorAll('li');
    expect(items).to.have.length(2);
    expect(items[0]!.querySelector('a')!.getAttribute('href')).to.equal('https://example.com/docs');
    expect(items[1]!.querySelector('a')).to.be.null;
    const empty = await renderInline({ root: { piece: 'Listing', props: { items: [], empty: 'Nothing yet' } } });
    expect(part(empty, 'piece-listing')!.textContent).to.equal('Nothing yet');
  });

  it('leaves out an image or link whose bound URL the policy refuses', async () => {
    const element = await renderInline({
      data: { src: 'javascript:alert(1)', items: [{ title: 'Bad', href: 'javascript:alert(1)' }] },
      root: {
        piece: 'Stack',
        children: [
          { piece: 'Image', props: { src: { $bind: '/src' }, alt: 'Chart' } },
          { piece: 'Listing', props: { items: { $bind: '/items' } } },
        ],
      },
    });
    expect(part(element, 'piece-image')!.tagName).to.equal('P');
    expect(part(element, 'piece-image')!.textContent).to.contain('Chart');
    expect(element.shadowRoot!.querySelector('[src^="javascript"], [href^="javascript"]')).to.be.null;
  });

  it('opens an external Link in a new tab and says so', async () => {
    const element = await renderInline(everyPieceSurface());
    const link = parts(element, 'piece-link')[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).to.equal('https://example.com/help');
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.contain('noopener');
    expect(link.textContent).to.contain('opens in a new tab');
  });

  it('gives an IconButton its label as accessible name and draws its icon', async () => {
    const element = await renderInline(everyPieceSurface());
    const button = part(element, 'piece-icon-button')!;
    expect(button.getAttribute('aria-label')).to.equal('Refresh');
    expect(button.querySelector('svg path')).to.exist;
  });

  it('follows the tabs pattern: roles, selection, arrows, Home and End', async () => {
    const element = await renderInline(everyPieceSurface());
    const root = element.shadowRoot!;
    const tabs = () => [...root.querySelectorAll<HTMLElement>('[role="tab"]')];
    const panels = () => [...root.querySelectorAll<HTMLElement>('[role="tabpanel"]')];
    expect(root.querySelector('[role="tablist"]')).to.exist;
    expect(tabs().map((tab) => tab.textContent)).to.deep.equal(['Profile', 'Preferences']);
    expect(tabs().map((tab) => tab.getAttribute('aria-selected'))).to.deep.equal(['true', 'false']);
    expect(tabs().map((tab) => tab.tabIndex)).to.deep.equal([0, -1]);
    expect(panels()[0]!.getAttribute('aria-labelledby')).to.equal(tabs()[0]!.id);
    expect(tabs()[0]!.getAttribute('aria-controls')).to.equal(panels()[0]!.id);
    expect(panels().map((panel) => panel.hidden)).to.deep.equal([false, true]);

    tabs()[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await element.updateComplete;
    expect(tabs().map((tab) => tab.getAttribute('aria-selected'))).to.deep.equal(['false', 'true']);
    expect(panels().map((panel) => panel.hidden)).to.deep.equal([true, false]);
    expect(root.activeElement).to.equal(tabs()[1]);

    await sendKeys({ press: 'ArrowRight' });
    await element.updateComplete;
    expect(root.activeElement).to.equal(tabs()[0], 'wraps around');
    await sendKeys({ press: 'End' });
    await element.updateComplete;
    expect(root.activeElement).to.equal(tabs()[1]);
    await sendKeys({ press: 'Home' });
    await element.updateComplete;
    expect(root.activeElement).to.equal(tabs()[0]);
    tabs()[1]!.click();
    await element.updateComplete;
    expect(panels()[1]!.hidden).to.be.false;
  });

  it('projects host content into a Slot piece by name', async () => {
    const element = await fixture<DddkSurface>(html`<dddk-surface
      .surface=${{ root: { piece: 'Card', children: [{ piece: 'Slot', props: { name: 'extra' } }] } }}
      ><button slot="extra">Host button</button></dddk-surface
    >`);
    await element.updateComplete;
    const slot = part(element, 'piece-slot') as HTMLSlotElement;
    expect(slot.name).to.equal('extra');
    expect(slot.assignedElements().map((node) => node.textContent)).to.deep.equal(['Host button']);
  });

  it('lays out Stack, Grid and Card from their props', async () => {
    const element = await renderInline(everyPieceSurface());
    const grid = part(element, 'piece-grid')!;
    expect(getComputedStyle(grid).display).to.equal('grid');
    expect(getComputedStyle(grid).gridTemplateColumns.split(' ')).to.have.length(2);
    expect(grid.style.gap).to.equal('8px');
    const horizontal = parts(element, 'piece-stack').find((stack) => stack.classList.contains('stack--horizontal'))!;
    expect(getComputedStyle(horizontal).flexDirection).to.equal('row');
    const card = part(element, 'piece-card')!;
    expect(card.getAttribute('role')).to.equal('group');
    expect(element.shadowRoot!.getElementById(card.getAttribute('aria-labelledby')!)!.textContent).to.equal('Orders');
  });

  it('shows a notice for a piece a host catalog adds but no renderer draws', async () => {
    const { createPieceCatalog } = await import('../../../core/surface/piece-catalog.js');
    const catalog = createPieceCatalog([{ name: 'PriceCard', category: 'content', description: 'A price.', props: {}, children: false }]);
    const element = await fixture<DddkSurface>(html`<dddk-surface .catalog=${catalog} .surface=${{ root: { piece: 'PriceCard' } }}></dddk-surface>`);
    await element.updateComplete;
    expect(part(element, 'base')!.textContent).to.contain('No renderer for the piece "PriceCard"');
  });
});
