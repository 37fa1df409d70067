import type { ActionContext, ActionDefinition, ActionResult } from '../../../core/page/actions/index.js';

/** Test helpers: a stage element for each test's markup and a context that resolves CSS selectors. */

let stage: HTMLElement | undefined;

export function mount(html: string): HTMLElement {
  stage?.remove();
  stage = document.createElement('div');
  stage.id = 'stage';
  stage.innerHTML = html;
  document.body.append(stage);
  return stage;
}

export function unmount(): void {
  stage?.remove();
  stage = undefined;
}

export function $(selector: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`test markup has no ${selector}`);
  return found;
}

export function context(extra: Partial<ActionContext> = {}): ActionContext {
  return {
    signal: new AbortController().signal,
    resolve: (target) => document.querySelector(target),
    reducedMotion: true,
    ...extra,
  };
}

export function run<Data>(action: ActionDefinition<Record<string, unknown>, Data>, args: Record<string, unknown>, extra: Partial<ActionContext> = {}): Promise<ActionResult<Data>> {
  return action.run(args, context(extra));
}

/** Narrows a result for assertions, failing with its message when it is not the expected kind. */
export function expectOk<T>(result: ActionResult<T>): { data?: T; message?: string; navigation?: { from: string; to: string; newDocument?: boolean } } {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.message}`);
  return result;
}

export function expectFailure(result: ActionResult, code: string): string {
  if (result.ok) throw new Error(`expected a ${code} failure, got success: ${result.message}`);
  if (result.code !== code) throw new Error(`expected ${code}, got ${result.code}: ${result.message}`);
  return result.message;
}

export function record(target: EventTarget, types: string[]): string[] {
  const seen: string[] = [];
  for (const type of types) target.addEventListener(type, () => seen.push(type), true);
  return seen;
}

export { eventually } from '../../support/eventually.js';

/**
 * A test page that runs in a background tab paints no frames, so the browser holds back the
 * scroll and resize events of its rendering step; this delivers them as that step would.
 */
export function deliverRenderingEvents(type: 'scroll' | 'resize'): void {
  if (document.visibilityState !== 'hidden') return;
  if (type === 'scroll') document.dispatchEvent(new Event('scroll', { bubbles: true }));
  else window.dispatchEvent(new Event('resize'));
}
