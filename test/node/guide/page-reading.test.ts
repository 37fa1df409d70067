import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { quoteOf } from '../../../core/llm/guide/answer-reply.js';
import { readFacts, type PageFact } from '../../../core/llm/guide/page-facts.js';
import { readPage } from '../../../core/llm/guide/page-reading.js';
import { pricingDump } from './fixtures.js';

function factOf(facts: readonly PageFact[], kind: PageFact['kind'], key: string): PageFact {
  const fact = facts.find((candidate) => candidate.kind === kind && candidate.key === key);
  assert.ok(fact, `no ${kind} fact named ${JSON.stringify(key)}: ${facts.map((f) => `${f.kind}:${f.key}`).join(', ')}`);
  return fact;
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

  it('reads a table as cells with their row and column, and rows; a ✓ or — as words', () => {
    const facts = readFacts(page);
    const grove = factOf(facts, 'cell', 'Price per member, per month Grove');
    assert.equal(grove.value, 'Grove: $8');
    assert.equal(grove.context, 'Pricing › Orchard plans and what each includes', 'the headings above it and the caption');
    assert.equal(grove.target, 'text:Price per member, per month|$8');
    assert.equal(quoteOf(grove), 'Price per member, per month — Grove: $8');
    const sso = factOf(facts, 'row', 'Single sign-on (SAML)');
    assert.equal(sso.value, 'Seedling: no, not included; Grove: no, not included; Estate: yes, included');
    assert.equal(factOf(facts, 'cell', 'Weekly digest Seedling').value, 'Seedling: no, not included');
    assert.ok(!facts.some((fact) => fact.key === 'Feature Seedling'), 'the header row names the columns; it is not a row');
  });

  it('reads a question with its answer, a term with its definition, and each sentence', () => {
    const facts = readFacts(page);
    const yearly = factOf(facts, 'question', 'Is there a discount for yearly billing?');
    assert.equal(yearly.value, 'Two months free: yearly Grove is $80 per member and yearly Estate is $160 per member.');
    assert.equal(yearly.context, 'Pricing › Questions about billing');
    const reading = readPage(['<main>', '\t## Details', '\tBoil time', '\t4 minutes for 1 litre of water', '\tWhat you need:', '\tA cloche', '\tMoss'], 100);
    const pairs = readFacts(reading).filter((fact) => fact.kind === 'pair');
    assert.deepEqual(
      pairs.map((fact) => [fact.key, fact.value]),
      [
        ['Boil time', '4 minutes for 1 litre of water'],
        ['What you need:', 'A cloche, Moss'],
      ],
    );
    const sentences = readFacts(page).filter((fact) => fact.kind === 'sentence' && fact.line === page.lines.findIndex((line) => line.text.startsWith('Start free.')));
    assert.deepEqual(sentences.map((fact) => fact.value), ['Start free.', 'Upgrade when your team grows.', 'Every plan includes unlimited boards and tasks.']);
  });

  it('links, the menu and controls are not facts; a heading points at the first container of its block', () => {
    const facts = readFacts(page);
    assert.ok(!facts.some((fact) => fact.value === 'Home' || fact.key === 'Home'), 'the menu');
    assert.ok(!facts.some((fact) => fact.value.includes('Dark theme')), 'a button');
    assert.equal(factOf(facts, 'heading', 'Pricing').target, '8');
  });

  it('a collapsed question is a fact that must be opened, by its summary', () => {
    const reading = readPage(['<main>', '\t<details>', '\t\t[7]<summary collapsed>How long does delivery take?', '\t<details>', '\t\t[8]<summary>Can I return it?', '\t\tYes, within 30 days.'], 100);
    const facts = readFacts(reading);
    const closed = factOf(facts, 'collapsed', 'How long does delivery take?');
    assert.equal(closed.opens, '7');
    assert.equal(factOf(facts, 'question', 'Can I return it?').value, 'Yes, within 30 days.');
  });

  it('quotes strip ids, renderings and their closing tags, keep image alt text and literal page text', () => {
    const reading = readPage(['<main>', '\tRead [5]<a>our terms</a> before you buy ![a red apple] or a <dddk-subtitle> tag.', '\t[6]<button>Buy'], 100);
    const sentence = readFacts(reading).find((fact) => fact.kind === 'sentence')!;
    assert.equal(quoteOf(sentence), 'Read our terms before you buy a red apple or a <dddk-subtitle> tag.');
    assert.deepEqual(reading.lines[1]!.ids, ['5']);
    assert.equal(reading.lines[1]!.ownId, undefined, 'the link is inside the line, not the line itself');
  });

  it('a heading is quoted with the content under it, without the controls', () => {
    const reading = readPage(['# Plans', 'Three plans for every team.', '[1]<button>Choose', 'Cancel any time.'], 100);
    assert.equal(quoteOf(factOf(readFacts(reading), 'heading', 'Plans')), 'Plans: Three plans for every team. Cancel any time.');
  });

  it('headings and sections may carry ids of their own', () => {
    const reading = readPage(['[4]<section aria-label="Plans">', '\t[5]# Seedling', '\tFree for three.', '\t[6]<h2>Grove'], 100);
    assert.equal(reading.lines[0]!.kind, 'section');
    assert.equal(reading.lines[0]!.ownId, '4');
    assert.equal(reading.lines[1]!.kind, 'heading');
    assert.equal(factOf(readFacts(reading), 'heading', 'Seedling').target, '5');
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
    assert.ok(!readFacts(reading).some((fact) => fact.line === 4 || fact.line === 5), 'a folded block is not an answer');
  });

  it('reads at most `maxLines` lines', () => {
    const lines = ['url: /', ...Array.from({ length: 50 }, (_, i) => `line ${i}`)];
    assert.equal(readPage(lines, 10).lines.length, 10);
    assert.equal(readPage(lines, 1_000).lines.length, 50);
  });
});
