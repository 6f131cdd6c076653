import { describe, expect, it } from 'vitest';
import { auditProduction, evaluateAudit } from '../../../scripts/audit-production';

// The shape of `npm audit --omit=dev --json` (auditReportVersion 2) for an old marked and a
// package that is only vulnerable through it.
const REPORT = {
  auditReportVersion: 2,
  vulnerabilities: {
    marked: {
      name: 'marked',
      severity: 'high',
      isDirect: true,
      via: [
        {
          source: 1095051,
          name: 'marked',
          dependency: 'marked',
          title: 'Inefficient Regular Expression Complexity in marked',
          url: 'https://github.com/advisories/GHSA-5v2h-r2cx-5xgj',
          severity: 'high',
          range: '<4.0.10',
        },
        {
          source: 1095052,
          name: 'marked',
          dependency: 'marked',
          title: 'Some moderate issue',
          url: 'https://github.com/advisories/GHSA-rrrm-qjm4-v8hf',
          severity: 'moderate',
          range: '<4.0.10',
        },
      ],
      effects: ['some-viewer'],
      range: '<=4.0.9',
      nodes: ['node_modules/marked'],
      fixAvailable: true,
    },
    'some-viewer': {
      name: 'some-viewer',
      severity: 'high',
      isDirect: true,
      via: ['marked'],
      effects: [],
      range: '*',
      nodes: ['node_modules/some-viewer'],
      fixAvailable: false,
    },
  },
  metadata: {
    vulnerabilities: { info: 0, low: 0, moderate: 1, high: 2, critical: 0, total: 3 },
  },
};

describe('evaluateAudit', () => {
  it('passes a clean report', () => {
    const clean = { auditReportVersion: 2, vulnerabilities: {}, metadata: {} };
    expect(evaluateAudit(JSON.stringify(clean), { accepted: [] })).toEqual({
      status: 'passed',
      lines: [
        'No unexplained high/critical advisories in production dependencies (0 advisories in all).',
      ],
    });
  });

  it('fails on a high advisory without a reason, once per advisory, and notes lower ones', () => {
    expect(evaluateAudit(JSON.stringify(REPORT), { accepted: [] })).toEqual({
      status: 'failed',
      lines: [
        'FAIL: HIGH marked GHSA-5v2h-r2cx-5xgj Inefficient Regular Expression Complexity in marked https://github.com/advisories/GHSA-5v2h-r2cx-5xgj',
        'note: MODERATE marked GHSA-rrrm-qjm4-v8hf Some moderate issue https://github.com/advisories/GHSA-rrrm-qjm4-v8hf',
        '1 high/critical advisories in production dependencies without a reason in security/audit-allowlist.json.',
      ],
    });
  });

  it('accepts an allow-listed advisory only with a reason, and reports stale entries', () => {
    const reason = 'Only used by the grid for markdown cells, which Sightline never renders.';
    const verdict = evaluateAudit(JSON.stringify(REPORT), {
      accepted: [
        { advisory: 'GHSA-5v2h-r2cx-5xgj', package: 'marked', reason },
        { advisory: 'GHSA-xxxx-xxxx-xxxx', package: 'left-pad', reason: 'gone' },
      ],
    });
    expect(verdict.status).toBe('passed');
    expect(verdict.lines).toContain(
      `accepted: HIGH marked GHSA-5v2h-r2cx-5xgj Inefficient Regular Expression Complexity in marked https://github.com/advisories/GHSA-5v2h-r2cx-5xgj (${reason})`,
    );
    expect(verdict.lines).toContain(
      'stale allowlist entry (no longer reported): left-pad GHSA-xxxx-xxxx-xxxx',
    );
    const noReason = evaluateAudit(JSON.stringify(REPORT), {
      accepted: [{ advisory: 'GHSA-5v2h-r2cx-5xgj', package: 'marked', reason: ' ' }],
    });
    expect(noReason.status).toBe('failed');
  });

  it('says plainly that the audit did not run when the endpoint is unreachable', () => {
    // What npm printed on this machine: the registry mirror refuses the bulk advisory POST.
    const refused = {
      message:
        '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      method: 'POST',
      statusCode: 405,
      body: '',
      error: { summary: '', detail: '' },
    };
    expect(evaluateAudit(JSON.stringify(refused), { accepted: [] })).toEqual({
      status: 'unreachable',
      lines: [
        'AUDIT NOT RUN: the npm audit endpoint could not be reached (405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk).',
        'Nothing is known about advisories; run `npm run audit:prod` where the registry answers.',
      ],
    });
    const offline = {
      error: {
        code: 'ENOTFOUND',
        summary: 'request to https://registry.npmjs.org failed',
        detail: '',
      },
    };
    expect(evaluateAudit(JSON.stringify(offline), { accepted: [] }).lines[0]).toBe(
      'AUDIT NOT RUN: the npm audit endpoint could not be reached (request to https://registry.npmjs.org failed).',
    );
    expect(evaluateAudit('', { accepted: [] })).toEqual({
      status: 'unreachable',
      lines: ['npm audit did not produce a report: (no output)'],
    });
  });
});

describe('npm audit --omit=dev of this repository', () => {
  it('has no high or critical advisory without a written reason (or could not run, and says so)', async () => {
    const verdict = await auditProduction();
    if (verdict.status === 'unreachable') {
      // Not a pass: shown in the test output so nobody mistakes it for one.
      console.warn(`[audit] ${verdict.lines.join(' ')}`);
    }
    expect(verdict.status === 'failed' ? verdict.lines : []).toEqual([]);
    expect(['passed', 'unreachable']).toContain(verdict.status);
  }, 150_000);
});
