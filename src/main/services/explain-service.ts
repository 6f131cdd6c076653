import { ExplainRunResultSchema } from '../../shared/api/explain';
import { ApiError } from '../../shared/api/errors';
import { explainPlanText } from '../../shared/explain/explain-report';
import { explainStatementFor } from '../../shared/explain/explain-statement';
import type { Handlers } from '../backend/handlers';
import { errorToApi } from '../db/error-to-api';
import { cancelWork } from './cancel-work';
import { ER_QUERY_INTERRUPTED } from '../db/query-interrupted';
import type { ConnectionStore } from '../store/connection-store';
import { refuseOverMaxAllowedPacket } from './max-allowed-packet';
import type { SessionLocks } from './session-locks';
import type { SessionRegistry } from './session-registry';
import { guardUserSql } from './user-sql-guard';
import type { DiagnoseOptions } from '../../shared/explain/diagnose-plan';

/**
 * EXPLAIN from the editor: the statement is explained on the editor's own session (so `USE`,
 * temporary tables and variables apply), in the best format the server has, and parsed here.
 * One statement only (see guardUserSql); ANALYZE runs it, so on a read-only connection only
 * statements known to be read-only. Cancel stops it with KILL QUERY, as a statement's.
 */
export function explainService(
  store: ConnectionStore,
  sessions: SessionRegistry,
  locks: SessionLocks,
  /** The user's diagnostics thresholds, read at each explain. */
  diagnose: () => DiagnoseOptions = () => ({}),
): Handlers<'explain.run' | 'explain.cancel' | 'explain.giveUp'> {
  /** The explain each session runs now: the connection it runs on, and whether it was killed. */
  const inProgress = new Map<string, { threadId: number | null; killed: boolean }>();

  return {
    'explain.cancel': async ({ sessionId }, ctx) => {
      const owner = sessions.owned(sessionId, ctx.peerId);
      return cancelWork(owner.session, inProgress.get(sessionId));
    },
    'explain.giveUp': async ({ sessionId }, ctx) => {
      const owner = sessions.owned(sessionId, ctx.peerId);
      const current = inProgress.get(sessionId);
      if (!current || current.threadId === null) return { givenUp: false };
      return { givenUp: owner.session.giveUp(current.threadId) };
    },
    'explain.run': async ({ sessionId, sql, analyze }, ctx) => {
      const owner = sessions.owned(sessionId, ctx.peerId);
      const { server } = await owner.session.status();
      // What was checked is what is wrapped in EXPLAIN: the one statement, without its `;`.
      const { statement } = await guardUserSql(
        owner.session,
        sql,
        { kind: analyze ? 'analyze' : 'explain' },
        store.get(owner.connectionId),
      );
      let request;
      try {
        request = explainStatementFor(statement.text, server.flavor, server.capabilities, analyze);
      } catch (e) {
        throw new ApiError({
          code: 'INVALID_REQUEST',
          message: e instanceof Error ? e.message : String(e),
        });
      }
      await refuseOverMaxAllowedPacket(
        owner.session,
        request.sql,
        locks.holder(sessionId) !== null,
      );
      let running = true;
      locks.claim(sessionId, 'explain', () => running);
      const current = { threadId: null as number | null, killed: false };
      inProgress.set(sessionId, current);
      try {
        const document = await owner.session
          .run(
            async (conn) => {
              current.threadId = owner.session.threadId;
              let restore: number | null = null;
              if (request.jsonFormatVersion !== null) {
                const [rows] = await conn.query({
                  sql: 'SELECT @@session.explain_json_format_version',
                  rowsAsArray: true,
                });
                const current = Number((rows as unknown[][])[0]?.[0]);
                if (current !== request.jsonFormatVersion) {
                  await conn.query(
                    `SET SESSION explain_json_format_version = ${request.jsonFormatVersion}`,
                  );
                  restore = current;
                }
              }
              try {
                const [rows] = await conn.query({ sql: request.sql, rowsAsArray: true });
                const cell = (rows as unknown[][])[0]?.[0];
                if (typeof cell !== 'string') {
                  throw new ApiError({
                    code: 'SERVER_ERROR',
                    message: 'The server answered EXPLAIN without a plan document.',
                  });
                }
                return cell;
              } finally {
                if (restore !== null)
                  await conn.query(`SET SESSION explain_json_format_version = ${restore}`);
              }
              // Explained (or with ANALYZE run) on a session that lost its schema or transaction,
              // it would be another table's plan: refused once, as in the editor.
            },
            { userStatement: true },
          )
          .catch((e: unknown) => {
            const api = e instanceof ApiError ? e : errorToApi(e);
            if (current.killed && api.serverCode === ER_QUERY_INTERRUPTED) {
              throw new ApiError({
                code: 'CANCELLED',
                message: analyze
                  ? 'Cancelled by user: the statement was stopped on the server (KILL QUERY), and what it had changed was rolled back.'
                  : 'Cancelled by user (KILL QUERY).',
              });
            }
            throw api;
          });
        const parsed = explainPlanText(document, { ...diagnose(), dialect: request.dialect });
        if (!parsed.ok) {
          throw new ApiError({
            code: 'INTERNAL',
            message: `The server's plan could not be read: ${parsed.error.message} at line ${parsed.error.line} column ${parsed.error.column}.`,
          });
        }
        return ExplainRunResultSchema.parse({
          explainSql: request.sql,
          dialect: request.dialect,
          document,
          report: parsed.report,
          // MySQL ends a killed EXPLAIN ANALYZE with the plan measured so far.
          ...(current.killed ? { stoppedEarly: true } : {}),
        });
      } finally {
        running = false;
        if (inProgress.get(sessionId) === current) inProgress.delete(sessionId);
      }
    },
  };
}
