/**
 * The skill runner's ports on a real page: the controller's subtitle, router, agent, model and
 * surfaces, the page's overlays, and the tab's sessionStorage for a tour's step pointer.
 */
import type { DddkController } from '../../controller/controller.types.js';
import { resolveLLM } from '../../llm/router.js';
import { webStorage } from '../../storage/web-storage.js';
import { showSurfaceAndAwait } from '../../surface/awaited-surfaces.js';
import type { PlacementSlot } from '../../surface/placements.js';
import type { KeyValueStorage } from '../../storage/key-value-storage.js';
import { skillRunStrings } from '../run/run.strings.js';
import type { SkillAgentRun, SkillNavigation, SkillPageInfo, SkillPorts } from '../run/skill-ports.types.js';
import type { SkillSurfacePlacement } from '../script-step.types.js';
import { createPageMarks, type PageMarks } from './page-marks.js';

export interface PageSkillPortsOptions {
  /** Where a tour's step pointer lives; default the tab's sessionStorage. */
  sessionStorage?: KeyValueStorage;
  /** Where the skills' code keeps its data; default the page's localStorage. */
  storage?: KeyValueStorage;
}

export interface PageSkillPorts extends SkillPorts {
  readonly marks: PageMarks;
}

export function createPageSkillPorts(controller: DddkController, options: PageSkillPortsOptions = {}): PageSkillPorts {
  const marks = createPageMarks();
  const llm = controller.llm;
  return {
    marks,
    navigate: (path) => navigateTo(controller, path),
    subtitle: {
      show: (text) => controller.subtitle.show({ text }),
      hide: () => controller.subtitle.hide(),
    },
    point: marks.point,
    inject: marks.inject,
    clearOverlays: marks.clear,
    findTarget: marks.findTarget,
    async waitForVisitor({ hint, signal }) {
      const said = controller.subtitle.getState().text;
      const message = hint ?? (said.trim() !== '' ? said : skillRunStrings(controller.locale).visitorWait);
      const onAbort = () => controller.subtitle.cancelPrompt('cancelled');
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        return (await controller.subtitle.pauseHint({ message })) === 'continue' ? 'accept' : 'exit';
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    },
    showSurface: (surface, placement, { signal, purpose }) =>
      showSurfaceAndAwait(controller, surface, placementFor(controller, placement), { signal, ...(purpose === 'setup' ? { purpose: 'preferences' } : {}) }),
    ...(llm
      ? {
          llm: async (prompt: string, { signal }: { signal: AbortSignal }) =>
            (await resolveLLM(llm, 'utility').complete({ messages: [{ role: 'user', content: prompt }], signal })).content,
        }
      : {}),
    startAgent: (task) => agentRunFor(controller, task),
    closePalette: () => controller.palette.close(),
    storage: options.sessionStorage ?? webStorage('session'),
    persistentStorage: options.storage ?? webStorage('local'),
    palette: () => controller.palette.handle,
    // A run cancelled by `destroy()` still says it ended; the destroyed controller has no stream left to tell.
    intent: (event) => void (controller.destroyed || controller.recordIntent(event)),
    selection: () => selectedText(controller),
    page: pageInfo,
    clock: { now: () => Date.now(), setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as number) },
  };
}

/** What a template may read of the page; nothing where there is no page (the core alone, in Node). */
export function pageInfo(): SkillPageInfo {
  if (typeof document === 'undefined' || typeof location === 'undefined') return {};
  return { title: document.title, url: location.href, path: location.pathname };
}

/** Through the host router when there is one (the page stays); else the browser loads the page. */
async function navigateTo(controller: DddkController, path: string): Promise<SkillNavigation> {
  const url = new URL(path, location.href);
  if (controller.navigate && url.origin === location.origin) {
    await controller.navigate(`${url.pathname}${url.search}${url.hash}`);
    return 'route';
  }
  if (url.origin === location.origin && url.pathname === location.pathname && url.search === location.search) {
    if (url.hash !== location.hash) location.hash = url.hash;
    return 'route';
  }
  location.assign(url.href);
  return 'document';
}

/** A form meant for a dialog shows in the palette when the visitor is working in it. */
function placementFor(controller: DddkController, placement: SkillSurfacePlacement): PlacementSlot {
  return placement === 'modal' && controller.palette.getState().open ? 'palette' : placement;
}

function agentRunFor(controller: DddkController, task: string): SkillAgentRun {
  const run = controller.startAgent(task);
  return {
    ended: run.done.then((outcome) => ({
      status: outcome.reason === 'done' ? 'done' : outcome.reason === 'stopped' ? 'stopped' : 'failed',
      ...(outcome.error ? { message: outcome.error.message } : {}),
    })),
    stop: () => run.stop(),
  };
}

/** The selection the palette's chips hold (the page's own is lost once the field has focus), else the page's. */
function selectedText(controller: DddkController): string | undefined {
  const chip = controller.palette.context?.toContext().selection;
  if (chip) return chip;
  const text = globalThis.getSelection?.()?.toString() ?? '';
  return text.trim() === '' ? undefined : text;
}
