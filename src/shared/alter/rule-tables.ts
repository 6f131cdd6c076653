import {
  capabilitiesFor,
  capabilitySince,
  type Capabilities,
  type CapabilityKey,
} from '../server/capabilities';
import { compareVersions, formatVersion, v, type ServerVersion } from '../server/version';
import {
  ALTER_RULES,
  INSTANT_COMPANION_RULES,
  REJECTION_RULES,
  SITUATION_RULES,
  ruleFor,
  rowVersionLimit,
  unverifiedOn,
  type AlterAlgorithm,
  type AlterLock,
  type RuleKey,
  type SituationOutcome,
  type TableTrait,
} from './alter-rules';

/** The two rule sets: Percona Server follows MySQL's. */
export type RuleFlavor = 'mysql' | 'mariadb';

/** One situation as a server of one version range runs it. */
export interface RuleTableRow {
  situation: RuleKey;
  /** `unknown`: the rule is only seen on newer servers; the plan says to test it. */
  algorithm: AlterAlgorithm | 'unknown';
  lock: AlterLock | 'unknown';
  why: string;
  cite: string;
}

/** The rules for every version from `from` up to (not including) `until`. */
export interface RuleTable {
  flavor: RuleFlavor;
  from: ServerVersion;
  /** The next table's first version, or null for the newest range. */
  until: ServerVersion | null;
  /** Most instant ADD/DROP COLUMN a table takes before a rebuild, or null where not counted. */
  rowVersionLimit: number | null;
  /** Whether ALGORITHM=INSTANT / ALGORITHM=NOCOPY parse on these versions. */
  instantClause: boolean;
  nocopyClause: boolean;
  rows: RuleTableRow[];
}

/** A table situation rule as it reads for one flavor. */
export interface SituationTableRow {
  trait: TableTrait;
  situations: readonly RuleKey[];
  outcome: SituationOutcome;
  why: string;
  cite: string;
}

/** A clause the flavor refuses outright. */
export interface RejectionTableRow {
  /** The clause pattern, as the rule matches it. */
  clause: string;
  trait: TableTrait | null;
  /** The versions that refuse it: `every version`, or `before 8.0.3` for syntax added then. */
  versions: string;
  reason: string;
  cite: string;
}

export interface FlavorRuleTables {
  flavor: RuleFlavor;
  name: string;
  tables: RuleTable[];
  situations: SituationTableRow[];
  /** Instant operations that stay without a rebuild next to certain others. */
  companions: CompanionTableRow[];
  rejections: RejectionTableRow[];
}

/** An instant operation kept without a rebuild next to other operations. */
export interface CompanionTableRow {
  instant: readonly RuleKey[];
  companions: readonly RuleKey[];
  /** `from 10.11.0`: the versions the rule holds for. */
  versions: string;
  algorithm: AlterAlgorithm;
  lock: AlterLock;
  why: string;
  cite: string;
}

/** The oldest versions the tables describe (MySQL 5.7's and MariaDB 10.3's manuals). */
const FLOOR: Record<RuleFlavor, ServerVersion> = { mysql: v('5.7.0'), mariadb: v('10.3.0') };

/** Capabilities the planner reads besides the rows' `needs`: each one can change a plan. */
const PLANNER_CAPABILITIES: readonly CapabilityKey[] = [
  'alterInstant',
  'alterNocopy',
  'alterInstantRowVersions',
  'alterInstantRowVersions255',
  'alterPartitionClause',
  'alterRepartitionChecksAlgorithm',
  'alterRulesObserved',
];

const RULE_KEYS = Object.keys(ALTER_RULES) as RuleKey[];

/** Every capability some rule or the planner depends on. */
function ruleCapabilities(): CapabilityKey[] {
  const keys = new Set<CapabilityKey>(PLANNER_CAPABILITIES);
  for (const rows of Object.values(ALTER_RULES)) {
    for (const row of rows) for (const need of row.needs ?? []) keys.add(need);
  }
  return [...keys];
}

/** The versions where some rule changes for `flavor`, oldest first, from the floor. */
function boundaries(flavor: RuleFlavor): ServerVersion[] {
  const floor = FLOOR[flavor];
  const found = new Map<string, ServerVersion>([[formatVersion(floor), floor]]);
  for (const key of ruleCapabilities()) {
    const since = capabilitySince(key, flavor);
    if (since !== null && compareVersions(since, floor) > 0) found.set(formatVersion(since), since);
  }
  return [...found.values()].sort(compareVersions);
}

function tableRow(key: RuleKey, flavor: RuleFlavor, capabilities: Capabilities): RuleTableRow {
  const row = ruleFor(key, capabilities);
  if (unverifiedOn(row, flavor, capabilities)) {
    return {
      situation: key,
      algorithm: 'unknown',
      lock: 'unknown',
      why: `seen only on newer servers (${row.algorithm}, LOCK=${row.lock.toUpperCase()}); test it with ALGORITHM=INSTANT first`,
      cite: row.cite,
    };
  }
  return { situation: key, algorithm: row.algorithm, lock: row.lock, why: row.why, cite: row.cite };
}

/**
 * The rules as a DBA reads them: for each flavor, one table per version range between the
 * capability boundaries the rules depend on, each row the situation's algorithm, lock, why and
 * source; then the table situation rules and the clauses refused outright.
 */
export function ruleTables(): FlavorRuleTables[] {
  return (['mysql', 'mariadb'] as const).map((flavor) => {
    const starts = boundaries(flavor);
    const tables = starts.map((from, i): RuleTable => {
      const capabilities = capabilitiesFor(flavor, from);
      return {
        flavor,
        from,
        until: starts[i + 1] ?? null,
        rowVersionLimit: rowVersionLimit(capabilities),
        instantClause: capabilities.alterInstant,
        nocopyClause: capabilities.alterNocopy,
        rows: RULE_KEYS.map((key) => tableRow(key, flavor, capabilities)),
      };
    });
    return {
      flavor,
      name: flavor === 'mariadb' ? 'MariaDB' : 'MySQL and Percona Server',
      tables,
      situations: SITUATION_RULES.filter((r) => (r.flavor ?? flavor) === flavor).map((r) => ({
        trait: r.trait,
        situations: r.keys,
        outcome: r.outcome,
        why: r.why,
        cite: r.cite,
      })),
      companions: INSTANT_COMPANION_RULES.filter((r) => r.flavor === flavor).map((r) => {
        const since = capabilitySince(r.needs, flavor);
        return {
          instant: r.instant,
          companions: r.companions,
          versions: since === null ? 'no version' : `from ${formatVersion(since)}`,
          algorithm: r.algorithm,
          lock: r.lock,
          why: r.why,
          cite: r.cite,
        };
      }),
      rejections: REJECTION_RULES.filter((r) => (r.flavor ?? flavor) === flavor).map((r) => {
        const since =
          r.unlessCapability === undefined ? null : capabilitySince(r.unlessCapability, flavor);
        return {
          clause: r.clause.source,
          trait: r.trait ?? null,
          versions: since === null ? 'every version' : `before ${formatVersion(since)}`,
          reason: r.reason,
          cite: r.cite,
        };
      }),
    };
  });
}

function cell(text: string): string {
  // GitHub tables split on `|` even inside code spans; `\|` keeps it in the cell.
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

function tableLines(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
}

function rangeTitle(name: string, t: RuleTable): string {
  const from = formatVersion(t.from);
  return t.until === null
    ? `${name} ${from} and later`
    : `${name} ${from} up to (not including) ${formatVersion(t.until)}`;
}

function lockWord(lock: AlterLock | 'unknown'): string {
  return lock === 'unknown' ? 'unknown' : lock.toUpperCase();
}

/** The rule tables as the Markdown of docs/alter-rules.md. */
export function ruleTablesMarkdown(all: readonly FlavorRuleTables[] = ruleTables()): string {
  const out: string[] = [
    '# ALTER TABLE rules by server version',
    '',
    'Generated from `src/shared/alter/alter-rules.ts` by `npm run docs:alter-rules`; do not edit',
    'by hand (`test/unit/alter/rule-tables.test.ts` fails when this file is out of date).',
    '',
    'Find your flavor, then the range that holds your version. Each row is how the server runs',
    'that situation on an InnoDB table: `instant` (metadata only), `inplace` (no rebuild),',
    '`inplace-rebuild` (the table is rewritten, writes replayed at the end) or `copy`; the lock',
    'is what other sessions may do meanwhile (`NONE`: read and write, `SHARED`: read only,',
    '`EXCLUSIVE`: nothing). `unknown`: the rule was only seen on newer servers, so Sightline',
    'assumes the worst and tells you to try `ALGORITHM=INSTANT`, then',
    '`ALGORITHM=INPLACE, LOCK=NONE`, which the server refuses rather than run slower. The table',
    'situations and refused clauses after each flavor apply on top, at every version.',
    '',
  ];
  for (const flavor of all) {
    out.push(`## ${flavor.name}`, '');
    for (const t of flavor.tables) {
      out.push(`### ${rangeTitle(flavor.flavor === 'mariadb' ? 'MariaDB' : 'MySQL', t)}`, '');
      const clauses = [
        `ALGORITHM=INSTANT ${t.instantClause ? 'accepted' : 'not accepted'}`,
        ...(flavor.flavor === 'mariadb'
          ? [`ALGORITHM=NOCOPY ${t.nocopyClause ? 'accepted' : 'not accepted'}`]
          : []),
        t.rowVersionLimit === null
          ? 'no instant row-version limit counted'
          : `at most ${t.rowVersionLimit} instant ADD/DROP COLUMN per table before a rebuild (INNODB_TABLES.TOTAL_ROW_VERSIONS)`,
      ];
      out.push(`${clauses.join('; ')}.`, '');
      out.push(
        ...tableLines(
          ['situation', 'algorithm', 'lock', 'why', 'cite'],
          t.rows.map((r) => [r.situation, r.algorithm, lockWord(r.lock), r.why, r.cite]),
        ),
        '',
      );
    }
    out.push(`### ${flavor.name}: table situations (every version)`, '');
    out.push(
      ...tableLines(
        ['the table has', 'situations', 'at best', 'why', 'cite'],
        flavor.situations.map((s) => [
          s.trait,
          s.situations.join(', '),
          s.outcome === 'unknown'
            ? 'unknown'
            : `${s.outcome.algorithm}, ${lockWord(s.outcome.lock)}`,
          s.why,
          s.cite,
        ]),
      ),
      '',
    );
    if (flavor.companions.length > 0) {
      out.push(`### ${flavor.name}: instant operations next to others`, '');
      out.push(
        ...tableLines(
          ['instant operation', 'next to only', 'versions', 'becomes', 'why', 'cite'],
          flavor.companions.map((c) => [
            c.instant.join(', '),
            c.companions.join(', '),
            c.versions,
            `${c.algorithm}, ${lockWord(c.lock)}`,
            c.why,
            c.cite,
          ]),
        ),
        '',
      );
    }
    out.push(`### ${flavor.name}: refused outright`, '');
    out.push(
      ...tableLines(
        ['clause', 'versions', 'on a table with', 'reason', 'cite'],
        flavor.rejections.map((r) => [
          `\`${r.clause}\``,
          r.versions,
          r.trait ?? 'any',
          r.reason,
          r.cite,
        ]),
      ),
      '',
    );
  }
  return out.join('\n');
}
