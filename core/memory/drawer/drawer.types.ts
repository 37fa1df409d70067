/** One verbatim memory in a drawer: what was said or written, where it is filed, and when. */
export interface DrawerEntry {
  /** Unique in the drawer. */
  id: string;
  /** The broad shelf, e.g. `orders`, `conversations`. */
  wing: string;
  /** The room of the wing, e.g. `2026` or one conversation's session; entries of a room are read in time order. */
  room: string;
  /** The words themselves, as they were said or written. */
  text: string;
  /** Other searchable text by name (who said it, a picture's caption); weighed by the index's `fieldWeights`. */
  fields?: Readonly<Record<string, string>>;
  /** When it was said or written (ms since the epoch): the room's order and the recency prior. */
  at: number;
}

export interface DrawerIndexOptions {
  /** Weight of a match in each field; `text` is 1 unless given. Default: 0.5 for every other field. */
  fieldWeights?: Readonly<Record<string, number>>;
  /**
   * What a match lends the entries around it in its room, by distance (1, 2, 3…): a question's
   * answer is often in the turn after the words that name it. Default `[0.5, 0.35, 0.2]`; `[]` turns it off.
   */
  neighbours?: readonly number[];
  /**
   * The recency prior: a score is raised by up to `weight` for an entry said just now, halving every
   * `halfLifeDays`. Default `{ weight: 0.1, halfLifeDays: 30 }`; a weight of 0 turns it off.
   */
  recency?: { weight: number; halfLifeDays: number };
  /** The clock of the recency prior. Default `Date.now`. */
  now?: () => number;
}

export interface DrawerSearchOptions {
  /** Hits to return. Default 10. */
  topK?: number;
  /** Only this wing (and, with `room`, only that room of it). */
  wing?: string;
  room?: string;
}

export interface DrawerHit {
  id: string;
  /** Comparable within one search only. */
  score: number;
  entry: DrawerEntry;
  /** `match`: its own words matched; `neighbour`: it is found for the matches beside it in its room. */
  via: 'match' | 'neighbour';
}

/** The lexical index of a drawer's entries; see `createDrawerIndex`. */
export interface DrawerIndex {
  add(entry: DrawerEntry): void;
  remove(id: string): boolean;
  has(id: string): boolean;
  get(id: string): DrawerEntry | undefined;
  search(query: string, options?: DrawerSearchOptions): DrawerHit[];
  readonly size: number;
}
