/**
 * The visitor-text audit in the browser tests (web-test-runner loads it into each test page before
 * the test framework). A finding is thrown from a task of its own, so that mocha fails the test
 * during which it was made, naming the text.
 */
import { describeFindings, installVisitorTextAudit } from './audit.js';

installVisitorTextAudit((finding) => {
  setTimeout(() => {
    throw new Error(`The visitor was shown the engine's text: ${describeFindings([finding])}`);
  }, 0);
});
