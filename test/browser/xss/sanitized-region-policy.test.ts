// The region editor validates what the page's sanitizer returns: the region policy must accept that
// output, or every edit would be refused. Every string of both corpora (and ordinary content) is
// sanitized as the editor does and validated as a region of a whole page.
import { expect } from '@open-wc/testing';
import { sanitizeRegionHtml } from '../../../core/page/sanitize/lazy-html-sanitizer.js';
import { createParse5RegionParser } from '../../../core/targets/html/index.js';
import { createHtmlRegionTarget } from '../../../core/targets/html-target/index.js';
import { loadXssCorpus } from './xss-harness.js';

const PAGE = '<!doctype html><html><head><title>t</title></head><body><main data-agent-element="body"></main></body></html>';
const ORDINARY = [
  '<h1>Spring launch</h1><p>New <em>words</em> &amp; <strong>more</strong>, <a href="/pricing">pricing</a>.</p>',
  '<ul><li>One</li><li>Two</li></ul><ol start="3"><li>Three</li></ol>',
  '<figure><img src="/p.png" alt="A photo" srcset="/p.png 1x, /p@2x.png 2x"><figcaption>Photo</figcaption></figure>',
  '<table><thead><tr><th>Plan</th></tr></thead><tbody><tr><td>$5</td></tr></tbody></table>',
  '<svg viewBox="0 0 10 10"><a href="/x"><circle r="4" cx="5" cy="5"></circle></a></svg>',
  '<math><mi>x</mi><mo>=</mo><mn>2</mn></math>',
  '<details><summary>More</summary><p class="note" data-id="7" aria-label="note">Hidden text</p></details>',
  '<blockquote cite="https://example.com/q">Quote</blockquote><pre><code>let x = 1 &lt; 2;</code></pre>',
  '<p>Don\'t "quote" me<br>— line two</p><hr><video src="/v.mp4" controls></video>',
];

async function corpus(path: string): Promise<string[]> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}; is its plugin in web-test-runner.config.mjs?`);
  return (await response.json()) as string[];
}

describe('the region policy accepts what the page’s sanitizer keeps', function () {
  this.timeout(240_000);

  it('no sanitized corpus string or ordinary content is refused for its markup', async () => {
    const inputs = [...ORDINARY, ...(await loadXssCorpus()), ...(await corpus('/__corpus/html5lib.json'))];
    expect(inputs.length).to.be.greaterThan(3500);
    const parser = createParse5RegionParser();
    const target = createHtmlRegionTarget({ store: { read: async () => PAGE, write: async () => undefined }, parser });
    const disallowed: string[] = [];
    const otherwise: string[] = [];
    let accepted = 0;
    for (const input of inputs) {
      const content = await sanitizeRegionHtml(input);
      const verdict = await target.validate({ id: 'body', content });
      if (verdict.ok) accepted += 1;
      else if (verdict.code === 'disallowed-markup') disallowed.push(`${JSON.stringify(content)}: ${verdict.message}`);
      else otherwise.push(`${verdict.code} ${JSON.stringify(input)} → ${JSON.stringify(content)}: ${verdict.message}`);
    }
    console.log(`sanitized region content: ${inputs.length} strings, ${accepted} accepted, ${disallowed.length} refused for markup, ${otherwise.length} refused otherwise`);
    for (const line of otherwise.slice(0, 10)) console.log(line.slice(0, 400));
    expect(disallowed.slice(0, 10), 'sanitized markup the policy refuses').to.deep.equal([]);
    for (const content of ORDINARY) expect((await target.validate({ id: 'body', content: await sanitizeRegionHtml(content) })).ok, content).to.equal(true);
  });
});
