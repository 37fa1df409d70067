// A node:test reporter that writes pass/fail counts as JSON, so `npm test` can print one closing line
// for both runners. Suites are not counted; a file that fails to load shows up as a failed test.
export default async function* nodeCountReporter(source) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') continue;
    if (event.data.skip || event.data.todo) counts.skipped += 1;
    else if (event.type === 'test:pass') counts.passed += 1;
    else counts.failed += 1;
  }
  yield JSON.stringify(counts);
}
