/**
 * The visitor-text audit in Node tests: `npm test` imports it into every node test file
 * (`--import ./test/support/visitor-text/node.ts`). Findings from the controllers and agent runs of
 * the process, and from the pages its Chromium shows (`test/support/chromium.ts`), fail the test
 * during which they were made.
 */
import { after, afterEach } from 'node:test';
import { collectFindings, describeFindings, takeFindings } from './audit.js';

collectFindings();
const check = (where: string) => {
  const found = takeFindings();
  if (found.length > 0) throw new Error(`${where}: the visitor was shown the engine's text:\n${describeFindings(found)}`);
};
afterEach((context) => check(context.name));
after(() => check('after the last test'));
