import type { PartId, Snapshot } from './edit-target.js';

let snapshotCount = 0;

/** Builds a frozen snapshot whose `parts` has no prototype, so any path string is a safe key. */
export function createSnapshot(entries: Iterable<readonly [PartId, string]>, id?: string): Snapshot {
  const parts: Record<PartId, string> = Object.create(null);
  for (const [partId, content] of entries) parts[partId] = content;
  snapshotCount += 1;
  return Object.freeze({ id: id ?? `snapshot-${snapshotCount}`, parts: Object.freeze(parts) });
}

/** The snapshot's parts as pairs, reading own keys only. */
export function snapshotEntries(snapshot: Snapshot): Array<[PartId, string]> {
  return Object.keys(snapshot.parts).map((partId) => [partId, snapshot.parts[partId] as string]);
}

/** True when both snapshots hold the same parts with byte-identical content. */
export function sameSnapshotContent(a: Snapshot, b: Snapshot): boolean {
  const aKeys = Object.keys(a.parts);
  if (aKeys.length !== Object.keys(b.parts).length) return false;
  return aKeys.every((key) => Object.hasOwn(b.parts, key) && a.parts[key] === b.parts[key]);
}
