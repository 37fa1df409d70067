/** Retries an assertion until it passes or `timeoutMs` runs out, then throws its last error. */
export async function eventually(assertion: () => void, timeoutMs = 3_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }
}
