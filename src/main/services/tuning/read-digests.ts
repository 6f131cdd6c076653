import type { Connection } from 'mysql2/promise';
import type { ServerInfo } from '../../../shared/server/server-info';
import { digestKey } from '../../../shared/tuning/digest-diff';
import { quoteIdentifier } from '../../../shared/sql/quote-identifier';
import {
  DIGEST_COUNT_COLUMNS,
  digestTexts,
  otherDigestColumns,
  readDigestCounts,
  sameDigestCounts,
  type DigestCounts,
  type DigestTexts,
} from '../../../shared/tuning/digest-row';
import { OwnDigests } from '../../../shared/tuning/own-digests';
import { ownStatementLog } from '../../db/own-statement-log';

const DIGEST_TABLE = 'performance_schema.events_statements_summary_by_digest';

/** Why digests cannot be read, and what would change that. */
export interface DigestsUnavailable {
  reason: string;
  howToEnable: string;
}

export interface DigestSnapshot {
  takenAt: string;
  rows: DigestCounts[];
  /** digestKey of each row (shared copies, see DigestReader). */
  keys: string[];
  lostDigests: number | null;
  sampleSource: string;
  /** How Sightline's own statements are told apart on this server. */
  ownSource: string;
}

async function rowsOf(conn: Connection, sql: string, values: unknown[] = []) {
  const [rows] = await conn.query({ sql, values });
  return rows as Array<Record<string, unknown>>;
}

/** What a read needs to know before it starts, taken in the same round trip as the checks. */
export interface ReadStart {
  /** performance_schema_max_sql_text_length: samples this long were cut. */
  maxText: number;
  /** UTC_TIMESTAMP(6) as ISO 8601. */
  takenAt: string;
  /** The server's time in Unix seconds (what LAST_SEEN is compared with on the next read). */
  unixNow: number;
}

/**
 * Whether this server can give digest statistics now (`unavailable` says why not and what
 * would change that), and if it can, what the read needs: one round trip.
 */
export async function startDigestRead(
  conn: Connection,
  server: ServerInfo,
): Promise<{ unavailable: DigestsUnavailable } | { start: ReadStart }> {
  if (!server.capabilities.statementDigests) {
    return {
      unavailable: {
        reason: `${server.versionText} has no statement digest table (performance_schema.events_statements_summary_by_digest).`,
        howToEnable: 'Upgrade to MySQL 5.6.5+ or MariaDB 10.0+.',
      },
    };
  }
  const [on] = await rowsOf(
    conn,
    `SELECT @@GLOBAL.performance_schema AS ps,
       (SELECT GROUP_CONCAT(NAME ORDER BY NAME SEPARATOR ', ') FROM performance_schema.setup_consumers
        WHERE NAME IN ('statements_digest', 'global_instrumentation') AND ENABLED <> 'YES') AS off,
       @@GLOBAL.performance_schema_max_sql_text_length AS max_text, UTC_TIMESTAMP(6) AS now,
       UNIX_TIMESTAMP(NOW(6)) AS unix_now`,
  );
  if (!on || String(on.ps) === '0' || String(on.ps).toUpperCase() === 'OFF') {
    return {
      unavailable: {
        reason: 'performance_schema is OFF on this server, so it keeps no statement statistics.',
        howToEnable:
          'Add performance_schema=ON under [mysqld] (or [mariadbd]) in the server’s option file and restart the server: it cannot be switched on while the server runs. It costs some memory (about 100-400 MB) and a few percent of throughput.',
      },
    };
  }
  if (on.off !== null && on.off !== undefined && String(on.off) !== '') {
    const names = String(on.off).split(', ');
    return {
      unavailable: {
        reason: `The performance_schema consumer${names.length > 1 ? 's' : ''} ${names.join(', ')} ${names.length > 1 ? 'are' : 'is'} disabled, so statements are not summarised by digest.`,
        howToEnable: `UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME IN (${names.map((n) => `'${n}'`).join(', ')});`,
      },
    };
  }
  return {
    start: {
      maxText: Number(on.max_text ?? 1024),
      takenAt: String(on.now ?? '').replace(' ', 'T') + 'Z',
      unixNow: Number(on.unix_now ?? 0),
    },
  };
}

/** A digest's texts as kept between reads, under the one copy of its key the ring shares. */
interface KeptTexts extends DigestTexts {
  key: string;
  /** Whether DIGEST_TEXT has the shape of a statement Sightline sent, as of a log version. */
  ownShape?: { version: number; own: boolean };
}

/**
 * A second of slack before the previous read's whole second: statements that ended just
 * before it could be missed otherwise (LAST_SEEN has whole seconds on some servers, and
 * clocks step).
 */
const FRESHNESS_MARGIN_S = 1;

/**
 * Reads the digest summary for one tool session, cheaply enough to poll a full table (10,000
 * digests by default): only the columns the screen uses, as arrays, and the long texts
 * (DIGEST_TEXT, QUERY_SAMPLE_TEXT) only of digests that ran since the previous read: the
 * others' texts cannot have changed and are kept here. Example statements come from
 * QUERY_SAMPLE_TEXT where the server has it, else from the statement history tables.
 */
export class DigestReader {
  /** digestKey → texts, for every digest of the last read. */
  readonly #texts = new Map<string, KeptTexts>();
  /** Server time (Unix seconds) from which a digest counts as having run since the last read. */
  #freshSince = 0;
  /** Example statements from the history tables, on servers without QUERY_SAMPLE_TEXT. */
  #historySamples: Map<string, string> | null = null;
  #maxText = 1024;
  /** The table's columns kept in `extra` (learnt on the first read: they vary by server). */
  #extraColumns: string[] | null = null;
  /** The previous read's rows (never changed once read: windows and the ring share them). */
  #last: { rows: readonly DigestCounts[]; keys: readonly string[] } | null = null;
  /** Which digests are Sightline's own, from the example texts seen so far. */
  readonly #own = new OwnDigests();

  /**
   * Whether the digest under `key` is one of Sightline's own statements: by the tag in its
   * example texts (see OwnDigests), else, when no text was seen, by the shape of its
   * DIGEST_TEXT among those of the statements this process sent.
   */
  isOwn(key: string): boolean {
    const verdict = this.#own.verdict(key);
    if (verdict !== undefined) return verdict;
    const kept = this.#texts.get(key);
    if (!kept?.digestText) return false;
    const version = ownStatementLog.version;
    if (kept.ownShape?.version !== version) {
      kept.ownShape = { version, own: ownStatementLog.hasDigestText(kept.digestText) };
    }
    return kept.ownShape.own;
  }

  /** The whole digest table now, without texts (see `texts`), after startDigestRead. */
  async read(conn: Connection, server: ServerInfo, start: ReadStart): Promise<DigestSnapshot> {
    this.#maxText = start.maxText;
    const since = this.#freshSince;
    const hasSample = server.capabilities.digestQuerySample;
    if (this.#extraColumns === null) {
      const [, fields] = await conn.query(`SELECT * FROM ${DIGEST_TABLE} LIMIT 0`);
      this.#extraColumns = otherDigestColumns(fields.map((f) => f.name));
    }
    const extraColumns = this.#extraColumns;
    // Texts only of digests that ran since the previous read: DIGEST_TEXT is never NULL but
    // for the overflow row (no digest, no text), so a NULL here means "kept from before".
    const [raw] = await conn.query({
      sql: `SELECT ${DIGEST_COUNT_COLUMNS.join(', ')},
        IF(UNIX_TIMESTAMP(LAST_SEEN) >= ?, DIGEST_TEXT, NULL) AS digest_text,
        ${hasSample ? 'IF(UNIX_TIMESTAMP(LAST_SEEN) >= ?, QUERY_SAMPLE_TEXT, NULL)' : 'NULL'} AS sample
        ${extraColumns.map((c) => `, ${quoteIdentifier(c)}`).join('')}
        FROM ${DIGEST_TABLE}`,
      values: hasSample ? [since, since] : [since],
      rowsAsArray: true,
    });
    this.#freshSince = Math.floor(start.unixNow) - FRESHNESS_MARGIN_S;
    const textAt = DIGEST_COUNT_COLUMNS.length;
    const extras = { names: extraColumns, at: textAt + 2 };
    const values = raw as unknown[][];
    const rows = new Array<DigestCounts>(values.length);
    const keys = new Array<string>(values.length);
    const last = this.#last;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      const before = last?.rows[i];
      if (before && v[textAt] === null && sameDigestCounts(v, before)) {
        // Unchanged since the previous read (the server keeps its rows in place): reused.
        rows[i] = before;
        keys[i] = last.keys[i]!;
        continue;
      }
      const row = readDigestCounts(v, extras);
      const key = digestKey(row);
      rows[i] = row;
      if (v[textAt] !== null) {
        const texts = digestTexts(v[textAt], v[textAt + 1], this.#maxText);
        this.#texts.set(key, { key, ...texts });
        this.#own.note(key, texts.sample);
        keys[i] = key;
      } else {
        // The kept copy of the key: a ring of snapshots then shares one string per digest.
        keys[i] = this.#texts.get(key)?.key ?? key;
      }
    }
    this.#last = { rows, keys };
    if (this.#texts.size > values.length + 100) this.#forgetAllBut(keys);

    let sampleSource: string;
    let ownSource: string;
    if (hasSample) {
      this.#historySamples = null;
      sampleSource = 'QUERY_SAMPLE_TEXT (the slowest recent execution of each digest)';
      ownSource = 'the tag in each digest’s example statement (QUERY_SAMPLE_TEXT)';
    } else {
      const samples = await historySamples(conn, (key, sql) => this.#own.note(key, sql));
      this.#historySamples = samples;
      ownSource = samples.enabled
        ? 'the tag in the statements of the history tables, else the shape of DIGEST_TEXT'
        : 'the shape of DIGEST_TEXT, matched with the statements this Sightline sent (the server keeps no example statements)';
      sampleSource = samples.enabled
        ? 'events_statements_history_long / events_statements_history (recent executions only)'
        : "No example statements: this server has no QUERY_SAMPLE_TEXT and the statement history consumers are off. Enable them with UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME IN ('events_statements_current', 'events_statements_history', 'events_statements_history_long');";
    }
    const [lost] = await rowsOf(
      conn,
      "SHOW GLOBAL STATUS LIKE 'Performance_schema_digest_lost'",
    ).catch(() => [undefined]);
    const lostDigests = lost ? Number(lost.Value) : null;
    return {
      takenAt: start.takenAt,
      rows,
      keys,
      lostDigests: Number.isFinite(lostDigests) ? lostDigests : null,
      sampleSource,
      ownSource,
    };
  }

  /**
   * The texts of `rows` (those about to be sent), in order. A digest whose texts are not kept
   * (only when the server's clock stepped back past the margin) is read again by its DIGEST.
   */
  async texts(conn: Connection, rows: readonly DigestCounts[]): Promise<DigestTexts[]> {
    const missing = rows.filter((r) => r.digest !== null && !this.#texts.has(digestKey(r)));
    if (missing.length > 0) {
      const found = await rowsOf(conn, `SELECT * FROM ${DIGEST_TABLE} WHERE DIGEST IN (?)`, [
        [...new Set(missing.map((r) => r.digest))],
      ]);
      for (const f of found) {
        const key = digestKey({ schema: text(f.SCHEMA_NAME), digest: text(f.DIGEST) });
        const texts = digestTexts(f.DIGEST_TEXT, f.QUERY_SAMPLE_TEXT, this.#maxText);
        this.#texts.set(key, { key, ...texts });
        this.#own.note(key, texts.sample);
      }
    }
    const history = this.#historySamples;
    return rows.map((r) => {
      const key = digestKey(r);
      const kept = this.#texts.get(key) ?? NO_TEXTS;
      if (history) return digestTexts(kept.digestText, history.get(key) ?? null, this.#maxText);
      return {
        digestText: kept.digestText,
        sample: kept.sample,
        sampleTruncated: kept.sampleTruncated,
      };
    });
  }

  /** Drops the texts of digests no longer in the table (evicted or truncated). */
  #forgetAllBut(keys: readonly string[]): void {
    const live = new Set(keys);
    for (const key of this.#texts.keys()) if (!live.has(key)) this.#texts.delete(key);
    this.#own.keepOnly(live);
  }
}

const NO_TEXTS: DigestTexts = { digestText: null, sample: null, sampleTruncated: false };

function text(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/**
 * The latest text of each digest in the statement history tables, where they are enabled. The
 * history consumers only fill when events_statements_current is enabled as well. Every text
 * read is also handed to `onText` (all of them, not only the latest: see OwnDigests).
 */
async function historySamples(
  conn: Connection,
  onText: (key: string, sql: string) => void,
): Promise<Map<string, string> & { enabled: boolean }> {
  const out = new Map<string, string>() as Map<string, string> & { enabled: boolean };
  const on = new Set(
    (
      await rowsOf(
        conn,
        "SELECT NAME FROM performance_schema.setup_consumers WHERE NAME IN ('events_statements_current', 'events_statements_history', 'events_statements_history_long') AND ENABLED = 'YES'",
      )
    ).map((c) => String(c.NAME)),
  );
  const tables = on.has('events_statements_current')
    ? ['events_statements_history_long', 'events_statements_history'].filter((t) => on.has(t))
    : [];
  out.enabled = tables.length > 0;
  for (const table of tables) {
    const rows = await rowsOf(
      conn,
      `SELECT CURRENT_SCHEMA, DIGEST, SQL_TEXT FROM performance_schema.${table} WHERE DIGEST IS NOT NULL AND SQL_TEXT IS NOT NULL ORDER BY TIMER_START`,
    );
    for (const r of rows) {
      const key = `${String(r.CURRENT_SCHEMA ?? '')}\u0000${String(r.DIGEST)}`;
      onText(key, String(r.SQL_TEXT));
      // The long history is read first and is the more complete: it wins.
      if (!out.has(key) || table === 'events_statements_history_long')
        out.set(key, String(r.SQL_TEXT));
    }
  }
  return out;
}
