import type { RegionPage } from '../page/region-page.js';
import { chooseDocumentStore, type DocumentSource } from './document-store-choice.js';
import { regionEditorLLM, type RegionEditorLLMSources } from './region-editor-llm.js';
import { createRegionEditorModel } from './region-editor-model.js';
import type { RegionChangeCause, RegionChanges, RegionEditorModel } from './region-editor.types.js';

/** An editor element's settings, read when a model is built (the document) and before each render (the model sources). */
export interface RegionEditorSettings extends DocumentSource, RegionEditorLLMSources {
  /** Which content is edited; only its identity is read here: another one means another model. */
  readonly target: unknown;
}

export interface PageRegionEditorOptions {
  settings(): RegionEditorSettings;
  /** The page side: the edited content's HTML, and the sanitized write of changed regions. */
  page: RegionPage;
  /** The model's state changed, or the page did: the view re-renders. */
  onChange(): void;
  /** Regions were re-rendered into the page. */
  onRegionChange(ids: readonly string[], cause: RegionChangeCause): void;
  /** A write was refused because the document changed elsewhere (once per refusal). */
  onConflict(message: string): void;
}

/** A region editor's model kept in step with its element's settings and with the page it edits. */
export interface PageRegionEditor {
  /** The model, once built (`open()` builds it). */
  readonly model: RegionEditorModel | undefined;
  /** The element is on the page: the model may be built. */
  connect(): void;
  /** The element left the page: the model is dropped, with its requests. */
  disconnect(): void;
  /** Builds the model once, resolving when its document is loaded and on the page; undefined when disconnected meanwhile. */
  open(): Promise<RegionEditorModel | undefined>;
  /** Before each render: another document source or target means another model; the model sources are read again. */
  sync(): void;
  /** Starts editing `id`: with an instruction and a model a proposal streams in; without a model its HTML source opens. */
  editRegion(id: string, instruction?: string): Promise<void>;
}

export function createPageRegionEditor(options: PageRegionEditorOptions): PageRegionEditor {
  const { page } = options;
  let model: RegionEditorModel | undefined;
  let built: RegionEditorSettings | undefined;
  let opening: Promise<RegionEditorModel | undefined> | undefined;
  let unsubscribe: (() => void) | undefined;
  let editsInPlace = true;
  let renderedRevision = 0;
  let writes: Promise<void> = Promise.resolve();
  let announcedConflict = 0;
  let generation = 0;
  let connected = false;

  async function build(): Promise<RegionEditorModel | undefined> {
    const current = ++generation;
    // Properties set right after the element connected (a store, a URL) are seen once this settles.
    await Promise.resolve();
    if (current !== generation) return undefined;
    if (!connected) {
      opening = undefined;
      return undefined;
    }
    const settings = options.settings();
    const choice = chooseDocumentStore(settings, () => page.readHtml());
    editsInPlace = choice.editsInPlace;
    const next = createRegionEditorModel({ store: choice.store, llm: regionEditorLLM(settings), sanitize: (html) => page.sanitize(html) });
    model = next;
    built = settings;
    renderedRevision = 0;
    unsubscribe = next.subscribe(() => heard(next));
    options.onChange();
    await next.load();
    await writes;
    return next;
  }

  function close(): void {
    generation += 1;
    unsubscribe?.();
    unsubscribe = undefined;
    model?.destroy();
    model = undefined;
    built = undefined;
    opening = undefined;
    options.onChange();
  }

  function heard(source: RegionEditorModel): void {
    const state = source.getState();
    const changes = state.changes;
    if (changes && changes.revision > renderedRevision) {
      renderedRevision = changes.revision;
      writes = writes.then(() => writeChanges(changes)).catch((error: unknown) => console.error(error));
    }
    if (state.notice?.kind === 'conflict' && state.notice.sequence !== announcedConflict) {
      announcedConflict = state.notice.sequence;
      options.onConflict(state.notice.detail ?? '');
    }
    options.onChange();
  }

  async function writeChanges(changes: RegionChanges): Promise<void> {
    // Content edited in place is already on the page when it first loads.
    if (changes.cause === 'load' && editsInPlace) return;
    if (changes.regions.length === 0) return;
    const replaced = await page.writeRegions(changes.regions);
    options.onChange();
    if (replaced.length > 0) options.onRegionChange(replaced, changes.cause);
  }

  const open = (): Promise<RegionEditorModel | undefined> => (opening ??= build());

  return {
    get model() {
      return model;
    },
    connect() {
      if (connected) return;
      connected = true;
      void open();
    },
    disconnect() {
      if (!connected) return;
      connected = false;
      close();
    },
    open,
    sync() {
      const settings = options.settings();
      if (model && built && (settings.store !== built.store || settings.src !== built.src || settings.target !== built.target)) {
        close();
        void open();
      }
      model?.setLLM(regionEditorLLM(settings));
    },
    async editRegion(id, instruction) {
      const current = await open();
      if (!current) return;
      current.select(id);
      if (current.getState().selectedId !== id) return;
      if (!current.getState().aiAvailable) {
        await current.startManualEdit(id);
        return;
      }
      if (instruction !== undefined && instruction.trim() !== '') await current.propose(instruction, id);
    },
  };
}
