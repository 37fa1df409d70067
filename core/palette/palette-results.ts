import type { PaletteResultInput } from './palette-item.types.js';
import type { PaletteList } from './palette-list.js';
import { normaliseResult } from './palette-result-input.js';
import type { PaletteCore } from './palette-store.js';
import { messageOf } from './palette-values.js';

/**
 * The result shown in place of the list: text as given, a stream read chunk by chunk until it ends
 * or is stopped, or a host's mount whose writer starts once the view has put it in the page.
 */
export interface PaletteResults {
  show(input: PaletteResultInput): void;
  clear(): void;
  /** Stops a streaming result where it is. */
  cancel(): void;
  /** The view put a `mount` result in the page: its `stream` may start writing. */
  mounted(): void;
  /** Ends the result's work (a stream, a pending mount) without touching the state. */
  stop(): void;
}

type MountWriter = (mount: object, signal: AbortSignal) => void | Promise<void>;

export function createPaletteResults(core: PaletteCore, list: PaletteList): PaletteResults {
  let resultController: AbortController | undefined;
  let pendingMount: ((signal: AbortSignal) => Promise<void>) | undefined;

  function stop(): void {
    resultController?.abort();
    resultController = undefined;
    pendingMount = undefined;
  }

  function consumeStream(stream: AsyncIterable<string>, controller: AbortController): void {
    const iterator = stream[Symbol.asyncIterator]();
    let text = '';
    const patch = (fields: { text?: string; streaming?: boolean; error?: string }) => {
      const result = core.state().result;
      if (resultController !== controller || result?.kind !== 'stream') return;
      core.update({ result: { ...result, ...fields } });
    };
    controller.signal.addEventListener('abort', () => {
      // Tell the producer to stop; a generator parked on an await finishes its step first.
      void Promise.resolve(iterator.return?.()).catch(() => undefined);
      const result = core.state().result;
      if (result?.kind === 'stream' && result.streaming) core.update({ result: { ...result, streaming: false } });
    });
    void (async () => {
      try {
        for (;;) {
          const step = await iterator.next();
          if (controller.signal.aborted || step.done) break;
          text += typeof step.value === 'string' ? step.value : String(step.value);
          patch({ text });
        }
        patch({ streaming: false });
      } catch (error) {
        if (!controller.signal.aborted) patch({ streaming: false, error: messageOf(error) });
      }
    })();
  }

  function prepareMount(mount: object, write: MountWriter, controller: AbortController): void {
    pendingMount = async (signal) => {
      const patch = (fields: { streaming: boolean; error?: string }) => {
        const result = core.state().result;
        if (resultController === controller && result?.kind === 'mount') core.update({ result: { ...result, ...fields } });
      };
      try {
        await write(mount, signal);
        patch({ streaming: false });
      } catch (error) {
        if (!signal.aborted) patch({ streaming: false, error: messageOf(error) });
      }
    };
  }

  return {
    show(input) {
      const result = normaliseResult(input);
      stop();
      core.viewGeneration++;
      const controller = new AbortController();
      resultController = controller;
      if (result.kind === 'stream') consumeStream((input as { stream: AsyncIterable<string> }).stream, controller);
      const write = (input as { stream?: unknown }).stream;
      if (result.kind === 'mount' && typeof write === 'function') prepareMount(result.mount, write as MountWriter, controller);
      const state = core.state();
      core.update({ open: true, result, actionsMenu: undefined, busy: false, error: undefined, ...(state.open ? {} : list.listFor('')) });
    },
    clear() {
      if (!core.state().result) return;
      stop();
      core.update({ result: undefined });
    },
    cancel() {
      resultController?.abort();
    },
    mounted() {
      const start = pendingMount;
      pendingMount = undefined;
      if (start && resultController) void start(resultController.signal);
    },
    stop,
  };
}
