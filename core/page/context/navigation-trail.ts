const MAX_ENTRIES = 20;

/**
 * The paths a single-page app moved through, newest last. The History API does not expose its
 * stack, so the host (or the agent's navigate action) records each move.
 */
export class NavigationTrail {
  private readonly entries: string[] = [];

  record(path: string): void {
    const trimmed = path.trim();
    if (!trimmed || this.entries[this.entries.length - 1] === trimmed) return;
    this.entries.push(trimmed);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  recent(count = 10): string[] {
    return this.entries.slice(-count);
  }

  clear(): void {
    this.entries.length = 0;
  }
}

/** The trail the default `history` context provider reads. */
export const navigationTrail = new NavigationTrail();

/** Records a move of the app to `path` (its router calls this after each navigation). */
export function recordNavigation(path: string): void {
  navigationTrail.record(path);
}
