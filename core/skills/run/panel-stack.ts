import { createStore } from '../../util/create-store.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import type { SurfaceData } from '../../surface/surface-model.js';
import { formatIssue, validateSurface } from '../../surface/validate-surface.js';
import type { PanelSkillContext } from '../skill-context.types.js';
import type { PanelSkill } from '../skill.types.js';
import type { PanelBreadcrumb, PanelEntry, PanelFrame, PanelStack, PanelStackOptions, PanelStackState } from './panel-stack.types.js';

/** A frame's life: its skill, the signal its calls share, the pending input and which call is current. */
interface FrameRecord {
  readonly id: string;
  readonly entry: PanelEntry;
  readonly controller: AbortController;
  readonly left: () => void;
  timer: unknown;
  inputController: AbortController | undefined;
  /** Bumped by every input and submit: a call of an older generation is superseded. */
  generation: number;
}

const EMPTY: PanelStackState = { frames: Object.freeze([]), breadcrumbs: Object.freeze([]) };

/** The stack of entered panels over the kit's model contract; see `PanelStack`. */
export function createPanelStack(options: PanelStackOptions): PanelStack {
  if (typeof options?.clock?.setTimeout !== 'function') throw new TypeError('createPanelStack(options): options.clock must be a clock ({ now, setTimeout, clearTimeout })');
  const { clock } = options;
  const debounceMs = options.debounceMs ?? 200;
  const store = createStore<PanelStackState>(EMPTY, { name: 'panels', ...(options.onListenerError ? { onListenerError: options.onListenerError } : {}) });
  const report = options.onError ?? ((error: unknown, skill: PanelSkill) => console.error(`dddk: the panel skill "${skill.id}" failed`, error));
  const records: FrameRecord[] = [];
  let next = 0;

  const publish = (change?: { id: string; patch: Partial<PanelFrame> }): void => {
    const state = store.getState();
    const previous = new Map(state.frames.map((frame) => [frame.id, frame]));
    const frames = records.map((record): PanelFrame => {
      const known = previous.get(record.id) ?? frameOf(record);
      return change?.id === record.id ? Object.freeze({ ...known, ...change.patch }) : known;
    });
    store.setState({ frames: Object.freeze(frames), breadcrumbs: breadcrumbsOf(frames, state.breadcrumbs) });
  };
  const alive = (record: FrameRecord): boolean => records.includes(record);
  const frame = (record: FrameRecord): PanelFrame | undefined => store.getState().frames.find((candidate) => candidate.id === record.id);

  const render = (record: FrameRecord, surface: unknown): void => {
    const checked = validateSurface(surface);
    if (!checked.ok) {
      report(new TypeError(`the panel "${record.entry.skill.id}" rendered a surface that is not valid; it is not shown:\n${checked.errors.map(formatIssue).join('\n')}`), record.entry.skill);
      return;
    }
    publish({ id: record.id, patch: { surface: checked.surface } });
  };

  /** The context of one call; `current` says whether what it renders still counts. */
  const contextFor = (record: FrameRecord, signal: AbortSignal, current: () => boolean): PanelSkillContext => ({
    ...record.entry.context(signal),
    render: (surface) => {
      if (current()) render(record, surface);
    },
    back: () => leave(record),
    setPlaceholder: (text) => {
      if (alive(record)) publish({ id: record.id, patch: { placeholder: String(text) } });
    },
  });

  /** Calls the panel's code; a surface it returns is rendered while the call is current, what it throws is reported. */
  const invoke = async (record: FrameRecord, current: () => boolean, code: () => unknown): Promise<void> => {
    try {
      const result = await code();
      if (current() && isPlainObject(result) && Object.hasOwn(result, 'root')) render(record, result);
    } catch (error) {
      if (current()) report(error, record.entry.skill);
    }
  };

  const settleInput = (record: FrameRecord): void => {
    if (record.timer !== undefined) clock.clearTimeout(record.timer);
    record.timer = undefined;
    record.inputController?.abort();
    record.inputController = undefined;
  };

  /** Leaves `record` and every frame above it, the top one first, each with its `onLeave`. */
  const leave = (record: FrameRecord): void => {
    const at = records.indexOf(record);
    if (at < 0) return;
    const popped = records.splice(at).reverse();
    publish();
    for (const gone of popped) {
      settleInput(gone);
      gone.controller.abort();
      const onLeave = gone.entry.skill.onLeave;
      if (onLeave) void invoke(gone, () => true, () => onLeave.call(gone.entry.skill));
      gone.left();
    }
  };

  const top = (): FrameRecord | undefined => records[records.length - 1];

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    enter(entry) {
      const { skill } = entry;
      if (skill?.kind !== 'panel') throw new TypeError('panels.enter(entry): entry.skill must be a panel skill ({ kind: "panel", … })');
      let left!: () => void;
      const done = new Promise<void>((resolve) => (left = resolve));
      const record: FrameRecord = { id: `panel-${++next}`, entry, controller: new AbortController(), left, timer: undefined, inputController: undefined, generation: 0 };
      records.push(record);
      publish();
      if (entry.signal?.aborted) leave(record);
      entry.signal?.addEventListener('abort', () => leave(record), { once: true });
      const onEnter = skill.onEnter;
      if (onEnter && alive(record)) void invoke(record, () => alive(record), () => onEnter.call(skill, contextFor(record, record.controller.signal, () => alive(record))));
      return done;
    },
    back() {
      const record = top();
      if (!record) return false;
      leave(record);
      return true;
    },
    backTo(depth) {
      const above = records[Math.max(0, Math.floor(depth)) + 1];
      if (above) leave(above);
    },
    input(text) {
      const record = top();
      if (!record) return;
      const value = String(text);
      settleInput(record);
      const generation = ++record.generation;
      publish({ id: record.id, patch: { text: value } });
      const onInput = record.entry.skill.onInput;
      if (!onInput) return;
      const current = (): boolean => alive(record) && record.generation === generation;
      record.timer = clock.setTimeout(() => {
        record.timer = undefined;
        const controller = new AbortController();
        record.inputController = controller;
        record.controller.signal.addEventListener('abort', () => controller.abort(), { once: true });
        publish({ id: record.id, patch: { busy: true } });
        void invoke(record, current, () => onInput.call(record.entry.skill, value, contextFor(record, controller.signal, current))).finally(() => {
          if (current()) publish({ id: record.id, patch: { busy: false } });
        });
      }, debounceMs);
    },
    async submit(text) {
      const record = top();
      if (!record) return;
      const value = text === undefined ? (frame(record)?.text ?? '') : String(text);
      settleInput(record);
      const generation = ++record.generation;
      const onSubmit = record.entry.skill.onSubmit;
      if (!onSubmit) return;
      const current = (): boolean => alive(record) && record.generation === generation;
      publish({ id: record.id, patch: { busy: true } });
      await invoke(record, current, () => onSubmit.call(record.entry.skill, value, contextFor(record, record.controller.signal, current)));
      if (current()) publish({ id: record.id, patch: { busy: false } });
    },
    async action(name, data = {}) {
      const record = top();
      const onAction = record?.entry.skill.onAction;
      if (!record || !onAction) return;
      const current = (): boolean => alive(record);
      await invoke(record, current, () => onAction.call(record.entry.skill, String(name), data as SurfaceData, contextFor(record, record.controller.signal, current)));
    },
    close() {
      if (records[0]) leave(records[0]);
    },
  };
}

/** The frames' breadcrumbs; `previous` itself while the titles are the same, so typing changes only the frame. */
function breadcrumbsOf(frames: readonly PanelFrame[], previous: readonly PanelBreadcrumb[]): readonly PanelBreadcrumb[] {
  if (previous.length === frames.length && frames.every((frame, depth) => previous[depth]!.title === frame.title)) return previous;
  return Object.freeze(frames.map((frame, depth) => Object.freeze({ title: frame.title, depth })));
}

function frameOf(record: FrameRecord): PanelFrame {
  const { skill } = record.entry;
  return Object.freeze({
    id: record.id,
    skillId: skill.id,
    title: skill.name,
    ...(skill.placeholder !== undefined ? { placeholder: skill.placeholder } : {}),
    inputMode: skill.inputMode,
    text: '',
    busy: false,
  });
}
