// The two ways of reading a streamed agent_turn envelope under comparison, each returning how many
// actions it saw, so a run that silently read nothing cannot pass as fast.
import { Allow, parse } from 'partial-json';
import { createEnvelopeParser } from '../../core/loop/envelope/index.js';

/** Ours: one forward pass; each action is known the moment its object closes. */
export function streamWithOurs(deltas: readonly string[]): number {
  const parser = createEnvelopeParser();
  let actions = 0;
  for (const delta of deltas) {
    for (const event of parser.feed(delta)) if (event.type === 'action_complete') actions++;
  }
  for (const event of parser.finish()) if (event.type === 'action_complete') actions++;
  return actions;
}

/** The peer: the growing buffer parsed again after every delta, as partial-JSON readers are used. */
export function reparseWithPartialJson(deltas: readonly string[]): number {
  let buffer = '';
  let latest: { actions?: unknown[] } | undefined;
  for (const delta of deltas) {
    buffer += delta;
    latest = parse(buffer, Allow.ALL) as { actions?: unknown[] };
  }
  return latest?.actions?.length ?? 0;
}

export type Side = 'ours' | 'peer';
export const READERS: Record<Side, (deltas: readonly string[]) => number> = { ours: streamWithOurs, peer: reparseWithPartialJson };
