import { APP_VERSION } from '../backend/version';
import { LINT_RULES } from '../../shared/lint/lint-rules';
import type { FindingSeverity } from '../../shared/severity';
import { reportFindings, type LintReport } from '../../shared/lint/lint-migration';

function algorithmWords(algorithm: string): string {
  return algorithm === 'inplace-rebuild' ? 'INPLACE with a rebuild' : algorithm.toUpperCase();
}

/** The report as text: one header per statement with its plan, its findings below, a summary. */
export function lintText(report: LintReport): string {
  const lines: string[] = [];
  for (const s of report.statements) {
    const plan = s.plan
      ? ` -> ${algorithmWords(s.plan.algorithm)}, LOCK=${s.plan.lock.toUpperCase()}${s.plan.copy ? ' (copies the table)' : s.plan.rebuild ? ' (rebuilds the table)' : ''}${s.plan.certainty === 'unknown' ? ' (unknown: worst case)' : ''}`
      : '';
    if (!s.plan && s.findings.length === 0) continue;
    lines.push(`${s.file}:${s.line}:${s.column}: ${s.head}${plan}`);
    for (const f of s.findings) {
      lines.push(`  ${f.file}:${f.line}:${f.column}: ${f.severity} [${f.rule}] ${f.message}`);
      if (f.fix) lines.push(`      fix: ${f.fix}`);
    }
  }
  const findings = reportFindings(report);
  const count = (severity: FindingSeverity) =>
    findings.filter((f) => f.severity === severity).length;
  lines.push(
    `${report.statements.length} schema statement${report.statements.length === 1 ? '' : 's'} linted for ${report.target}: ${count('danger')} danger, ${count('warning')} warning, ${count('info')} info`,
  );
  return `${lines.join('\n')}\n`;
}

/** The report as one JSON document. */
export function lintJson(report: LintReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

const SARIF_LEVEL: Record<FindingSeverity, 'error' | 'warning' | 'note'> = {
  danger: 'error',
  warning: 'warning',
  info: 'note',
};

/** A file name as a SARIF artifact URI, relative to the run's directory when it can be. */
function artifactUri(file: string): string {
  return file
    .replace(/\\/g, '/')
    .replace(/^\.\//, '')
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
}

/**
 * The report as SARIF 2.1.0 (valid against the OASIS schema), for code scanning to show the
 * findings inline: one result per finding, the fix in the message, input errors as
 * notifications of the run.
 */
export function lintSarif(report: LintReport): string {
  const ruleIndex = new Map<string, number>(LINT_RULES.map((r, n) => [r.id, n]));
  const results = reportFindings(report).map((f) => ({
    ruleId: f.rule,
    ruleIndex: ruleIndex.get(f.rule)!,
    level: SARIF_LEVEL[f.severity],
    message: { text: f.fix ? `${f.message}\nFix: ${f.fix}` : f.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: artifactUri(f.file) },
          region: { startLine: f.line, startColumn: f.column },
        },
      },
    ],
  }));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'sightline-lint',
            version: APP_VERSION,
            rules: LINT_RULES.map((r) => ({
              id: r.id,
              name: r.id.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase()),
              shortDescription: { text: r.title },
              fullDescription: { text: r.help },
              help: { text: r.help },
              defaultConfiguration: { level: SARIF_LEVEL[r.severity] },
            })),
          },
        },
        invocations: [
          {
            executionSuccessful: report.errors.length === 0,
            toolExecutionNotifications: report.errors.map((e) => ({
              level: 'error',
              message: { text: e.message },
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: artifactUri(e.file) },
                    region: { startLine: e.line, startColumn: e.column },
                  },
                },
              ],
            })),
          },
        ],
        // Columns count UTF-16 code units, as JavaScript strings and editors like Monaco do.
        columnKind: 'utf16CodeUnits',
        properties: { target: report.target },
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
