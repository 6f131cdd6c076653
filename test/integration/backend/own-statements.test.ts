import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopStatement, TopStatements } from '../../../src/shared/api/tuning';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement } from './session-helpers';

failOnUnhandledErrors();

const servers = testServers();

/** Sightline's own read of the digest table: what every Tuning refresh sends. */
const isDigestRead = (s: TopStatement) =>
  /events_statements_summary_by_digest/i.test(s.digestText ?? '') &&
  /UNIX_TIMESTAMP/i.test(s.digestText ?? '');

describe.each([
  ['MySQL 9.7', () => servers.mysql],
  ['MariaDB 10.11', () => servers.mariadb],
] as const)("Sightline's own statements on %s", (_name, server) => {
  let b: BackendUnderTest;
  let tool: string;
  let editor: string;
  const marker = `sl_own_${Math.random().toString(36).slice(2, 8)}`;
  const userSql = `SELECT COUNT(*) AS ${marker} FROM information_schema.SCHEMATA`;

  /** Top statements, of all schemas or of the test's own (where no other test runs anything). */
  async function statements(
    showOwn: boolean,
    schema: string | null = null,
  ): Promise<Extract<TopStatements, { available: true }>> {
    const r = await b.call('tuning.statements', {
      sessionId: tool,
      schema,
      baselineId: null,
      showOwn,
    });
    if (!r.ok) throw new Error(r.error.message);
    if (!r.value.available) throw new Error(r.value.reason);
    return r.value;
  }

  beforeAll(async () => {
    b = await startBackend();
    tool = await openSession(b, server(), 'tool', { scratch: true });
    editor = await openSession(b, server(), 'editor');
    await runStatement(b, editor, `CREATE DATABASE ${marker}`);
    await runStatement(b, editor, `USE ${marker}`);
  });
  afterAll(async () => {
    await runStatement(b, editor, `DROP DATABASE IF EXISTS ${marker}`);
    await b?.dispose();
  });

  it('sends its own statements with the tag, and a user statement exactly as typed', async () => {
    const sql = 'SELECT INFO FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()';
    const status = await runStatement(b, editor, sql);
    expect((await resultRows(b, status.queryId))[0]?.[0]).toBe(sql);
    await statements(false);
    // The tool session's reads arrive tagged: the statement history shows their text, where
    // the server keeps one (MariaDB keeps none by default: its consumers are off).
    const consumers = await runStatement(
      b,
      editor,
      `SELECT COUNT(*) FROM performance_schema.setup_consumers
       WHERE NAME IN ('events_statements_current', 'events_statements_history') AND ENABLED = 'YES'`,
    );
    const historyOn = Number((await resultRows(b, consumers.queryId))[0]?.[0]) === 2;
    expect(historyOn).toBe(_name.startsWith('MySQL'));
    if (!historyOn) return;
    const history = await runStatement(
      b,
      editor,
      `SELECT COUNT(*) FROM performance_schema.events_statements_history
       WHERE SQL_TEXT LIKE '/* sightline */ %events_statements_summary_by_digest%'`,
    );
    expect(Number((await resultRows(b, history.queryId))[0]?.[0])).toBeGreaterThan(0);
  });

  it('hides its own reads from top statements by default, shows them on request', async () => {
    for (let i = 0; i < 3; i++) await runStatement(b, editor, userSql);
    await statements(false);
    const hidden = await statements(false);
    expect(hidden.ownSource).toMatch(/QUERY_SAMPLE_TEXT|DIGEST_TEXT/);
    expect(hidden.ownHidden).toBeGreaterThan(0);
    expect(hidden.statements.some(isDigestRead)).toBe(false);
    expect(hidden.statements.every((s) => !s.own)).toBe(true);
    const shown = await statements(true);
    expect(shown.ownHidden).toBe(0);
    const read = shown.statements.find(isDigestRead);
    expect(read?.own).toBe(true);
    expect(read!.calls).toBeGreaterThanOrEqual(3);

    // In the test's own schema: the user's statement, and the editor session's own
    // statements (its warnings reads) hidden, counted, and shown on request.
    const mine = await statements(false, marker);
    const user = mine.statements.find((s) => s.digestText?.includes(marker));
    expect(user?.calls).toBe(3);
    expect(user?.own).toBe(false);
    const mineShown = await statements(true, marker);
    expect(mineShown.statements.find((s) => s.digestText?.includes(marker))?.own).toBe(false);
    expect(mineShown.statements.length).toBe(mine.statements.length + mine.ownHidden);
  });
});
