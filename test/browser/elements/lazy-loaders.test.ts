import { expect } from '@open-wc/testing';
import { loadHtml2canvas } from '../../../core/page/lazy-html2canvas.js';
import { loadParse5 } from '../../../core/targets/lazy-parse5.js';

describe('lazy loaders in the browser', () => {
  it('loadHtml2canvas() resolves to the html2canvas function, once', async () => {
    const first = loadHtml2canvas();
    expect(loadHtml2canvas()).to.equal(first);
    expect(typeof (await first)).to.equal('function');
  });

  it('loadParse5() resolves to parse5, once', async () => {
    const first = loadParse5();
    expect(loadParse5()).to.equal(first);
    const parse5 = await first;
    expect(parse5.parseFragment('<b>x</b>').childNodes.length).to.equal(1);
  });
});
