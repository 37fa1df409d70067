/**
 * The `skip` option for tests that need a service: false when it runs; otherwise a message saying
 * what to install, printed loudly too. With DDDK_REQUIRE_SERVICES=1 (set by CI) a missing service
 * throws instead, so CI can never pass by skipping.
 */
export function skipUnlessAvailable(service: { readonly available: true } | { readonly available: false; readonly reason: string }): string | false {
  if (service.available) return false;
  if (process.env.DDDK_REQUIRE_SERVICES === '1') {
    throw new Error(`${service.reason} (DDDK_REQUIRE_SERVICES=1: these tests must run, not skip)`);
  }
  process.stderr.write(`\n*** SKIPPED: ${service.reason}\n\n`);
  return service.reason;
}
