/**
 * The agent's default page: the live document, read with `readDOM` and resolved through the ids of
 * the latest reading; its folded blocks open through `readText`. The kit's own elements (`dddk-*`)
 * are left out of the reading, so the agent never operates its own subtitle bar or palette.
 * Touches the DOM only when called.
 */
import { fail } from './actions/results.js';
import { assessPageAction, secretArguments } from './effects/assess-action.js';
import { runGuarded } from './effects/guarded-run.js';
import { lingerOverlays } from './overlays/overlay-linger.js';
import { clearOverlays } from './overlays/overlays.js';
import { lookUpFold, type FoldMap } from './read-dom/folds.js';
import type { IndexMap } from './read-dom/index-map.js';
import { resolveTarget } from './read-dom/index-map.js';
import { readDOM } from './read-dom/read-dom.js';
import { waitForDomSettle } from './dom-settle.js';
import type { AgentPage, PageReadOptions } from '../agent/web-agent/web-agent.types.js';

const isKitElement = (element: Element) => element.localName.startsWith('dddk-');

export function browserPage(defaults: PageReadOptions): AgentPage {
  let indexMap: IndexMap | undefined;
  let folds: FoldMap | undefined;
  let lastOptions = defaults;
  let leaving = false;
  let watching = false;
  // `beforeunload` comes when a navigation to another document starts; `pageshow` when a page comes
  // back from the back/forward cache, or the navigation was called off and the page is still here.
  const watchUnload = () => {
    if (watching) return;
    watching = true;
    addEventListener('beforeunload', () => (leaving = true));
    addEventListener('pagehide', () => (leaving = true));
    addEventListener('pageshow', () => (leaving = false));
  };

  const read = (options: PageReadOptions) => {
    watchUnload();
    lastOptions = options;
    const hostFilter = options.domFilter;
    const result = readDOM({
      maxLength: options.maxLength,
      domFilter: (element) => !isKitElement(element) && (hostFilter ? hostFilter(element) !== false : true),
    });
    indexMap = result.indexMap;
    folds = result.folds;
    return { text: result.text, url: currentRoute(), truncated: result.truncated };
  };

  const lookUp = (target: string) => {
    // A run resumed after a reload acts before its first reading: read the new page first.
    if (!indexMap) read(lastOptions);
    return resolveTarget(indexMap!, target);
  };
  const elementFor = (target: string): Element | undefined => {
    const found = lookUp(target);
    return found.ok ? found.element : undefined;
  };

  return {
    read,
    resolve(target) {
      const found = lookUp(target);
      return found.ok ? found.element : fail('not_found', `${capitalize(found.message)}.`);
    },
    effects(tool, args, patterns) {
      return assessPageAction(tool, args, elementFor, patterns);
    },
    secretArgs(tool, args) {
      return secretArguments(tool, args, elementFor);
    },
    guard(run, options) {
      return runGuarded(run, { ...options, window });
    },
    location: currentRoute,
    settle: (options) => waitForDomSettle(options),
    clear: clearOverlays,
    release: ({ lingerMs }) => lingerOverlays(lingerMs),
    readText(id) {
      const found = lookUpFold(folds, id);
      if (!found.ok) return fail('not_found', `${capitalize(found.message)}.`);
      // What the block shows can be acted on next, like anything in the reading itself.
      for (const [elementId, element] of found.fold.elements) indexMap?.set(elementId, element);
      return found.fold.text;
    },
    isLeaving: () => leaving,
    load(url) {
      location.assign(url);
    },
  };
}

function currentRoute(): string {
  return location.pathname + location.search + location.hash;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
