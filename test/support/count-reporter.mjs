// Counts browser test results so `npm test` can print one closing line for both runners.
// A test file that fails to load or throws outside a test counts as one failure.
import { writeFileSync } from 'node:fs';

function countSuite(suite, counts) {
  for (const test of suite?.tests ?? []) {
    if (test.skipped) counts.skipped += 1;
    else if (test.passed) counts.passed += 1;
    else counts.failed += 1;
  }
  for (const child of suite?.suites ?? []) countSuite(child, counts);
}

export function countReporter({ outFile } = {}) {
  return {
    stop({ sessions }) {
      const counts = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        const before = counts.failed;
        countSuite(session.testResults, counts);
        const fileBroken = (session.errors?.length ?? 0) > 0 || (!session.passed && counts.failed === before);
        if (fileBroken) counts.failed += 1;
      }
      if (outFile) writeFileSync(outFile, JSON.stringify(counts));
    },
  };
}
