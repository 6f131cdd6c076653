// `npm run audit:prod`: runs `npm audit --omit=dev` and fails on high or critical advisories of
// production dependencies unless security/audit-allowlist.json accepts them with a reason.
// When the audit endpoint cannot be reached (offline machines, registry mirrors without the
// audit API) it says so plainly and exits 0, since that says nothing about the dependencies;
// set SIGHTLINE_AUDIT_REQUIRED=1 (the release workflow does) to make that an error too.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BLOCKING = new Set(['high', 'critical']);

export interface AuditAllowlist {
  accepted: Array<{ advisory: string; package: string; reason: string }>;
}

export interface AuditVerdict {
  /** `unreachable`: the audit did not run, so nothing is known either way. */
  status: 'passed' | 'failed' | 'unreachable';
  /** What to print, one line each. */
  lines: string[];
}

interface Advisory {
  package: string;
  id: string;
  severity: string;
  title: string;
  url: string;
}

/** The advisory id npm reports, as GHSA-xxxx from its URL, else npm's numeric source. */
function advisoryId(via: Record<string, unknown>): string {
  const url = typeof via.url === 'string' ? via.url : '';
  const ghsa = /GHSA(-[23456789cfghjmpqrvwx]{4}){3}/.exec(url);
  return ghsa ? ghsa[0] : String(via.source ?? 'unknown');
}

/** The advisories in an `npm audit --json` report (format 2), one per package and advisory. */
function advisoriesOf(vulnerabilities: Record<string, unknown>): Advisory[] {
  const out = new Map<string, Advisory>();
  for (const [name, entry] of Object.entries(vulnerabilities)) {
    const via = (entry as { via?: unknown }).via;
    if (!Array.isArray(via)) continue;
    for (const v of via) {
      // A string names another vulnerable package: its own entry carries the advisory.
      if (v === null || typeof v !== 'object') continue;
      const a = v as Record<string, unknown>;
      const advisory: Advisory = {
        package: typeof a.name === 'string' ? a.name : name,
        id: advisoryId(a),
        severity: typeof a.severity === 'string' ? a.severity : 'unknown',
        title: typeof a.title === 'string' ? a.title : '',
        url: typeof a.url === 'string' ? a.url : '',
      };
      out.set(`${advisory.package} ${advisory.id}`, advisory);
    }
  }
  return [...out.values()];
}

/**
 * Judges one `npm audit --omit=dev --json` output against the allowlist: failed when a high or
 * critical advisory is not accepted, unreachable when the output is npm's error instead of a
 * report (or not JSON at all).
 */
export function evaluateAudit(output: string, allowlist: AuditAllowlist): AuditVerdict {
  let report: Record<string, unknown>;
  try {
    report = JSON.parse(output) as Record<string, unknown>;
  } catch {
    return {
      status: 'unreachable',
      lines: [
        `npm audit did not produce a report: ${output.trim().slice(0, 200) || '(no output)'}`,
      ],
    };
  }
  const vulnerabilities = report?.vulnerabilities;
  if (vulnerabilities === null || typeof vulnerabilities !== 'object') {
    const error = (report?.error ?? {}) as { code?: unknown; summary?: unknown };
    const why =
      [report?.message, error.summary, error.code, report?.statusCode]
        .filter((x) => typeof x === 'string' || typeof x === 'number')
        .map(String)
        .find((x) => x.trim() !== '') ?? 'no reason given';
    return {
      status: 'unreachable',
      lines: [
        `AUDIT NOT RUN: the npm audit endpoint could not be reached (${why}).`,
        'Nothing is known about advisories; run `npm run audit:prod` where the registry answers.',
      ],
    };
  }
  const advisories = advisoriesOf(vulnerabilities as Record<string, unknown>);
  const lines: string[] = [];
  let blocking = 0;
  for (const a of advisories) {
    const label = `${a.severity.toUpperCase()} ${a.package} ${a.id} ${a.title} ${a.url}`.trim();
    if (!BLOCKING.has(a.severity)) {
      lines.push(`note: ${label}`);
      continue;
    }
    const ok = allowlist.accepted.find(
      (e) => e.advisory === a.id && e.package === a.package && e.reason.trim().length > 0,
    );
    if (ok) {
      lines.push(`accepted: ${label} (${ok.reason})`);
    } else {
      blocking++;
      lines.push(`FAIL: ${label}`);
    }
  }
  for (const e of allowlist.accepted) {
    if (!advisories.some((a) => a.id === e.advisory && a.package === e.package)) {
      lines.push(`stale allowlist entry (no longer reported): ${e.package} ${e.advisory}`);
    }
  }
  lines.push(
    blocking > 0
      ? `${blocking} high/critical advisories in production dependencies without a reason in security/audit-allowlist.json.`
      : `No unexplained high/critical advisories in production dependencies (${advisories.length} advisories in all).`,
  );
  return { status: blocking > 0 ? 'failed' : 'passed', lines };
}

/** Runs the real `npm audit --omit=dev --json` in the repository and judges it. */
export async function auditProduction(): Promise<AuditVerdict> {
  const allowlist = JSON.parse(
    await readFile(path.join(REPO, 'security/audit-allowlist.json'), 'utf8'),
  ) as AuditAllowlist;
  const output = await new Promise<string>((resolve) => {
    // npm exits non-zero both when it finds advisories and when it cannot reach the endpoint:
    // the JSON on stdout tells them apart.
    execFile(
      'npm',
      ['audit', '--omit=dev', '--json'],
      { cwd: REPO, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
      (_error, stdout) => resolve(String(stdout)),
    );
  });
  return evaluateAudit(output, allowlist);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  auditProduction().then((verdict) => {
    for (const line of verdict.lines) console.log(line);
    if (verdict.status === 'failed') process.exitCode = 1;
    if (verdict.status === 'unreachable' && process.env.SIGHTLINE_AUDIT_REQUIRED === '1') {
      process.exitCode = 2;
    }
  });
}
