import { expect } from '@open-wc/testing';
import { IndexMap, readDOM, resolveTarget } from '../../../core/page/read-dom/index.js';
import { mount, unmountAll } from './support/mount.js';

const PLANS = `
  <nav><a href="/pricing">Weekly digest</a></nav>
  <main>
    <h2>Weekly digest</h2>
    <table>
      <thead><tr><th>Feature</th><th>Seedling</th><th>Grove</th></tr></thead>
      <tbody>
        <tr><th>Price</th><td>Free</td><td>$8</td></tr>
        <tr><th>Weekly digest</th>
          <td><span aria-hidden="true">—</span><span class="vh">Not included</span></td>
          <td><span aria-hidden="true">✓</span><span class="vh">Included</span></td></tr>
        <tr><th>Icons</th><td><span aria-hidden="true">★ decorative words</span> Gold</td><td>Silver</td></tr>
      </tbody>
    </table>
    <p>Two months free: yearly <a href="#g">Grove</a> is $80 per member.</p>
    <p hidden>Weekly digest hidden copy</p>
  </main>
  <style>.vh { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }</style>`;

describe('text: targets and the marks of table cells', () => {
  afterEach(unmountAll);

  it('reads a ✓ or — hidden from assistive tech in a table cell, and nothing else hidden so', () => {
    const root = mount(PLANS);
    const { text } = readDOM({ scope: root });
    expect(text).to.include('Weekly digest | — | ✓');
    expect(text).not.to.include('Not included', 'a visually hidden label is not what a sighted reader sees');
    expect(text).not.to.include('decorative words', 'aria-hidden text longer than a mark stays out');
    expect(text).to.match(/Icons \| +Gold \| Silver/);
  });

  it('names the smallest shown element holding every part, outside navigation first', () => {
    const root = mount(PLANS);
    const map = new IndexMap(root);
    const row = resolveTarget(map, 'text:Weekly digest|✓');
    expect(row.ok && row.element.localName).to.equal('tr');
    const heading = resolveTarget(map, 'text:weekly   DIGEST');
    expect(heading.ok && heading.element.localName, 'case and spacing folded; the nav link loses to the heading').to.equal('h2');
    const sentence = resolveTarget(map, 'text:Two months free: yearly Grove is $80');
    expect(sentence.ok && sentence.element.localName, 'text across a link').to.equal('p');
    const cell = resolveTarget(map, 'text:$8');
    expect(cell.ok && cell.element.localName).to.equal('td');
  });

  it('a text no shown element holds is not found, with a message that says what to pass', () => {
    const root = mount(PLANS);
    const map = new IndexMap(root);
    const hidden = resolveTarget(map, 'text:hidden copy');
    expect(hidden.ok).to.equal(false);
    if (!hidden.ok) expect(hidden.message).to.match(/no element on the page shows "hidden copy"/);
    const empty = resolveTarget(map, 'text: | ');
    expect(empty.ok).to.equal(false);
    if (!empty.ok) expect(empty.message).to.match(/needs the words the element shows/);
  });
});
