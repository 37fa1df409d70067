import type { EditTarget, Snapshot } from './edit-target.js';
import { sameSnapshotContent } from './snapshot.js';

export interface EditHistoryEntry {
  /** What the change did, as given to `record` or `commit`. */
  readonly label: string;
  readonly snapshotId: string;
}

export interface EditHistory {
  /** Saves the state before a change about to be made. Clears redo. */
  record(label?: string): Promise<void>;
  /**
   * Marks a change just made, measured against the state after the last history operation (or
   * at creation). Returns false when nothing changed, leaving the history as it was.
   */
  commit(label?: string): Promise<boolean>;
  /** Puts the target back to before the last change. Returns false when there is nothing to undo. */
  undo(): Promise<boolean>;
  /** Re-applies the last undone change. Returns false when there is nothing to redo. */
  redo(): Promise<boolean>;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Undoable changes, oldest first. */
  readonly entries: readonly EditHistoryEntry[];
  /** Redoable changes, the next one to redo last. */
  readonly redoEntries: readonly EditHistoryEntry[];
  /**
   * Settles once the starting state that the first `commit` compares against has been captured.
   * Await it before the first change when changes are marked with `commit`.
   */
  readonly ready: Promise<void>;
  /** Forgets every entry; the target itself is untouched. */
  clear(): Promise<void>;
}

export interface EditHistoryOptions {
  /** How many changes can be undone; the oldest are dropped beyond it. Default 50. */
  readonly limit?: number;
}

interface Step {
  readonly label: string;
  readonly snapshot: Snapshot;
}

const DEFAULT_LIMIT = 50;

/**
 * Bounded undo and redo over any edit target, by whole snapshots: an undo restores the exact bytes
 * that were there, whatever the target is.
 */
export function createEditHistory(target: EditTarget, options: EditHistoryOptions = {}): EditHistory {
  const limit = options.limit ?? DEFAULT_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(`dddk: EditHistoryOptions.limit must be a positive integer, got ${String(limit)}.`);
  }
  const undoSteps: Step[] = [];
  const redoSteps: Step[] = [];
  // The state after the last history operation, which `commit` measures a change against.
  let baseline: Promise<Snapshot | undefined> = target.snapshot().catch(() => undefined);
  // Set between `record` and the `commit` that may follow it: the change already has its entry.
  let pendingRecord = false;
  // Operations run one at a time so two quick undos cannot interleave their reads and writes.
  let queue: Promise<unknown> = Promise.resolve();

  function serialized<T>(operation: () => Promise<T>): Promise<T> {
    const run = queue.then(operation);
    queue = run.catch(() => undefined);
    return run;
  }

  function pushUndo(step: Step): void {
    undoSteps.push(step);
    if (undoSteps.length > limit) undoSteps.splice(0, undoSteps.length - limit);
  }

  const toEntry = (step: Step): EditHistoryEntry => ({ label: step.label, snapshotId: step.snapshot.id });

  async function move(from: Step[], pushTo: (step: Step) => void): Promise<boolean> {
    const step = from.at(-1);
    if (!step) return false;
    const current = await target.snapshot();
    await target.restore({ snapshot: step.snapshot });
    from.pop();
    pushTo({ label: step.label, snapshot: current });
    baseline = Promise.resolve(step.snapshot);
    pendingRecord = false;
    return true;
  }

  return {
    record: (label = 'edit') =>
      serialized(async () => {
        const before = await target.snapshot();
        pushUndo({ label, snapshot: before });
        redoSteps.length = 0;
        pendingRecord = true;
      }),

    commit: (label = 'edit') =>
      serialized(async () => {
        const after = await target.snapshot();
        const previous = await baseline;
        baseline = Promise.resolve(after);
        if (pendingRecord) {
          // The change was announced by `record`: its entry exists, only its label may be new.
          pendingRecord = false;
          const recorded = undoSteps.pop();
          if (!recorded || sameSnapshotContent(recorded.snapshot, after)) return false;
          undoSteps.push({ label, snapshot: recorded.snapshot });
          return true;
        }
        if (previous === undefined || sameSnapshotContent(previous, after)) return false;
        pushUndo({ label, snapshot: previous });
        redoSteps.length = 0;
        return true;
      }),

    undo: () => serialized(() => move(undoSteps, (step) => redoSteps.push(step))),
    redo: () => serialized(() => move(redoSteps, pushUndo)),

    ready: baseline.then(() => undefined),

    get canUndo() {
      return undoSteps.length > 0;
    },
    get canRedo() {
      return redoSteps.length > 0;
    },
    get entries() {
      return undoSteps.map(toEntry);
    },
    get redoEntries() {
      return redoSteps.map(toEntry);
    },

    clear: () =>
      serialized(async () => {
        undoSteps.length = 0;
        redoSteps.length = 0;
        pendingRecord = false;
        baseline = target.snapshot().catch(() => undefined);
      }),
  };
}
