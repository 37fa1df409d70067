// The region policy alone, against a browser: every string of the XSS and html5lib corpora is sent
// as a region's content, raw, to the HTML-region target's `validate` (as a server receives a PUT:
// no sanitizer), and every stored document that passes is opened as a top-level page in Chromium,
// with no CSP, with script traps, and with every element sent the events handlers listen to.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { applyEdit } from '../../../core/targets/apply-edit.js';
import { createParse5RegionParser, type HtmlRegionParser } from '../../../core/targets/html/index.js';
import { createHtmlRegionTarget } from '../../../core/targets/html-target/index.js';
import { launchChromium } from '../../support/chromium.js';
import { html5libFolder, html5libInputs } from '../../support/html5lib-corpus.js';
import { createStoredPageProbe, type PageFindings, type StoredPageProbe } from '../../support/stored-page-probe.js';
import { xssFolder, xssPayloads } from '../../support/xss-corpus.js';

const REGION = 'body';
const PAGE_BEFORE = '<!doctype html><html><head><title>t</title></head><body><main data-agent-element="body">';
const PAGE_AFTER = '</main></body></html>';
const PAGE = `${PAGE_BEFORE}<p>Old</p>${PAGE_AFTER}`;
const TABS = 4;

// The attacks that found the holes, by name: each must be refused, and each, stored anyway, must be caught by the probe.
const KNOWN_ATTACKS: ReadonlyArray<readonly [string, string]> = [
  ['body onload', '<p>hi</p><body onload=__trap()>'],
  ['html onmouseover', '<html onmouseover=__trap()>'],
  ['iframe sandbox allow-scripts', '<iframe sandbox="allow-same-origin allow-scripts" srcdoc="<script>parent.__trap()</script>"></iframe>'],
  ['form', '<form action="javascript:__trap()"><input name="q" value="x"><button>Go</button></form>'],
  ['style', '<style>@import "/x.css"; body{display:none}</style><p style="position:fixed;inset:0">Covering</p>'],
  ['svg set attributeName=href', '<svg><a href="/ok"><set attributeName="href" to="javascript:__trap()"/><text y="20">x</text></a></svg>'],
  ['svg set attributeName=onclick', '<svg><rect width="10" height="10"><set attributeName="onclick" to="__trap()"/></rect></svg>'],
];
// Chromium itself refuses to animate an event handler attribute, so that attack cannot be seen running there.
const NOT_RUN_BY_CHROMIUM = new Set(['svg set attributeName=onclick']);
// What the probe must see when stored without the policy: the known attacks and the plainest of scripts.
const CONTROLS: ReadonlyArray<readonly [string, string]> = [
  ...KNOWN_ATTACKS.filter(([name]) => !NOT_RUN_BY_CHROMIUM.has(name)),
  ['script', '<script>__trap()</script>'],
  ['img onerror', '<img src="/missing.png" onerror="__trap()">'],
  ['javascript: link', '<a href="javascript:__trap()">x</a>'],
  ['autofocus onfocus', '<input autofocus onfocus="alert(1)">'],
];

const BATCH_SIZE = 20;

interface Batch {
  readonly html: string;
  /** The contents written into the batch page, one region each, in order. */
  readonly placed: string[];
}

function emptyBatchPage(regions: number): string {
  const head = PAGE_BEFORE.slice(0, PAGE_BEFORE.indexOf('<main'));
  const tail = PAGE_AFTER.slice('</main>'.length);
  return `${head}${Array.from({ length: regions }, (_, index) => `<main data-agent-element="r${index}"></main>`).join('')}${tail}`;
}

/**
 * Many accepted contents in one stored page, each validated and written into a region of its own
 * exactly as a server stores successive writes, so each page opened is itself a stored document
 * that passed the policy at every write. It tests each content as its single-region page does:
 * - each write was proven to leave the page outside its region as it was, and to parse inside its
 *   region as the content does alone in a <main>, the single page's context;
 * - each region starts in the parser state of the single page's region: in body, every earlier
 *   element closed (that proof again), no form open and no frameset possible (both refused), the
 *   same doctype, and no formatting element left to reopen: after each write, text for the next
 *   region must still parse as text alone, else the page ends there and the next content starts
 *   a page of its own;
 * so the browser builds the same subtree for each content in both pages, every element of it gets
 * the same events, and a script that runs anywhere trips the same traps. A content refused in a
 * batch page starts the next one; refused even as a fresh page's first region, it is opened alone.
 */
async function storeBatches(parser: HtmlRegionParser, contents: readonly string[]): Promise<{ batches: Batch[]; alone: string[] }> {
  const batches: Batch[] = [];
  const alone: string[] = [];
  let at = 0;
  while (at < contents.length) {
    const slice = contents.slice(at, at + BATCH_SIZE);
    let html = emptyBatchPage(slice.length);
    const target = createHtmlRegionTarget({ store: { read: async () => html, write: async (args) => void (html = args.html) }, parser });
    const placed: string[] = [];
    for (const [index, content] of slice.entries()) {
      if (!(await applyEdit(target, { id: `r${index}`, content })).applied) break;
      placed.push(content);
      if (index + 1 < slice.length && !(await target.validate({ id: `r${index + 1}`, content: 'x' })).ok) break;
    }
    if (placed.length === 0) {
      alone.push(slice[0]!);
      at += 1;
      continue;
    }
    batches.push({ html, placed });
    at += placed.length;
  }
  return { batches, alone };
}

function storedPage(content: string): string {
  return `${PAGE_BEFORE}${content}${PAGE_AFTER}`;
}

function clean(findings: PageFindings): boolean {
  const scriptCapable = findings.requests.filter((request) => !['image', 'media'].includes(request.type));
  return findings.fired.length === 0 && findings.unsafe.length === 0 && scriptCapable.length === 0;
}

/** Opens every document, `TABS` at a time, and answers the findings of those that are not clean. */
async function probeAll(probes: StoredPageProbe[], documents: readonly string[]): Promise<Array<{ html: string; findings: PageFindings }>> {
  const dirty: Array<{ html: string; findings: PageFindings }> = [];
  let next = 0;
  await Promise.all(
    probes.map(async (probe) => {
      while (next < documents.length) {
        const html = documents[next++]!;
        const findings = await probe.open(html);
        if (!clean(findings)) dirty.push({ html, findings });
      }
    }),
  );
  return dirty;
}

describe('stored region documents opened as pages in Chromium', { timeout: 120_000 }, () => {
  let browser: Browser;
  let probes: StoredPageProbe[];
  before(async () => {
    browser = await launchChromium();
    probes = await Promise.all(Array.from({ length: TABS }, () => createStoredPageProbe(browser)));
  });
  after(async () => {
    await browser?.close();
  });

  it('the probe catches each known attack, and plain script, when stored without the policy', async () => {
    const dirty = await probeAll(probes, CONTROLS.map(([, content]) => storedPage(content)));
    const caught = new Set(dirty.map(({ html }) => html));
    for (const [name, content] of CONTROLS) assert.ok(caught.has(storedPage(content)), `the probe did not see "${name}" run or stay armed`);
    // And a plain page is clean: the probe does not flag everything.
    assert.deepEqual(await probeAll(probes, [storedPage('<h1>Title</h1><p>Words <a href="/x">link</a> <img src="/p.png" alt=""></p>')]), []);
  });

  it('the region target refuses each known attack', async () => {
    const target = createHtmlRegionTarget({ store: { read: async () => PAGE, write: async () => undefined }, parser: createParse5RegionParser() });
    for (const [name, content] of KNOWN_ATTACKS) {
      const verdict = await target.validate({ id: REGION, content });
      assert.equal(verdict.ok, false, `"${name}" was accepted`);
    }
  });

  it('every corpus string the target accepts, stored and opened as a page, runs nothing', async () => {
    assert.ok(existsSync(xssFolder) && existsSync(html5libFolder), `the corpora belong in ../shared/corpus next to the repo (${xssFolder}, ${html5libFolder})`);
    const xss = xssPayloads();
    const html5lib = html5libInputs();
    const inputs = [...new Set([...xss, ...html5lib, ...KNOWN_ATTACKS.map(([, content]) => content)])];
    assert.ok(xss.length > 2000 && html5lib.length > 1000, `expected the full corpora, read ${xss.length} and ${html5lib.length}`);
    const parser = createParse5RegionParser();
    const accepted: string[] = [];
    for (const content of inputs) {
      // A server's view: the stored document, and the raw content a client sent for the region.
      let html = PAGE;
      const target = createHtmlRegionTarget({ store: { read: async () => html, write: async (args) => void (html = args.html) }, parser });
      const verdict = await target.validate({ id: REGION, content });
      if (!verdict.ok) continue;
      await target.replacePart({ id: REGION, content });
      assert.equal(html, storedPage(content));
      accepted.push(content);
    }
    for (const [name, content] of KNOWN_ATTACKS) assert.ok(!accepted.includes(content), `"${name}" was accepted`);

    const started = Date.now();
    const { batches, alone } = await storeBatches(parser, accepted);
    assert.equal(batches.reduce((sum, batch) => sum + batch.placed.length, 0) + alone.length, accepted.length);
    const stored = Date.now();
    const dirtyBatches = await probeAll(probes, batches.map((batch) => batch.html));
    // A batch that ran anything is opened again content by content, to name the culprit.
    const suspects = batches.filter((batch) => dirtyBatches.some(({ html }) => html === batch.html)).flatMap((batch) => batch.placed);
    const dirty = await probeAll(probes, [...alone, ...suspects].map(storedPage));
    console.log(
      `stored region pages: ${inputs.length} distinct strings (${xss.length} XSS, ${html5lib.length} html5lib, ${KNOWN_ATTACKS.length} known attacks), ` +
        `${accepted.length} accepted, ${inputs.length - accepted.length} refused; opened in Chromium as ${batches.length} pages of up to ${BATCH_SIZE} regions ` +
        `and ${alone.length + suspects.length} single-region pages (stored in ${stored - started} ms, opened in ${Date.now() - stored} ms); ${dirtyBatches.length + dirty.length} pages ran or kept script`,
    );
    assert.deepEqual(dirtyBatches.map(({ findings }) => findings).slice(0, 3), [], 'a batch page ran or kept script');
    assert.deepEqual(dirty.slice(0, 10).map(({ html, findings }) => ({ content: html.slice(PAGE_BEFORE.length, -PAGE_AFTER.length), findings })), []);
  });
});
