import { expect } from '@open-wc/testing';
import { readDOM, resolveTarget, type IndexMap } from '../../../core/page/read-dom/index.js';
import { mount, unmountAll } from './support/mount.js';

function idsByElement(indexMap: IndexMap): Map<Element, string> {
  return new Map([...indexMap].map(([id, element]) => [element, id]));
}

describe('readDOM ids', () => {
  afterEach(unmountAll);

  it('keeps each element its id when unrelated parts of the page change', () => {
    const root = mount(`
      <nav><a href="/a">Alpha</a><a href="/b">Beta</a><a href="/c">Gamma</a></nav>
      <form><input name="q"><button>Search</button></form>
      <ul id="list"><li><button>One</button></li><li><button>Two</button></li><li><button>Three</button></li></ul>`);
    const before = idsByElement(readDOM({ scope: root }).indexMap);
    expect(before.size).to.equal(8);

    // Insert elements before everything, remove siblings, add new controls elsewhere.
    root.insertAdjacentHTML('afterbegin', '<header><button>New first</button><a href="/new">New link</a></header>');
    const list = root.querySelector('#list')!;
    list.firstElementChild!.remove();
    list.insertAdjacentHTML('beforeend', '<li><button>Four</button></li>');
    root.querySelector('nav a')!.remove();

    const after = readDOM({ scope: root }).indexMap;
    const afterIds = idsByElement(after);
    for (const [element, id] of before) {
      if (element.isConnected) expect(afterIds.get(element), element.outerHTML).to.equal(id);
    }
    const oldIds = new Set(before.values());
    for (const element of root.querySelectorAll('header button, header a, #list li:last-child button')) {
      expect(oldIds.has(afterIds.get(element)!), 'a new element got an id already used').to.equal(false);
    }
  });

  it('never gives two elements the same id, nor reuses the id of a removed element', () => {
    const root = mount(Array.from({ length: 120 }, (_, i) => `<button>B${i}</button>`).join(''));
    const first = readDOM({ scope: root }).indexMap;
    expect(first.size).to.equal(120);
    expect(new Set(first.values()).size).to.equal(120);

    const removed = root.firstElementChild!;
    const removedId = idsByElement(first).get(removed)!;
    removed.remove();
    root.insertAdjacentHTML('beforeend', '<button>Replacement</button>');
    const second = readDOM({ scope: root }).indexMap;
    expect(second.size).to.equal(120);
    expect(new Set(second.keys()).size).to.equal(120);
    expect(second.has(removedId)).to.equal(false);
  });

  it('writes ids that start with a digit, so none reads as a CSS tag selector', () => {
    const root = mount(Array.from({ length: 400 }, (_, i) => `<a href="/p/${i}">P${i}</a>`).join(''));
    const { indexMap } = readDOM({ scope: root });
    for (const id of indexMap.keys()) expect(id).to.match(/^[0-9][0-9a-z]*$/);
  });

  it('resolves an id, a bracketed id and a CSS selector to the live element', () => {
    const root = mount('<button id="save">Save</button><a class="docs" href="/docs">Docs</a><p>text</p>');
    const { indexMap } = readDOM({ scope: root });
    const [saveId] = [...indexMap].find(([, element]) => element.id === 'save')!;

    const byId = resolveTarget(indexMap, saveId);
    expect(byId.ok && byId.element).to.equal(root.querySelector('#save'));
    expect(byId.ok && byId.via).to.equal('id');
    const bracketed = resolveTarget(indexMap, `[${saveId}]`);
    expect(bracketed.ok && bracketed.element).to.equal(root.querySelector('#save'));
    const bySelector = resolveTarget(indexMap, 'a.docs');
    expect(bySelector.ok && bySelector.element).to.equal(root.querySelector('a.docs'));
    expect(bySelector.ok && bySelector.via).to.equal('selector');
  });

  it('fails with not_found for an unknown id or an invalid selector, and stale for a removed element', () => {
    const root = mount('<button>Delete</button>');
    const { indexMap } = readDOM({ scope: root });
    const [id, button] = [...indexMap][0]!;

    const unknown = resolveTarget(indexMap, 'zz9');
    expect(unknown).to.include({ ok: false, reason: 'not_found' });
    const invalid = resolveTarget(indexMap, 'button[');
    expect(invalid).to.include({ ok: false, reason: 'not_found' });
    expect(!invalid.ok && invalid.message).to.include('valid CSS selector');

    button.remove();
    const stale = resolveTarget(indexMap, id);
    expect(stale).to.include({ ok: false, reason: 'stale' });
    expect(!stale.ok && stale.message).to.include('read the page again');
  });

  it('looks selectors up only under the scope the map was read from', () => {
    mount('<button class="target">Outside</button>');
    const inside = mount('<p>nothing to press</p>');
    const { indexMap } = readDOM({ scope: inside });
    expect(resolveTarget(indexMap, 'button.target')).to.include({ ok: false, reason: 'not_found' });
  });
});
