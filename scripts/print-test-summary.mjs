// Prints the closing line CI reads, `N passed, N failed, N skipped`, from vitest's JSON report,
// and fails when the run executed no test at all.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  console.error(`no test report at ${file}: ${e.message}`);
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
const failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed === 0 || failed > 0) process.exit(1);
