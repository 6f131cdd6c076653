import { z } from 'zod';
import { BlockerStorySchema } from '../processlist/blocker-story';
import { ProcesslistSnapshotWireSchema } from '../processlist/snapshot-wire';
import { ServerRunSchema } from '../server/server-run';
import { ExplainRunResultSchema } from './explain';

const Id = z.string().min(1).max(64);
const ProcessId = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const KillModeSchema = z.enum(['query', 'connection']);
/** `procedure`: the server's kill procedure (`CALL mysql.rds_kill(id)`) instead of KILL. */
export const KillViaSchema = z.enum(['statement', 'procedure']);

/** Characters of a statement compared before KILL QUERY (see KillTarget). */
export const STATEMENT_CHECK_CHARS = 1024;

/**
 * The statement a session ran when a KILL QUERY was previewed: what the KILL is meant to stop.
 * Its identity is the top-level statement's (a CALL, not the statement running inside it):
 * MySQL's performance_schema event id, or MariaDB's start time from TIME_MS.
 */
export const KillTargetSchema = z.object({
  id: ProcessId,
  /** Its first characters (null: it ran none). */
  info: z.string().max(STATEMENT_CHECK_CHARS).nullable(),
  /**
   * `event:<EVENT_ID>` (MySQL, from performance_schema.events_statements_current) or
   * `start:<ms since the epoch, backend clock>` (MariaDB); null when neither can be read: then
   * only a session that ran nothing and now runs something is told apart.
   */
  key: z.string().max(40).nullable(),
});
export type KillTarget = z.infer<typeof KillTargetSchema>;

/** The KILL QUERY targets of a preview, and when (backend clock, ms) they were read. */
export const KillTargetsSchema = z.object({
  seenAtMs: z.number(),
  targets: z.array(KillTargetSchema).max(10_000),
});
export type KillTargets = z.infer<typeof KillTargetsSchema>;

/** What `processlist.kill` answers: the plan to confirm, or what happened to each session. */
export const KillResultSchema = z.discriminatedUnion('phase', [
  z.object({
    phase: z.literal('preview'),
    /** The exact statements, one per line: show them, and send them back to run them. */
    sql: z.string(),
    ids: z.array(ProcessId),
    /** The connection is marked read-only: ask a second time, and say why. */
    readOnly: z.boolean(),
    /**
     * KILL QUERY: the statement each session runs now. Shown with the question, and sent back
     * with the confirmation: a session that runs another statement by then is not killed.
     */
    running: KillTargetsSchema.nullable(),
  }),
  z.object({
    phase: z.literal('done'),
    sql: z.string(),
    outcomes: z.array(
      z.object({
        id: ProcessId,
        /**
         * `gone`: the session ended before the KILL reached it (ER_NO_SUCH_THREAD, 1094);
         * `idle`: KILL QUERY of a session running no statement: nothing was sent;
         * `already`: another KILL from this app had stopped it (`message` says when), so this
         * request did nothing; `failed`: not killed, `message` says why (the server's error, or
         * that it is the processlist's own connection); `denied`: the server refused it for
         * lack of privilege (ER_KILL_DENIED_ERROR 1095, ER_SPECIFIC_ACCESS_DENIED_ERROR 1227);
         * `changed`: KILL QUERY not sent, the session runs another statement than the one
         * shown when it was confirmed (`message` says which).
         */
        outcome: z.enum(['killed', 'gone', 'idle', 'already', 'failed', 'denied', 'changed']),
        message: z.string().nullable(),
      }),
    ),
    /**
     * Present when KILL was denied for some sessions and the server has a kill procedure for
     * this mode (`mysql.rds_kill` / `mysql.rds_kill_query`) this account may call: preview it
     * with `via: 'procedure'` for `ids`, confirm the exact SQL, then it runs.
     */
    offer: z.object({ procedure: z.string(), ids: z.array(ProcessId).min(1) }).optional(),
  }),
]);
export type KillResult = z.infer<typeof KillResultSchema>;

/** A session's whole statement, for the viewer (1 MB and binary bytes shown safely). */
export const FullStatementSchema = z.object({
  id: ProcessId,
  /** Null when the session is not running a statement (any more). */
  text: z.string().nullable(),
  /** Characters in the statement. */
  length: z.number().int().nonnegative(),
  /** Control or undecodable bytes were escaped as `\xNN`. */
  binary: z.boolean(),
});
export type FullStatement = z.infer<typeof FullStatementSchema>;

const InSession = { sessionId: Id };

/**
 * The live processlist (joined into the contract). Everything runs on the tool's own session,
 * never an editor's; the screen drives polling and never starts a poll before the last ended.
 */
export const processlistContract = {
  /** One poll: sessions, InnoDB transactions, lock waits, and what could not be read and why. */
  'processlist.snapshot': { params: z.object(InSession), result: ProcesslistSnapshotWireSchema },
  /**
   * KILL QUERY / KILL CONNECTION. Without `confirmSql` it only answers the exact SQL
   * (`preview`); with `confirmSql` equal to that SQL it runs it. On a read-only connection
   * `readOnlyConfirmed` must be true as well.
   */
  'processlist.kill': {
    params: z.object({
      ...InSession,
      mode: KillModeSchema,
      ids: z.array(ProcessId).min(1).max(10_000),
      /**
       * The server run of the snapshot the ids were picked from (its `serverRun`): ids restart
       * with the server, so after a restart (or failover) the KILL is refused, nothing is run.
       */
      seenIn: ServerRunSchema,
      confirmSql: z.string().max(1_000_000).optional(),
      readOnlyConfirmed: z.boolean().optional(),
      /**
       * KILL QUERY: the preview's `running`, sent back as confirmed. A session whose statement
       * is no longer that one is left alone (`changed`).
       */
      expected: KillTargetsSchema.optional(),
      /** Default `statement`; `procedure` is refused where the server has no such procedure. */
      via: KillViaSchema.optional(),
    }),
    result: KillResultSchema,
  },
  /**
   * What a blocking session is and did, read once when asked (not every poll): client host and
   * program name, its open transaction (start, rows locked and modified) and its last
   * statements from performance_schema's history, or why they cannot be read and the exact
   * statement that would enable them. `seenIn` as for `processlist.kill`.
   */
  'processlist.blockerStory': {
    params: z.object({ ...InSession, id: ProcessId, seenIn: ServerRunSchema }),
    result: BlockerStorySchema,
  },
  /**
   * The plan of the statement a session is running (EXPLAIN FOR CONNECTION / SHOW EXPLAIN).
   * With `analyze` (MariaDB 10.9+, capability `showAnalyze`): SHOW ANALYZE, the plan with the
   * rows and time measured so far.
   */
  'processlist.explain': {
    params: z.object({ ...InSession, id: ProcessId, analyze: z.boolean().optional() }),
    result: ExplainRunResultSchema.extend({
      /**
       * The statement explained, as the session ran it before and after the plan was read;
       * null when that changed in between, or its text is not text.
       */
      statement: z.string().nullable(),
    }),
  },
  /** A session's full statement text. */
  'processlist.statement': {
    params: z.object({ ...InSession, id: ProcessId }),
    result: FullStatementSchema,
  },
} as const;
