import type { DefaultTreeAdapterTypes } from 'parse5';
import type { EditRequest, EditTarget, PartRef, Snapshot, ValidationCode, ValidationResult } from '../edit-target.js';
import { REGION_ATTRIBUTE, RegionScanError, type HtmlRegion, type HtmlRegionParser } from '../html/index.js';
import { loadParse5, type Parse5 } from '../lazy-parse5.js';
import { createSnapshot, snapshotEntries } from '../snapshot.js';
import { policyViolations, type PolicyViolation } from './content-policy.js';
import { compareDocuments, documentTagViolations } from './document-check.js';
import { parseDocument, type PageDocument } from './page-document.js';
import { createPageScans, type PageScan } from './page-scans.js';
import { firstDifference, parseInside, serializeChildren, serializeWithoutRegion, type Fragment } from './region-tree.js';
import { structureProblems, type StructureProblem } from './structure-check.js';
import { compareContent, compareOutsideRegion, type TreeDifference } from './tree-difference.js';

type Element = DefaultTreeAdapterTypes.Element;

/** Where the one HTML document lives. The host owns storage. */
export interface HtmlDocumentStore {
  read(): Promise<string>;
  write(args: { readonly html: string }): Promise<void>;
}

export interface HtmlRegionTargetDeps {
  readonly store: HtmlDocumentStore;
  readonly parser: HtmlRegionParser;
}

export interface HtmlRegionTargetOptions {
  /** Largest accepted region content, in UTF-16 code units. Default 256 KiB worth. */
  readonly maxPartLength?: number;
  /**
   * How many parsed versions of the document to keep, keyed by exact content, so the page being
   * edited is not parsed again for every check and write. Each one holds a parse tree of the whole
   * page. Default 2 (the current page and the last prospective one); 0 keeps none.
   */
  readonly cachedParses?: number;
}

/**
 * The snapshot key holding the whole document. A handle is lowercase words and hyphens, so this key
 * can never collide with a region's.
 */
export const HTML_DOCUMENT_SNAPSHOT_KEY = '#document';

const DEFAULT_MAX_PART_LENGTH = 256 * 1024;
const DEFAULT_CACHED_PARSES = 2;
const LISTED_VIOLATIONS = 5;

function disallowedMarkup(id: string, violations: readonly PolicyViolation[]): ValidationResult {
  const listed = violations.slice(0, LISTED_VIOLATIONS).map((v) => `${v.where}: ${v.what}`).join('; ');
  const more = violations.length > LISTED_VIOLATIONS ? `; and ${violations.length - LISTED_VIOLATIONS} more` : '';
  return refuse('disallowed-markup', `The content for region ${quote(id)} holds markup that is not allowed: ${listed}${more}.`);
}

/** One entry per distinct violation: a <meta> is seen both as an element and as a document-level tag. */
function uniqueViolations(violations: readonly PolicyViolation[]): PolicyViolation[] {
  const seen = new Set<string>();
  return violations.filter((violation) => {
    const key = `${violation.where}\n${violation.what}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Refused with the first problem's code; every problem is named, so that one retry can fix them all. */
function structureRefusal(id: string, problems: readonly StructureProblem[]): ValidationResult {
  const first = problems[0]!;
  const why = (problem: StructureProblem) =>
    problem.code === 'empty-heading'
      ? `it leaves ${problem.where} empty, and a heading must say something`
      : `it puts a list item (<li>) ${problem.where}, outside any list, and an <li> belongs in a <ul> or <ol>`;
  const all = [...new Set(problems.map(why))].slice(0, LISTED_VIOLATIONS).join('; ');
  const fixes = new Set(problems.map((problem) => (problem.code === 'empty-heading' ? 'Give every heading its text.' : 'Wrap the list items in the list they belong to (<ul> or <ol>).')));
  return refuse(first.code, `The content for region ${quote(id)} cannot be saved: ${all}. ${[...fixes].join(' ')}`);
}

function quote(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}

function refuse(code: ValidationCode, message: string): ValidationResult {
  return { ok: false, code, message };
}

function handleCounts(regions: readonly HtmlRegion[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const region of regions) counts.set(region.handle, (counts.get(region.handle) ?? 0) + 1);
  return counts;
}

/** Names handles the new page invents, loses or repeats, or undefined when both pages carry the same ones. */
function handleChanges(before: readonly HtmlRegion[], after: readonly HtmlRegion[]): string | undefined {
  const old = handleCounts(before);
  const next = handleCounts(after);
  const changes: string[] = [];
  for (const [handle, count] of next) {
    const had = old.get(handle) ?? 0;
    if (had === 0) changes.push(`it adds a new region ${quote(handle)}`);
    else if (count > had) changes.push(`it repeats the region ${quote(handle)}`);
  }
  for (const [handle] of old) if (!next.has(handle)) changes.push(`it removes the region ${quote(handle)}`);
  return changes.length === 0 ? undefined : changes.join('; ');
}

/** The first region that starts after `region` ends: the one an unclosed element would swallow. */
function followingRegion(regions: readonly HtmlRegion[], region: HtmlRegion): HtmlRegion | undefined {
  return regions.find((other) => other.outerStart >= region.outerEnd);
}

function closedEarlyReason(id: string, tagName: string, following: HtmlRegion | undefined, hint: string): string {
  const swallow = following ? `, and the region would swallow what follows up to the region ${quote(following.handle)}` : '';
  const blocks = tagName === 'p' ? ' A <p> cannot hold block elements such as <div>, <p>, <ul>, <table>, <section> or headings: they close it.' : '';
  return `The content for region ${quote(id)} makes the HTML parser end the region's <${tagName}> somewhere other than its own end tag: either it leaves an element unclosed (so the region's </${tagName}> closes that element instead${swallow}), or it holds an element or end tag that closes the <${tagName}> early.${blocks} ${hint}Close every element you open and use only elements a <${tagName}> may hold.`;
}

/** Where two parses differ, quoted from their markup, or named by node when the markup is the same. */
function describeDifference(parse5: Parse5, before: string, after: string, difference: TreeDifference): string {
  if (before !== after) return firstDifference(before, after);
  return `the markup reads the same, but ${describeNode(parse5, difference.before)} would parse as ${describeNode(parse5, difference.after)}`;
}

function describeNode(parse5: Parse5, node: TreeDifference['before']): string {
  if (node === undefined) return 'nothing';
  if (!('tagName' in node)) return JSON.stringify(parse5.serializeOuter(node).slice(0, 60));
  const namespace = node.namespaceURI === parse5.html.NS.HTML ? '' : ` in the namespace ${node.namespaceURI}`;
  return `<${node.tagName}>${namespace}`;
}

/**
 * An EditTarget over the tagged regions of one HTML document. A write splices the region's inner
 * source, leaving every other byte alone; `validate` refuses content the policy refuses, and any
 * content whose page would differ outside the region, or inside it from the content parsed on its
 * own, read both as the region parser reads pages and as a browser opening the stored page would.
 */
export function createHtmlRegionTarget(deps: HtmlRegionTargetDeps, options: HtmlRegionTargetOptions = {}): EditTarget {
  const { store, parser } = deps;
  const maxPartLength = options.maxPartLength ?? DEFAULT_MAX_PART_LENGTH;
  if (!Number.isSafeInteger(maxPartLength) || maxPartLength < 1) {
    throw new RangeError(`dddk: HtmlRegionTargetOptions.maxPartLength must be a positive integer, got ${String(maxPartLength)}.`);
  }
  const cachedParses = options.cachedParses ?? DEFAULT_CACHED_PARSES;
  if (!Number.isSafeInteger(cachedParses) || cachedParses < 0) {
    throw new RangeError(`dddk: HtmlRegionTargetOptions.cachedParses must be a non-negative integer, got ${String(cachedParses)}.`);
  }
  const scans = createPageScans(parser, cachedParses);

  async function currentScan(): Promise<PageScan> {
    return scans.scan(await store.read());
  }

  async function currentRegions(): Promise<{ html: string; regions: readonly HtmlRegion[] }> {
    const { html, regions } = await currentScan();
    return { html, regions };
  }

  async function regionNamed(id: string): Promise<{ html: string; regions: readonly HtmlRegion[]; region: HtmlRegion }> {
    const { html, regions } = await currentRegions();
    const region = regions.find((candidate) => candidate.handle === id);
    if (!region) throw new Error(`dddk: the page has no region ${quote(id)}; name one returned by listParts().`);
    return { html, regions, region };
  }

  function splice(html: string, region: HtmlRegion, content: string): string {
    return html.slice(0, region.innerStart) + content + html.slice(region.innerEnd);
  }

  async function validate({ id, content }: EditRequest): Promise<ValidationResult> {
    const current = await currentScan();
    const { html, regions } = current;
    const region = regions.find((candidate) => candidate.handle === id);
    if (!region) {
      const ids = regions.map((candidate) => quote(candidate.handle)).join(', ');
      return refuse('unknown-part', `There is no region ${quote(id)}. The editable regions are: ${ids || 'none'}. Use one of these ids exactly.`);
    }
    if (content.length > maxPartLength) {
      return refuse('too-large', `The content for region ${quote(id)} is ${content.length} characters; the limit is ${maxPartLength}. Send a shorter version.`);
    }

    const parse5 = await loadParse5();
    const oldElement = await current.regionElement(id);
    if (!oldElement) return refuse('unavailable', `The region ${quote(id)} could not be found in the parsed page; it cannot be edited right now.`);
    const alone = parseInside(parse5, oldElement, content);
    const next = splice(html, region, content);
    // The stored page may be opened as a page of its own: it is also read the way a browser reads one.
    const nextDocument = parseDocument(parse5, next);
    const written = documentTagViolations(nextDocument, region.innerStart, region.innerStart + content.length);
    const violations = uniqueViolations([...policyViolations(alone), ...written]);
    if (violations.length > 0) return disallowedMarkup(id, violations);
    const refused = (await regionRefusal(current, region, oldElement, { content, next, alone })) ?? (await documentRefusal(current, nextDocument, id));
    if (!refused.ok) return refused;
    // The content parses in place as it does alone, so its own tree is what a reader gets.
    const problems = structureProblems(alone, oldElement);
    return problems.length > 0 ? structureRefusal(id, problems) : { ok: true };
  }

  /**
   * Read as the region parser reads pages, the new page must parse as the old one everywhere but
   * inside the region, and inside the region as the content does on its own. Both trees are read in
   * place; markup is built only to explain a refusal.
   */
  async function regionRefusal(
    current: PageScan,
    region: HtmlRegion,
    oldElement: Element,
    { content, next, alone }: { content: string; next: string; alone: Fragment },
  ): Promise<ValidationResult | undefined> {
    const { regions } = current;
    const id = region.handle;
    const parse5 = await loadParse5();
    let prospective: PageScan;
    try {
      prospective = await scans.scan(next);
    } catch (error) {
      if (!(error instanceof RegionScanError)) throw error;
      const own = error.refusals.find((refusal) => refusal.handle === id && refusal.code === 'no-closing-tag');
      if (own) return refuse('breaks-page', closedEarlyReason(id, region.tagName, followingRegion(regions, region), await wellFormedHint(content)));
      const reasons = error.refusals.map((refusal) => refusal.reason).join(' ');
      return refuse('breaks-page', `With the content for region ${quote(id)} the page's regions could no longer be located: ${reasons}`);
    }
    const after = prospective.regions;
    const changed = handleChanges(regions, after);
    if (changed !== undefined) {
      return refuse('breaks-page', `The content for region ${quote(id)} changes which regions the page has: ${changed}. Regions are fixed by the page; do not write, remove or copy ${REGION_ATTRIBUTE} attributes.`);
    }
    const moved = after.find((candidate) => candidate.handle === id);
    if (!moved || moved.innerStart !== region.innerStart || moved.innerEnd !== region.innerStart + content.length) {
      return refuse('breaks-page', `The content for region ${quote(id)} ends the region early: it closes the <${region.tagName}> that holds it (for example with "</${region.tagName}>"). Remove that end tag and close only elements you open.`);
    }
    const oldPage = await current.tree();
    const newPage = await prospective.tree();
    const outside = compareOutsideRegion(oldPage, newPage, oldElement);
    if ('difference' in outside) {
      const outsideBefore = serializeWithoutRegion(parse5, oldPage, oldElement);
      const outsideAfter = serializeWithoutRegion(parse5, newPage, (await prospective.regionElement(id)) ?? oldElement);
      const following = followingRegion(regions, region);
      const swallowed = following ? `; it would swallow or change what follows, up to the region ${quote(following.handle)}` : '';
      return refuse('breaks-page', `The content for region ${quote(id)} changes the page outside the region (${describeDifference(parse5, outsideBefore, outsideAfter, outside.difference)})${swallowed}. ${await wellFormedHint(content)}Close every element you open, close no element you did not open, and keep table parts inside their table.`);
    }
    const inside = compareContent(alone, outside.regionAfter);
    if (inside) {
      const insideExpected = parse5.serialize(alone);
      const insideActual = serializeChildren(parse5, outside.regionAfter);
      return refuse('breaks-page', `The content for region ${quote(id)} would not parse the same inside the page as on its own (${describeDifference(parse5, insideExpected, insideActual, inside)}). ${await wellFormedHint(content)}Close every element you open, and avoid elements left open across others (such as <a>, <b> or <nobr>).`);
    }
    return undefined;
  }

  /**
   * Read as a browser reads the stored page when it opens it: nothing outside the region may
   * change, <html>, <head> and <body> attributes included, and the region's content as that parse
   * holds it must pass the policy too.
   */
  async function documentRefusal(current: PageScan, nextDocument: PageDocument, id: string): Promise<ValidationResult> {
    const compared = compareDocuments(await current.document(), nextDocument, id);
    if ('missing' in compared) {
      return refuse('unavailable', `The region ${quote(id)} is not an element of the page when the page is read as a whole document, so its content cannot be checked there; it cannot be edited.`);
    }
    if ('difference' in compared) {
      return refuse('breaks-page', `The content for region ${quote(id)} changes the page outside the region when the stored page is opened as a whole document: ${compared.difference}. A browser copies the attributes of an <html> or <body> tag written anywhere onto the page's own element. Write no <html>, <head> or <body> tags, and close every element you open.`);
    }
    const violations = policyViolations(compared.regionAfter);
    return violations.length > 0 ? disallowedMarkup(id, violations) : { ok: true };
  }

  async function wellFormedHint(content: string): Promise<string> {
    const report = await parser.checkWellFormed(content);
    return report.ok ? '' : `${report.reason.replace(/[.\s]*$/, '')}. `;
  }

  return {
    async listParts(): Promise<readonly PartRef[]> {
      const { regions } = await currentRegions();
      return regions.map((region) => ({
        id: region.handle,
        ...(region.role === undefined ? {} : { role: region.role }),
        ...(region.label === undefined ? {} : { label: region.label }),
      }));
    },
    async readPart({ id }) {
      const { html, region } = await regionNamed(id);
      return html.slice(region.innerStart, region.innerEnd);
    },
    async replacePart({ id, content }) {
      const { html, region } = await regionNamed(id);
      await store.write({ html: splice(html, region, content) });
    },
    async snapshot(): Promise<Snapshot> {
      const { html, regions } = await currentRegions();
      const entries: Array<[string, string]> = regions.map((region) => [region.handle, html.slice(region.innerStart, region.innerEnd)]);
      entries.push([HTML_DOCUMENT_SNAPSHOT_KEY, html]);
      return createSnapshot(entries);
    },
    async restore({ snapshot }) {
      const html = snapshot?.parts ? snapshotEntries(snapshot).find(([key]) => key === HTML_DOCUMENT_SNAPSHOT_KEY)?.[1] : undefined;
      if (typeof html !== 'string') {
        throw new TypeError(`dddk: restore needs a snapshot taken by this target's snapshot(); it has no "${HTML_DOCUMENT_SNAPSHOT_KEY}" part.`);
      }
      await store.write({ html });
    },
    validate,
  };
}
