/** Page ids name files and rows: lowercase ASCII letters, digits and hyphens, 1 to 64 of them. */
export const PAGE_ID_PATTERN = /^[a-z0-9-]{1,64}$/;

/** Why an id is not a page id, phrased for whoever sent it, or undefined when it is one. */
export function describePageIdProblem(id: string): string | undefined {
  if (PAGE_ID_PATTERN.test(id)) return undefined;
  const shown = JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id);
  return `Page ids are 1 to 64 characters of a-z, 0-9 and "-"; got ${shown}.`;
}

/** Throws a TypeError naming the problem; backends call it so no id ever becomes a path it should not. */
export function assertPageId(id: string): void {
  const problem = typeof id === 'string' ? describePageIdProblem(id) : 'A page id must be a string.';
  if (problem !== undefined) throw new TypeError(`dddk/server: ${problem}`);
}
