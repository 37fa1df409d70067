/** Where a file-tree target keeps its files. The host owns storage; any backend fits this shape. */
export interface FileStore {
  /** Every stored path. */
  list(): Promise<readonly string[]>;
  /** A file's content, or undefined when no file is stored at `path`. */
  read(path: string): Promise<string | undefined>;
  write(path: string, content: string): Promise<void>;
  /** Removes a file; removing an absent file is not an error. */
  delete(path: string): Promise<void>;
}

/** A file store in memory, with a synchronous view for hosts and tests. */
export interface MemoryFileStore extends FileStore {
  /** A copy of the current files. */
  files(): Map<string, string>;
}

export function createMemoryFileStore(initial: Iterable<readonly [string, string]> | Readonly<Record<string, string>> = []): MemoryFileStore {
  const entries = Symbol.iterator in initial ? initial : Object.entries(initial);
  const files = new Map<string, string>(entries as Iterable<readonly [string, string]>);
  return {
    async list() {
      return [...files.keys()];
    },
    async read(path) {
      return files.get(path);
    },
    async write(path, content) {
      files.set(path, content);
    },
    async delete(path) {
      files.delete(path);
    },
    files: () => new Map(files),
  };
}
