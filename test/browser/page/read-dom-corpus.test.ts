import { expect } from '@open-wc/testing';
import { readFile } from '@web/test-runner-commands';
import { readDOM } from '../../../core/page/read-dom/index.js';
import { mountFrame, unmountAll } from './support/mount.js';
import { visibleControls } from './support/visible-controls.js';

// Saved real pages, loaded without their scripts and without network access (see mountFrame).
const PAGES = ['nytimes-1.html', 'webmd-1.html', 'lemonde-1.html'];

describe('readDOM on saved real pages', function () {
  this.timeout(20_000);
  afterEach(unmountAll);

  for (const name of PAGES) {
    it(`${name}: every visible control gets an id, in the reading or a fold of it, and the text stays well under the page's own`, async () => {
      const html = await readFile({ path: `../../../../shared/corpus/pages/${name}` });
      if (html === undefined) throw new Error(`corpus page ${name} not found next to the checkout (../shared/corpus/pages)`);
      const frame = await mountFrame(html);
      const doc = frame.contentDocument!;

      const { text, indexMap, folds } = readDOM({ document: doc });
      const expected = visibleControls(doc);
      expect(expected.length, 'the page should have visible controls').to.be.greaterThan(20);
      const indexed = new Set(indexMap.values());
      for (const fold of folds.values()) for (const element of fold.elements.values()) indexed.add(element);
      const missed = expected.filter((element) => !indexed.has(element)).map((element) => element.outerHTML.slice(0, 120));
      expect(missed).to.deep.equal([]);
      for (const [id, element] of indexMap) {
        expect(text).to.include(`[${id}]<${element.localName}`);
      }
      for (const fold of folds.values()) {
        for (const [id, element] of fold.elements) expect(fold.text).to.include(`[${id}]<${element.localName}`);
      }
      expect(text.length).to.be.lessThan(doc.body.innerText.length);
    });
  }
});
