/**
 * What the reading folds. Nothing is ever cut: a block that is folded is one line saying what it
 * holds, and `read_text` gives it back whole.
 *
 * 1. Boilerplate: outside the page's main content, blocks that are mostly links (menus, footers,
 *    "related" lists, share bars) fold into a line naming a few of their links, and away from the
 *    article so does any long block with nothing to press or fill in but links (a news ticker,
 *    comments). Inside the main content only blocks that are nearly all links do (a tag list).
 * 2. Long preformatted blocks keep their opening lines and fold the rest, unless the block is the
 *    main content itself (a plain-text document), which the budget then folds to size.
 * 3. The length budget: when the reading is still too long, whole blocks outside the main content
 *    fold, largest first; then the reading keeps what fits from the top and folds the rest, a
 *    block at a time, so the outline of what is left stays in view.
 */
import { articleAround, holds, mainContent } from './primary-content.js';
import type { FoldSpec, ReadingLayout } from './reading-layout.js';
import type { Region } from './regions.js';

/** A block outside the main content with at least this share of its text in links is boilerplate. */
const BOILERPLATE_LINK_SHARE = 0.5;
/** Inside the main content, only blocks this full of links fold (a reference list's prose keeps it). */
const INNER_LINK_SHARE = 0.85;
const MIN_LINKS = 3;
const MIN_INNER_LINKS = 6;
/** A menu may hold a field or two (a search box, a language choice) among many links. */
const LINKS_PER_FIELD = 8;
/**
 * Outside the article, a block holding nothing to operate but links (no field, no button) folds
 * when it is this long, prose or not: a news ticker, comments, a menu made of plain labels.
 */
const OUTSIDE_MIN = 300;
/** A fold must spare at least this many characters to be worth the line it writes. */
const MIN_SAVING = 60;
/** A preformatted block longer than this keeps its first `PRE_KEPT` characters and folds the rest. */
const PRE_LIMIT = 4_000;
const PRE_KEPT = 1_600;
/** The folds that close a reading over budget each hold about this share of the budget at most. */
const TAIL_CHUNK_SHARE = 0.5;

export function planFolds(layout: ReadingLayout, regions: readonly Region[], prose: number, budget: number, root: Element): void {
  const main = mainContent(regions, prose);
  foldBoilerplate(layout, regions, main);
  foldLongPreformatted(layout, regions, main);
  if (layout.total() <= budget) return;
  if (main.length > 0) foldOutside(layout, regions, main, budget);
  if (layout.total() > budget) foldTail(layout, regions, budget, root);
}

function regionFold(region: Region, layout: ReadingLayout, forLength = false): FoldSpec {
  const opener = region.kind === 'section' ? layout.lines.content[region.start] : undefined;
  return { start: region.start, end: region.end, depth: region.depth, anchor: region.element, part: '', ...(opener ? { opener } : {}), ...(forLength ? { forLength } : {}) };
}

function isLinkDense(region: Region, share: number, minLinks: number): boolean {
  return region.links >= minLinks && region.fields * LINKS_PER_FIELD <= region.links && region.text > 0 && region.linkText >= share * region.text;
}

/**
 * Whether a block stands apart from the main content: outside the `article` or `main` around it,
 * and not right beside one of its parts (a block beside the article's text may well continue it).
 */
function isApart(region: Region, main: readonly Region[], article: Region | undefined): boolean {
  if (article && holds(article, region)) return false;
  return !main.some((part) => part.parent === region.parent);
}

/** Outside the article, anything long that holds nothing to fill in or press but links. */
function isAside(region: Region, layout: ReadingLayout): boolean {
  return region.controls === region.links && layout.cost(region.start, region.end) >= OUTSIDE_MIN;
}

function foldBoilerplate(layout: ReadingLayout, regions: readonly Region[], main: readonly Region[]): void {
  if (main.length === 0) return;
  const article = articleAround(main);
  const visit = (list: readonly Region[]) => {
    for (const region of list) {
      const inside = main.some((part) => holds(part, region));
      const around = !inside && main.some((part) => holds(region, part));
      let fold: boolean;
      if (inside) fold = !main.includes(region) && isLinkDense(region, INNER_LINK_SHARE, MIN_INNER_LINKS);
      else if (around) fold = false;
      else fold = isLinkDense(region, BOILERPLATE_LINK_SHARE, MIN_LINKS) || (isApart(region, main, article) && isAside(region, layout));
      const spec = fold ? regionFold(region, layout) : undefined;
      if (spec && layout.saving(spec) >= MIN_SAVING) layout.add(spec);
      else visit(region.children);
    }
  };
  visit(regions);
}

function foldLongPreformatted(layout: ReadingLayout, regions: readonly Region[], main: readonly Region[]): void {
  const visit = (list: readonly Region[]) => {
    for (const region of list) {
      if (region.kind !== 'pre') {
        visit(region.children);
        continue;
      }
      if (layout.cost(region.start, region.end) <= PRE_LIMIT || layout.foldAt(region.start)) continue;
      if (main.some((part) => holds(region, part))) continue;
      let kept = region.start;
      while (kept < region.end && layout.cost(region.start, kept + 1) <= PRE_KEPT) kept += 1;
      layout.add({ start: Math.max(kept, region.start + 1), end: region.end, depth: region.depth, anchor: region.element, part: 'rest' });
    }
  };
  visit(regions);
}

/** Over budget: the blocks beside the main content (none of them holds it) fold, largest first. */
function foldOutside(layout: ReadingLayout, regions: readonly Region[], main: readonly Region[], budget: number): void {
  const beside: Region[] = [];
  const visit = (list: readonly Region[]) => {
    for (const region of list) {
      if (main.includes(region)) continue;
      if (main.some((part) => holds(region, part))) visit(region.children);
      else beside.push(region);
    }
  };
  visit(regions);
  beside.sort((a, b) => layout.cost(b.start, b.end) - layout.cost(a.start, a.end));
  for (const region of beside) {
    if (layout.total() <= budget) return;
    const spec = regionFold(region, layout, true);
    if (layout.saving(spec) > 0) layout.add(spec);
  }
}

/** One step of the reading in order: a line, or a block of lines (possibly folded already). */
type Step = { line: number } | { region: Region; steps: Step[] };

function stepsOf(list: readonly Region[], start: number, end: number): Step[] {
  const steps: Step[] = [];
  let next = 0;
  for (let i = start; i < end; ) {
    const region = list[next];
    if (region && region.start === i) {
      steps.push({ region, steps: stepsOf(region.children, region.start, region.end) });
      next += 1;
      i = region.end;
    } else {
      steps.push({ line: i });
      i += 1;
    }
  }
  return steps;
}

const startOf = (step: Step) => ('line' in step ? step.line : step.region.start);
const endOf = (step: Step) => ('line' in step ? step.line + 1 : step.region.end);

/**
 * Keeps the reading from the top while it fits in `room` characters, and folds everything after
 * that point: the rest of the innermost block the point falls in, then the rest of each block
 * around it, each in folds of at most `chunk` characters. Blocks already folded stay as they are.
 */
function tailFolds(layout: ReadingLayout, steps: Step[], room: number, chunk: number, anchor: Element, out: FoldSpec[]): void {
  let i = 0;
  for (; i < steps.length; i++) {
    const cost = layout.shownCost(startOf(steps[i]!), endOf(steps[i]!));
    if (cost > room) break;
    room -= cost;
  }
  if (i === steps.length) return;
  const step = steps[i]!;
  if ('region' in step && !layout.folded(step.region.start, step.region.end)) {
    tailFolds(layout, step.steps, room, chunk, step.region.element, out);
    i += 1;
  }
  // The rest at this level, in runs of whole steps no larger than `chunk`.
  let from = i;
  while (from < steps.length) {
    if (layout.folded(startOf(steps[from]!), endOf(steps[from]!))) {
      from += 1;
      continue;
    }
    let to = from + 1;
    while (
      to < steps.length &&
      !layout.folded(startOf(steps[to]!), endOf(steps[to]!)) &&
      layout.cost(startOf(steps[from]!), endOf(steps[to]!)) <= chunk
    ) {
      to += 1;
    }
    const start = startOf(steps[from]!);
    const spec: FoldSpec = { start, end: endOf(steps[to - 1]!), depth: layout.lines.depth[start]!, anchor, part: `rest:${from}`, forLength: true };
    // A run shorter than the line that would stand for it stays as it is.
    if (layout.saving(spec) > 0) out.push(spec);
    from = to;
  }
}

function foldTail(layout: ReadingLayout, regions: readonly Region[], budget: number, root: Element): void {
  const steps = stepsOf(regions, 0, layout.lineCount);
  const chunk = Math.max(2_000, budget * TAIL_CHUNK_SHARE);
  const before = layout.snapshot();
  // The fold lines take room too: each attempt keeps less, until the whole fits; the last one
  // folds the rest in as few lines as the blocks allow.
  let reserve = 0;
  for (let attempt = 0; attempt < 6; attempt++) {
    const specs: FoldSpec[] = [];
    tailFolds(layout, steps, Math.max(0, budget - layout.header - reserve), attempt < 5 ? chunk : Infinity, root, specs);
    for (const spec of specs) layout.add(spec);
    const over = layout.total() - budget;
    if (over <= 0 || attempt === 5) return;
    layout.restore(before);
    reserve += over + 40;
  }
}
