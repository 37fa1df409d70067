import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parsePageConfig } from '../../../elements/config/parse-page-config.js';
// @ts-expect-error: a plain .mjs script without type declarations
import { buildInteropDemo } from '../../../scripts/build-interop-demo.mjs';

const demoDir = fileURLToPath(new URL('../../../demo', import.meta.url));
const interopDir = join(demoDir, 'interop');
const pages = readdirSync(interopDir).filter((name) => name.endsWith('.html'));

describe('demo/interop pages', () => {
  let outdir: string;
  before(async () => {
    outdir = mkdtempSync(join(tmpdir(), 'dddk-interop-'));
    await buildInteropDemo({ outdir });
  });
  after(() => rmSync(outdir, { recursive: true, force: true }));

  it('builds a React and a Vue bundle that load the kit from the page instead of bundling it', () => {
    for (const name of ['react.js', 'vue.js']) {
      const code = readFileSync(join(outdir, name), 'utf8');
      assert.match(code, /from\s*"\/dddk\/dddk\.min\.js"/, `${name} imports the drop-in served by the page`);
      assert.doesNotMatch(code, /dddk-palette",\s*\w+\)|customElements\.define/, `${name} carries no copy of the elements`);
    }
    assert.match(readFileSync(join(outdir, 'react.js'), 'utf8'), /ondddk-submit/);
    assert.match(readFileSync(join(outdir, 'vue.js'), 'utf8'), /@dddk-submit/);
  });

  it('links only files that exist: demo files, the built bundles, or the kit', () => {
    assert.deepEqual(pages.sort(), ['cms-theme.html', 'index.html', 'plain.html', 'react.html', 'vue.html']);
    for (const page of pages) {
      const html = readFileSync(join(interopDir, page), 'utf8');
      for (const [, url] of html.matchAll(/(?:src|href)="(\/[^"]*)"/g)) {
        const path = url!.split(/[?#]/)[0]!;
        if (path === '/' || path === '/dddk/dddk.min.js' || path === '/dddk/theme.css') continue;
        const file = path.startsWith('/dddk/interop/') ? join(outdir, path.slice('/dddk/interop/'.length)) : join(demoDir, path);
        assert.ok(existsSync(file), `${page} links ${url}, which is not at ${file}`);
      }
      for (const [, url] of html.matchAll(/from '(\/[^']*)'/g)) {
        assert.ok(existsSync(join(demoDir, url!)), `${page} imports ${url}, which does not exist`);
      }
    }
  });

  it('ships a CMS theme page whose JSON config is valid, offline, in zh-TW, with palette items', () => {
    const html = readFileSync(join(interopDir, 'cms-theme.html'), 'utf8');
    const json = /<script type="application\/json" data-dddk-config>([\s\S]*?)<\/script>/.exec(html)?.[1];
    assert.ok(json, 'the page has a data-dddk-config script');
    const { config, problems } = parsePageConfig(json!);
    assert.deepEqual(problems, []);
    assert.equal(config?.locale, 'zh-TW');
    assert.equal(config?.llm, undefined, 'no llm: the offline guide answers');
    assert.ok((config?.palette?.items?.length ?? 0) >= 3);
    assert.doesNotMatch(html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, ''), /<script(?![^>]*src="\/dddk\/dddk\.min\.js")/, 'no script but the drop-in');
  });

  it('gives the React, Vue and plain HTML pages the same items module', () => {
    for (const source of ['src/react-app.js', 'src/vue-app.js', 'src/plain-page.js']) {
      assert.match(readFileSync(join(interopDir, source), 'utf8'), /import \{ EXTRA_ITEMS, ORCHARD_ITEMS \} from '(\.\/|\/interop\/src\/)orchard-items\.js'/, source);
    }
  });
});
