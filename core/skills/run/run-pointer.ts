import type { KeyValueStorage } from '../../storage/key-value-storage.js';
import { withMemoryFallback, type FallbackStorage } from '../../storage/memory-fallback.js';
import type { StorageFailure } from '../../storage/storage-failure.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/** Where one script of a run stands: the outermost first, then each script a `skill` step runs. */
export interface PointerFrame {
  readonly skillId: string;
  /** The step to run next (0-based). */
  readonly step: number;
  readonly args: Readonly<Record<string, string>>;
  /** What earlier steps kept (`saveAs`), so later steps can still read it after a reload. */
  readonly saved: Readonly<Record<string, unknown>>;
}

/** The step pointer of a run, written before each step so a reload resumes at that step. */
export interface RunPointer {
  readonly runId: string;
  /** The runner instance that writes it; another one that resumes the run takes it over. */
  readonly owner: string;
  readonly savedAt: number;
  /** How often this same step was picked up again; a step that keeps breaking the page is given up. */
  readonly attempts: number;
  readonly frames: readonly PointerFrame[];
}

export interface PointerStore {
  /** The pointer, or undefined when there is none or it cannot be read (then it is removed). */
  read(): RunPointer | undefined;
  write(pointer: RunPointer): void;
  /** Removes the pointer when it is this run's (a newer run's is left alone). */
  clear(runId: string): void;
}

const VERSION = 1;
const MAX_FRAMES = 16;

/** The pointer over the session storage; a failing storage carries on in memory (told to `onFailure`), a record it cannot read is dropped. */
export function createPointerStore(storage: KeyValueStorage, key: string, onFailure: (failure: StorageFailure) => void): PointerStore {
  const store: FallbackStorage = withMemoryFallback(storage, onFailure, { subject: 'the tour position', consequence: 'a reload starts the tour again' });
  const read = (): RunPointer | undefined => {
    const text = store.get(key);
    if (text === null || text === undefined) return undefined;
    const pointer = decode(text);
    if (!pointer) store.remove(key);
    return pointer;
  };
  return {
    read,
    write(pointer) {
      let text: string;
      try {
        text = JSON.stringify({ v: VERSION, ...pointer });
      } catch {
        // A kept result that JSON cannot hold: the pointer goes without the results, the steps still resume.
        text = JSON.stringify({ v: VERSION, ...pointer, frames: pointer.frames.map((frame) => ({ ...frame, saved: {} })) });
      }
      store.set(key, text);
    },
    clear(runId) {
      if (read()?.runId === runId) store.remove(key);
    },
  };
}

/** The stored text as a pointer, or undefined for anything else: the storage is the page's, its content is not trusted. */
function decode(text: string): RunPointer | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(value) || value['v'] !== VERSION) return undefined;
  const { runId, owner, savedAt, attempts, frames } = value;
  if (typeof runId !== 'string' || typeof owner !== 'string' || !Number.isFinite(savedAt) || !Number.isInteger(attempts)) return undefined;
  if (!Array.isArray(frames) || frames.length === 0 || frames.length > MAX_FRAMES || !frames.every(isFrame)) return undefined;
  return { runId, owner, savedAt: savedAt as number, attempts: attempts as number, frames: frames as PointerFrame[] };
}

function isFrame(frame: unknown): frame is PointerFrame {
  if (!isPlainObject(frame)) return false;
  const { skillId, step, args, saved } = frame;
  return (
    typeof skillId === 'string' &&
    Number.isInteger(step) &&
    (step as number) >= 0 &&
    isPlainObject(args) &&
    Object.values(args).every((arg) => typeof arg === 'string') &&
    isPlainObject(saved)
  );
}
