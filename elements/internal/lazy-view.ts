import { nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { LazyModule } from '../../core/util/lazy-module.js';

/** A part of an element that arrives with a chunk: a controller of its host that renders. */
export interface ViewPart extends ReactiveController {
  render(): unknown;
}

/** A host that can wait for loads (DddkElement): its `updateComplete` then covers them. */
interface LoadAwareHost extends ReactiveControllerHost {
  waitFor?(work: Promise<unknown>): void;
}

export interface LazyViewOptions<Module, Part> {
  /** Creates the part once its module is there; a part that is a controller joins the host's lifecycle. */
  create(module: Module, host: ReactiveControllerHost): Part;
  /** Called once per failed load (the element still works without the part, e.g. its live region). */
  onError?(error: unknown): void;
}

/**
 * The one lazy view: asks for its module when first needed (`get()` or `render()`), creates the part
 * with the host, adds it to the host as a controller when it is one (so Lit calls its lifecycle), and
 * re-renders the host once it is there. In the manner of Lit's Task, but for code rather than data.
 */
export class LazyView<Module, Part = Module> implements ReactiveController {
  private part: Part | undefined;
  private loading: Promise<void> | undefined;
  private failed = false;

  constructor(
    private readonly host: LoadAwareHost,
    private readonly module: LazyModule<Module>,
    private readonly options: LazyViewOptions<Module, Part>,
  ) {
    host.addController(this);
  }

  /** The part if it is there; otherwise starts its load (once at a time) and gives `undefined`. */
  get(): Part | undefined {
    if (this.part) return this.part;
    const loaded = this.module.loaded;
    if (loaded !== undefined) return this.adopt(loaded);
    this.request();
    return undefined;
  }

  /** The part without starting a load. */
  peek(): Part | undefined {
    return this.part;
  }

  /** Whether the last load failed (reset when a load succeeds). */
  get loadFailed(): boolean {
    return this.failed;
  }

  /** Fetches the module ahead of need (e.g. when the page is idle), without creating the part. */
  prefetch(): void {
    this.module.load().catch(() => {
      // The real use reports the failure and tries again.
    });
  }

  /** The part's `render()`, or `pending` (nothing by default) while it loads. */
  render(pending: unknown = nothing): unknown {
    const part = this.get();
    return part && isViewPart(part) ? part.render() : pending;
  }

  hostConnected(): void {
    // Nothing to do: the part (a controller of the host) gets its own calls.
  }

  private request(): void {
    if (this.loading) return;
    const loading = this.module.load().then(
      (module) => {
        this.failed = false;
        if (!this.part) this.adopt(module);
        this.host.requestUpdate();
      },
      (error: unknown) => {
        if (!this.failed) (this.options.onError ?? console.error)(error);
        this.failed = true;
      },
    );
    this.loading = loading.finally(() => {
      this.loading = undefined;
    });
    this.host.waitFor?.(this.loading);
  }

  private adopt(module: Module): Part {
    const part = this.options.create(module, this.host);
    this.part = part;
    if (isController(part)) this.host.addController(part);
    return part;
  }
}

function isController(value: unknown): value is ReactiveController {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof ReactiveController, unknown>>;
  return ['hostConnected', 'hostDisconnected', 'hostUpdate', 'hostUpdated'].some((name) => typeof candidate[name as keyof ReactiveController] === 'function');
}

function isViewPart(value: unknown): value is ViewPart {
  return typeof (value as Partial<ViewPart>).render === 'function';
}
