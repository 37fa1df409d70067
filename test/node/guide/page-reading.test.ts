import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { quoteOf, targetOf } from '../../../core/llm/guide/page-answers.js';
import { readPage, type PageReading } from '../../../core/llm/guide/page-reading.js';
import { pricingDump } from './fixtures.js';

function docAt(reading: PageReading, text: string, kind: 'heading' | 'content' = 'content') {
  const index = reading.lines.findIndex((line) => line.kind === kind && (line.text || line.label) === text);
  assert.ok(index >= 0, `no line reads ${JSON.stringify(text)}`);
  const doc = reading.docs.find((candidate) => candidate.line === index);
  assert.ok(doc, `no document for ${JSON.stringify(text)}`);
  return doc;
}

describe('reading the indexed page text back', () => {
  const page = readPage(pricingDump.split('\n'), 3_000);

  it('knows headings, sections, links, containers and the navigation landmark', () => {
    assert.equal(page.url, 'http://localhost:8080/pricing');
    const heading = page.lines.find((line) => line.text === 'Pricing' && line.kind === 'heading')!;
    assert.equal(heading.level, 1);
    assert.equal(heading.depth, 1);
    const menuLink = page.lines.find((line) => line.ownId === '3')!;
    assert.equal(menuLink.link, true);
    assert.equal(menuLink.inNav, true);
    const region = page.lines.find((line) => line.ownId === '8')!;
    assert.equal(region.container, true);
    assert.equal(region.label, 'Orchard plans and what each includes');
    assert.deepEqual(
      page.lines.filter((line) => line.kind === 'section').map((line) => [line.sectionName, line.label, line.depth]),
      [
        ['header', '', 0],
        ['nav', 'Main', 1],
        ['main', '', 0],
        ['section', '', 1],
        ['footer', '', 0],
      ],
    );
    assert.equal(page.lines.find((line) => line.ownId === '7')!.container, false, 'a button is not a container');
  });

  it('links and the menu are navigation, not answers', () => {
    assert.equal(docAt(page, 'Pricing', 'heading').navigational, false, 'the heading');
    assert.ok(page.docs.filter((doc) => page.lines[doc.line]!.ownId === '3').every((doc) => doc.navigational));
  });

  it('a heading points at the first container of its block; content after a container points at it', () => {
    assert.deepEqual(targetOf(page, docAt(page, 'Pricing', 'heading')), { id: '8', exact: true });
    assert.deepEqual(targetOf(page, docAt(page, 'Members | Up to 3 | Up to 30 | Unlimited')), { id: '8', exact: true });
  });

  it('content with no element of its own only brings the nearest element of its block into view', () => {
    assert.deepEqual(targetOf(page, docAt(page, 'Can I switch plans later?')), { id: '9', exact: false });
    // The lede comes before the region: it is not the region's content.
    assert.deepEqual(targetOf(page, docAt(page, 'Start free. Upgrade when your team grows. Every plan includes unlimited boards and tasks.')), { id: '8', exact: false });
  });

  it('a section with nothing to point at has no target', () => {
    const bare = readPage(['<main>', '\t<section>', '\t\t## Notes', '\t\tNothing here can be operated.'], 100);
    assert.equal(targetOf(bare, bare.docs.find((doc) => doc.kind === 'heading')!), undefined);
  });

  it('quotes strip ids, renderings and their closing tags, keep image alt text and literal page text', () => {
    const reading = readPage(['<main>', '\tRead [5]<a>our terms</a> before you buy ![a red apple] or a <dddk-subtitle> tag.', '\t[6]<button>Buy'], 100);
    const doc = reading.docs.find((candidate) => candidate.kind === 'line')!;
    assert.equal(quoteOf(reading, doc), 'Read our terms before you buy a red apple or a <dddk-subtitle> tag.');
    assert.deepEqual(reading.lines[1]!.ids, ['5']);
    assert.equal(reading.lines[1]!.ownId, undefined, 'the link is inside the line, not the line itself');
  });

  it('a heading is quoted with the content under it, without the controls', () => {
    const reading = readPage(['# Plans', 'Three plans for every team.', '[1]<button>Choose', 'Cancel any time.'], 100);
    assert.equal(quoteOf(reading, reading.docs[0]!), 'Plans: Three plans for every team. Cancel any time.');
  });

  it('headings and sections may carry ids of their own', () => {
    const reading = readPage(['[4]<section aria-label="Plans">', '\t[5]# Seedling', '\tFree for three.', '\t[6]<h2>Grove'], 100);
    assert.equal(reading.lines[0]!.kind, 'section');
    assert.equal(reading.lines[0]!.ownId, '4');
    assert.equal(reading.lines[1]!.kind, 'heading');
    assert.deepEqual(targetOf(reading, reading.docs.find((doc) => doc.line === 1)!), { id: '5', exact: true });
    assert.equal(reading.lines[3]!.kind, 'heading');
    assert.equal(reading.lines[3]!.level, 2);
  });

  it('reads a folded block as a line that leads elsewhere, its names kept as a label, and strips inline fold markers', () => {
    const reading = readPage(
      [
        '<main>',
        '\t# Plans',
        '\t[5]<a>The first words of a long teaser ⟪f7 folded: 412 chars⟫',
        '\tRated <span aria-label="4 of 5 stars">★★★★☆</span> by teams',
        '\t⟪f8 folded: 3 links, 8012 chars — ## Pricing details · ## FAQ · …⟫',
        '<footer> ⟪f4 folded: 36 links, 540 chars — About · Careers · Press · …⟫',
      ],
      100,
    );
    const [, , teaser, rated, rest, footer] = reading.lines;
    assert.equal(teaser!.text, 'The first words of a long teaser');
    assert.deepEqual(teaser!.folds, ['f7']);
    assert.equal(rated!.text, 'Rated ★★★★☆ by teams');
    assert.equal(rated!.label, '4 of 5 stars');
    assert.deepEqual([rest!.kind, rest!.text, rest!.label, rest!.folds], ['content', '', '## Pricing details, ## FAQ', ['f8']]);
    assert.deepEqual([footer!.kind, footer!.sectionName, footer!.label, footer!.folds], ['content', 'footer', 'About, Careers, Press', ['f4']]);
    const footerDoc = reading.docs.find((doc) => doc.line === 5)!;
    assert.equal(footerDoc.navigational, true, 'a folded block is not an answer');
  });

  it('reads at most `maxLines` lines', () => {
    const lines = ['url: /', ...Array.from({ length: 50 }, (_, i) => `line ${i}`)];
    assert.equal(readPage(lines, 10).lines.length, 10);
    assert.equal(readPage(lines, 1_000).lines.length, 50);
  });
});
