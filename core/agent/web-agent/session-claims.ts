/**
 * Which agent on this page drives which session key. Two controllers on one page (a host's and the
 * automatic default, or two copies of the kit) would otherwise both resume the same interrupted run.
 * Kept on `globalThis` so that copies of the kit share it.
 */
const CLAIMS_KEY = Symbol.for('dddk.webagent.session-claims.v1');

function claims(): Map<string, object> {
  const holder = globalThis as { [CLAIMS_KEY]?: Map<string, object> };
  return (holder[CLAIMS_KEY] ??= new Map());
}

export function claimSession(key: string, token: object): void {
  claims().set(key, token);
}

export function releaseSession(key: string, token: object): void {
  if (claims().get(key) === token) claims().delete(key);
}

export function sessionClaimedElsewhere(key: string, token: object): boolean {
  const holder = claims().get(key);
  return holder !== undefined && holder !== token;
}
