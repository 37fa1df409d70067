import { createHtmlRegionTarget } from '../../core/targets/html-target/index.js';
import { createParse5RegionParser, RegionScanError, type HtmlRegion, type HtmlRegionParser } from '../../core/targets/html/index.js';

/** The server's verdict on a submitted page; a refusal's reason is written for a model to act on. */
export type PageCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Judges a page write: the stored version, and the one submitted to replace it. */
export type PageValidator = (change: { readonly id: string; readonly current: string; readonly next: string }) => Promise<PageCheck>;

export interface RegionPageValidatorOptions {
  /** Defaults to the parse5 region parser the client uses. */
  readonly parser?: HtmlRegionParser;
  /** Largest region content, as in `HtmlRegionTargetOptions.maxPartLength`. */
  readonly maxPartLength?: number;
}


type Scan = { readonly ok: true; readonly regions: readonly HtmlRegion[] } | { readonly ok: false; readonly reason: string };

async function scanRegions(parser: HtmlRegionParser, html: string): Promise<Scan> {
  try {
    return { ok: true, regions: (await parser.findRegions(html)).regions };
  } catch (error) {
    if (error instanceof RegionScanError) return { ok: false, reason: error.refusals.map((refusal) => refusal.reason).join(' ') };
    throw error;
  }
}

/** Regions not inside another region, in document order: what a write may change, with what is inside them. */
function outermostRegions(regions: readonly HtmlRegion[]): HtmlRegion[] {
  const outermost: HtmlRegion[] = [];
  for (const region of [...regions].sort((a, b) => a.outerStart - b.outerStart)) {
    const last = outermost.at(-1);
    if (!last || region.outerStart >= last.outerEnd) outermost.push(region);
  }
  return outermost;
}

function sortedHandles(regions: readonly HtmlRegion[]): string {
  return regions.map((region) => region.handle).sort().join(' ');
}

function listHandles(regions: readonly HtmlRegion[]): string {
  return regions.map((region) => JSON.stringify(region.handle)).join(', ') || 'none';
}

/** The bytes around and between the outermost regions: a write must leave every one of them alone. */
function outsideSegments(html: string, outermost: readonly HtmlRegion[]): Array<{ start: number; text: string }> {
  const segments: Array<{ start: number; text: string }> = [];
  let from = 0;
  for (const region of outermost) {
    segments.push({ start: from, text: html.slice(from, region.innerStart) });
    from = region.innerEnd;
  }
  segments.push({ start: from, text: html.slice(from) });
  return segments;
}

function lineAndExcerpt(html: string, offset: number): string {
  const line = html.slice(0, offset).split('\n').length;
  return `line ${line}, near ${JSON.stringify(html.slice(offset, offset + 60))}`;
}

function firstOutsideChange(current: string, next: string, before: readonly HtmlRegion[], after: readonly HtmlRegion[]): string | undefined {
  const old = outsideSegments(current, before);
  const now = outsideSegments(next, after);
  for (let index = 0; index < old.length; index++) {
    const a = old[index]!;
    const b = now[index]!;
    if (a.text === b.text) continue;
    let at = 0;
    while (at < a.text.length && a.text[at] === b.text[at]) at++;
    return lineAndExcerpt(next, b.start + at);
  }
  return undefined;
}

/** Checks that both pages carry the same regions and the same bytes outside them. */
function compareStructure(current: string, next: string, before: readonly HtmlRegion[], after: readonly HtmlRegion[]): string | undefined {
  if (sortedHandles(before) !== sortedHandles(after)) {
    return `The submitted page does not have the same regions as the stored one (stored: ${listHandles(before)}; submitted: ${listHandles(after)}). Regions are fixed by the page: reload it and change only the content inside its regions.`;
  }
  const outerBefore = outermostRegions(before);
  const outerAfter = outermostRegions(after);
  if (outerBefore.map((region) => region.handle).join(' ') !== outerAfter.map((region) => region.handle).join(' ')) {
    return 'The submitted page moves its regions around: only the content inside regions can change. Reload the page and redo the edit.';
  }
  const changed = firstOutsideChange(current, next, outerBefore, outerAfter);
  if (changed !== undefined) {
    return `The submitted page differs from the stored one outside its regions (${changed}): only the content inside regions can change. Reload the page and redo the edit inside a region.`;
  }
  return undefined;
}

/**
 * The server's check of a page write, with the validator the client runs: same regions, the same
 * bytes outside them, and each changed region's content validated by the HTML-region target, region
 * by region in order, on an in-memory copy that must end up equal to the submitted page. (The
 * target reads the page as a browser opening it would, so a region cannot reach the page's own
 * `<html>` or `<body>` either.)
 */
export function regionPageValidator(options: RegionPageValidatorOptions = {}): PageValidator {
  const parser = options.parser ?? createParse5RegionParser();
  const targetOptions = options.maxPartLength === undefined ? {} : { maxPartLength: options.maxPartLength };

  return async ({ current, next }) => {
    if (current === next) return { ok: true };
    const before = await scanRegions(parser, current);
    if (!before.ok) return { ok: false, reason: `The stored page's regions cannot be located, so no write to it can be checked; the site must fix the page: ${before.reason}` };
    const after = await scanRegions(parser, next);
    if (!after.ok) return { ok: false, reason: `The submitted page's regions cannot be located: ${after.reason}` };
    const structural = compareStructure(current, next, before.regions, after.regions);
    if (structural !== undefined) return { ok: false, reason: structural };
    return replayRegionEdits(current, next, outermostRegions(before.regions), outermostRegions(after.regions));
  };

  /** Applies each changed region's content through the region target, as the client did. */
  async function replayRegionEdits(current: string, next: string, before: readonly HtmlRegion[], after: readonly HtmlRegion[]): Promise<PageCheck> {
    let html = current;
    const target = createHtmlRegionTarget({ store: { read: async () => html, write: async ({ html: written }) => { html = written; } }, parser }, targetOptions);
    for (let index = 0; index < before.length; index++) {
      const id = before[index]!.handle;
      const content = next.slice(after[index]!.innerStart, after[index]!.innerEnd);
      if (content === current.slice(before[index]!.innerStart, before[index]!.innerEnd)) continue;
      const verdict = await target.validate({ id, content });
      if (!verdict.ok) return { ok: false, reason: verdict.message };
      await target.replacePart({ id, content });
    }
    if (html !== next) return { ok: false, reason: 'The submitted page is not what its region edits produce on the stored page: reload the page and redo the edit.' };
    return { ok: true };
  }
}
