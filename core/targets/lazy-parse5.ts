export type Parse5 = typeof import('parse5');

let pending: Promise<Parse5> | undefined;

/**
 * Loads parse5 on first use. The drop-in bundle keeps it in its own chunk, fetched only when an
 * HTML region is parsed. A failed load is not cached, so a later call tries again.
 */
export function loadParse5(): Promise<Parse5> {
  pending ??= import('parse5').catch((cause: unknown) => {
    pending = undefined;
    throw new Error(
      'dddk: could not load parse5 (the HTML parser for region edits). When using dddk.min.js, serve its chunks/ folder next to it.',
      { cause },
    );
  });
  return pending;
}
