import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkUrl } from '../../../core/surface/url-policy.js';
import { validateSurface } from '../../../core/surface/validate-surface.js';

const xssFolder = fileURLToPath(new URL('../../../../shared/corpus/xss/', import.meta.url));
const hostileLines = readdirSync(xssFolder)
  .filter((name) => name.endsWith('.txt'))
  .flatMap((name) =>
    readFileSync(xssFolder + name, 'utf8')
      .split(/\r?\n/)
      // jsonp_endpoint.txt groups its payloads under "#Vendor.com" heading lines, which are not payloads.
      .filter((line) => !(name === 'jsonp_endpoint.txt' && line.startsWith('#'))),
  )
  .filter((line) => line.trim() !== '');

test('the XSS corpus is there to test against', () => {
  assert.ok(hostileLines.length > 1500, `expected the ~1,900 payloads, read ${hostileLines.length}`);
});

test('allowed: http(s), relative references, and base64 raster data:image for images only', () => {
  for (const url of ['https://example.com', 'http://example.com/a?b=c&d=e#f', 'HTTPS://EXAMPLE.COM/x', 'https://en.wikipedia.org/wiki/Lisp_%28language%29', '/docs/start', './a', '../b/page.html', '?q=1&r=2', '#top']) {
    assert.equal(checkUrl(url, 'link'), undefined, url);
    assert.equal(checkUrl(url, 'image'), undefined, url);
  }
  const png = 'data:image/png;base64,iVBORw0KGgo=';
  assert.equal(checkUrl(png, 'image'), undefined);
  assert.match(checkUrl(png, 'link')!, /"data:"/);
});

test('refused with a reason: other schemes, disguised schemes, SVG and non-base64 data, odd characters', () => {
  const cases: [string, 'link' | 'image', RegExp][] = [
    ['javascript:alert(1)', 'link', /refused "javascript:"/],
    ['JaVaScRiPt:alert(1)', 'link', /refused "javascript:"/],
    ['vbscript:msgbox(1)', 'link', /"vbscript:"/],
    ['data:text/html;base64,PHNjcmlwdD4=', 'link', /"data:"/],
    ['data:image/svg+xml;base64,PHN2Zz4=', 'image', /only base64 data:image\/png/],
    ['data:image/png,raw', 'image', /only base64/],
    ['file:///etc/passwd', 'link', /"file:"/],
    ['mailto:x@y.z', 'link', /"mailto:"/],
    [' javascript:alert(1)', 'link', /characters/],
    ['java\tscript:alert(1)', 'link', /characters/],
    ['jav&#x09;ascript:alert(1)', 'link', /characters/],
    ['./jav&#x09;ascript', 'link', /character reference/],
    ['/a&lt;b', 'link', /character reference/],
    ['pricing', 'link', /must start with "\/", ".\/"/],
    ['onClick', 'link', /must start with/],
    ['./x:alert', 'link', /raw ":"/],
    ['/wiki/Lisp_(language)', 'link', /parentheses/],
    ['//evil.example/x', 'link', /protocol-relative/],
    ['https:evil', 'link', /no host/],
    ['/a"onmouseover="x', 'link', /characters/],
    ['', 'link', /empty/],
  ];
  for (const [url, kind, reason] of cases) assert.match(checkUrl(url, kind) ?? 'allowed', reason, url);
});

test('no line of the XSS corpus passes into an href or src', () => {
  const passed = hostileLines.filter((line) => checkUrl(line, 'link') === undefined || checkUrl(line, 'image') === undefined);
  assert.deepEqual(passed, []);
});

test('no line of the XSS corpus survives validation in a Link, Button or Image surface', () => {
  for (const line of hostileLines) {
    const surface = {
      root: {
        piece: 'Stack',
        children: [
          { piece: 'Link', props: { text: 'x', href: line } },
          { piece: 'Button', props: { text: 'x', href: line } },
          { piece: 'Image', props: { src: line, alt: 'x' } },
          { piece: 'Listing', props: { items: [{ title: 'x', href: line }] } },
        ],
      },
    };
    const result = validateSurface(surface);
    assert.equal(result.ok, false, line);
    const paths = new Set(result.errors.map((e) => e.path));
    for (const path of ['/root/children/0/props/href', '/root/children/1/props/href', '/root/children/2/props/src', '/root/children/3/props/items/0/href']) {
      assert.ok(paths.has(path), `${path} should refuse ${JSON.stringify(line)}`);
    }
  }
});

test('plain-text props accept hostile strings as text: they are data, not markup', () => {
  const line = '<script>alert(1)</script>';
  assert.equal(validateSurface({ root: { piece: 'Body', props: { text: line } } }).ok, true);
});
