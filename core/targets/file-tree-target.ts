import type { EditRequest, EditTarget, PartRef, Snapshot, ValidationResult } from './edit-target.js';
import type { FileStore } from './file-store.js';
import { assertPartPath, checkPartPath } from './part-path.js';
import { createSnapshot, snapshotEntries } from './snapshot.js';

/** The file tree as it would be after a proposed write, read lazily so a check pays only for what it reads. */
export interface ProspectiveFileTree {
  /** The path being written, and its proposed content. */
  readonly path: string;
  readonly content: string;
  /** Every path after the write. */
  listPaths(): Promise<readonly string[]>;
  /** A file's content after the write, or undefined when absent. */
  readFile(path: string): Promise<string | undefined>;
}

export type FileTreeValidator = (tree: ProspectiveFileTree) => ValidationResult | Promise<ValidationResult>;

export interface FileTreeTargetOptions {
  /** Judges a proposed write; its refusal's message goes to the model. Without it every valid path is accepted. */
  readonly validate?: FileTreeValidator;
  /** Which stored paths a model may edit. Default: every path that passes the path checks. */
  readonly include?: (path: string) => boolean;
  /** Describes a published file to the model. */
  readonly describe?: (path: string) => Omit<PartRef, 'id'>;
}

/**
 * An edit target whose parts are the files of a path→content store. Files cannot corrupt one
 * another's syntax, so validation is open by default and left to the host's hook.
 */
export function createFileTreeTarget(store: FileStore, options: FileTreeTargetOptions = {}): EditTarget {
  const include = options.include ?? (() => true);

  function includedPath(id: unknown, action: string): string {
    const path = assertPartPath(id, action);
    if (!include(path)) throw new Error(`dddk: cannot ${action} ${JSON.stringify(path)}: the target's include option excludes it.`);
    return path;
  }

  async function publishedPaths(): Promise<string[]> {
    const paths = await store.list();
    // A stored path that fails the checks is never offered: a model cannot be handed a hostile name.
    return paths
      .filter((path) => {
        const check = checkPartPath(path);
        // A stored name that is not already in normal form could not be read back by its published id.
        return check.ok && check.path === path && include(path);
      })
      .sort();
  }

  return {
    async listParts() {
      return (await publishedPaths()).map((path) => ({ ...options.describe?.(path), id: path }));
    },

    async readPart({ id }) {
      const path = includedPath(id, 'read file');
      const content = await store.read(path);
      if (content === undefined) throw new Error(`dddk: no file is stored at ${JSON.stringify(path)}.`);
      return content;
    },

    async replacePart({ id, content }: EditRequest) {
      const path = includedPath(id, 'write file');
      if (typeof content !== 'string') throw new TypeError(`dddk: the content written to ${JSON.stringify(path)} must be a string.`);
      await store.write(path, content);
    },

    async snapshot(): Promise<Snapshot> {
      const entries: Array<[string, string]> = [];
      for (const path of await store.list()) {
        const content = await store.read(path);
        if (content !== undefined) entries.push([path, content]);
      }
      return createSnapshot(entries);
    },

    async restore({ snapshot }) {
      if (typeof snapshot?.parts !== 'object' || snapshot.parts === null) {
        throw new TypeError('dddk: restore needs a snapshot taken by this target\'s snapshot().');
      }
      const wanted = snapshotEntries(snapshot);
      // A snapshot may have been persisted and edited since, so its paths are checked like any other.
      for (const [path, content] of wanted) {
        assertPartPath(path, 'restore file');
        if (typeof content !== 'string') throw new TypeError(`dddk: the snapshot's content for ${JSON.stringify(path)} is not a string.`);
      }
      const keep = new Set(wanted.map(([path]) => path));
      for (const path of await store.list()) {
        if (!keep.has(path)) await store.delete(path);
      }
      for (const [path, content] of wanted) {
        if ((await store.read(path)) !== content) await store.write(path, content);
      }
    },

    async validate({ id, content }) {
      const check = checkPartPath(id);
      if (!check.ok) return { ok: false, code: 'invalid-path', message: `The path ${JSON.stringify(String(id).slice(0, 120))} is not allowed: ${check.reason}` };
      if (typeof content !== 'string') return { ok: false, code: 'invalid-content', message: 'The new content must be a string.' };
      if (!options.validate) return { ok: true };
      const path = check.path;
      return options.validate({
        path,
        content,
        async listPaths() {
          const paths = await store.list();
          return paths.includes(path) ? paths : [...paths, path];
        },
        async readFile(other) {
          return other === path ? content : store.read(other);
        },
      });
    },
  };
}
