import type { ReactiveControllerHost } from 'lit';

export type SurfaceRuntime = typeof import('./surface-runtime.js');

let loaded: SurfaceRuntime | undefined;
let pending: Promise<SurfaceRuntime> | undefined;

/** Loads the piece renderers and the surface views (their own chunk in the drop-in); a failed load is retried on the next call. */
export function loadSurfaceRuntime(): Promise<SurfaceRuntime> {
  pending ??= import('./surface-runtime.js').then(
    (runtime) => (loaded = runtime),
    (cause: unknown) => {
      pending = undefined;
      throw new Error('dddk: could not load the surface renderer. When using dddk.min.js, serve its chunks/ folder next to it.', { cause });
    },
  );
  return pending;
}

/**
 * An element's access to the runtime: `get()` gives it when loaded, else starts the load and
 * re-renders the element once it arrives.
 */
export class RuntimeLoader {
  private waiting: Promise<boolean> | undefined;

  constructor(private readonly host: ReactiveControllerHost) {}

  get(): SurfaceRuntime | undefined {
    if (loaded) return loaded;
    this.waiting ??= loadSurfaceRuntime().then(
      () => {
        this.waiting = undefined;
        this.host.requestUpdate();
        return true;
      },
      (error: unknown) => {
        this.waiting = undefined;
        console.error(error);
        return false;
      },
    );
    return undefined;
  }

  /** Resolves once a load this element started has finished (true when it loaded and a re-render is pending). */
  async settled(): Promise<boolean> {
    return this.waiting ?? false;
  }
}
