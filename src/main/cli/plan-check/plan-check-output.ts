import type { StatementOutcome } from './statement-outcome';

const LABEL: Record<StatementOutcome['status'], string> = {
  pass: 'PASS',
  fail: 'FAIL',
  new: 'NEW',
  updated: 'UPDATED',
  skipped: 'SKIP',
  error: 'ERROR',
};

/** The statement on one line, cut at 80 characters: enough to recognise it in a log. */
function summary(statement: string): string {
  const line = statement.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** One block per statement (regressions, then the other changes indented), then a count. */
export function planCheckText(outcomes: StatementOutcome[]): string {
  const lines: string[] = [];
  for (const o of outcomes) {
    lines.push(`${o.file}:${o.line}: ${LABEL[o.status]} ${summary(o.statement)}`);
    if (o.message) lines.push(`    ${o.message}`);
    const failing = new Set(o.regressions);
    for (const c of o.regressions) lines.push(`    [${c.severity}] ${c.text}`);
    for (const c of o.changes) if (!failing.has(c)) lines.push(`    (${c.severity}) ${c.text}`);
  }
  const count = (status: StatementOutcome['status']) =>
    outcomes.filter((o) => o.status === status).length;
  lines.push(
    `${outcomes.length} statement${outcomes.length === 1 ? '' : 's'}: ${count('pass')} passed, ${count('fail')} failed, ${count('new')} new, ${count('updated')} updated, ${count('skipped')} skipped, ${count('error')} ${count('error') === 1 ? 'error' : 'errors'}`,
  );
  return `${lines.join('\n')}\n`;
}

/** One JSON object per statement per line (JSON Lines), every field of the outcome. */
export function planCheckJson(outcomes: StatementOutcome[]): string {
  return outcomes.map((o) => `${JSON.stringify(o)}\n`).join('');
}

/** Characters XML 1.0 cannot hold at all, and the five it must escape. */
function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * JUnit XML as CI servers read it: a test suite per input file, a test case per statement; a
 * regression is a failure, a statement the server refused an error, a skipped one skipped.
 */
export function planCheckJunit(outcomes: StatementOutcome[]): string {
  const files = [...new Set(outcomes.map((o) => o.file))];
  const tally = (list: StatementOutcome[]) => ({
    tests: list.length,
    failures: list.filter((o) => o.status === 'fail').length,
    errors: list.filter((o) => o.status === 'error').length,
    skipped: list.filter((o) => o.status === 'skipped').length,
  });
  const attrs = (t: ReturnType<typeof tally>) =>
    `tests="${t.tests}" failures="${t.failures}" errors="${t.errors}" skipped="${t.skipped}"`;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="sightline plan-check" ${attrs(tally(outcomes))}>`,
  ];
  for (const file of files) {
    const list = outcomes.filter((o) => o.file === file);
    out.push(`  <testsuite name="${xml(file)}" ${attrs(tally(list))}>`);
    for (const o of list) {
      const name = xml(`${o.file}:${o.line} ${summary(o.statement)}`);
      const open = `    <testcase classname="plan-check" name="${name}"`;
      if (o.status === 'fail') {
        const first = o.regressions[0]!.text;
        const body = o.regressions.map((c) => `[${c.severity}] ${c.text}`).join('\n');
        out.push(`${open}>`, `      <failure message="${xml(first)}">${xml(body)}</failure>`);
        out.push('    </testcase>');
      } else if (o.status === 'error' || o.status === 'skipped') {
        const tag = o.status === 'error' ? 'error' : 'skipped';
        out.push(
          `${open}>`,
          `      <${tag} message="${xml(o.message ?? '')}"/>`,
          '    </testcase>',
        );
      } else out.push(`${open}/>`);
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}
