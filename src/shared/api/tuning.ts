import { z } from 'zod';
import { PlanDialectSchema } from '../explain/plan-dialect';
import {
  BackgroundExplainStatusSchema,
  BackgroundExplainSettingsSchema,
} from '../tuning/background-explain';
import { DigestRowSchema } from '../tuning/digest-row';
import { DigestCountersSchema, StatementIdentitySchema } from '../tuning/statement-identity';
import { HealthFindingSchema, TableSizeSchema } from '../tuning/schema-health';
import { CancelOutcomeSchema } from './cancel-outcome';
import { ExplainRunResultSchema } from './explain';

const Id = z.string().min(1).max(64);
const Name = z.string().min(1).max(256);
const Digest = z.string().min(1).max(128);
const Sql = z
  .string()
  .min(1)
  .max(1024 * 1024);

/** The most statements `tuning.statements` sends (by total latency); the rest are counted. */
export const MAX_TOP_STATEMENTS = 1000;

/** How a row's figures were obtained: since the server counted it, or within a window. */
export const StatementOriginSchema = z.enum(['since-start', 'delta', 'new', 'reset']);

export const TopStatementSchema = DigestRowSchema.extend({
  origin: StatementOriginSchema,
  /** One of Sightline's own statements (its tag in every example seen): hidden unless asked. */
  own: z.boolean(),
});
export type TopStatement = z.infer<typeof TopStatementSchema>;

export const TopStatementsSchema = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(false),
    /** Why there is nothing to show. */
    reason: z.string(),
    /** What to change on the server, exactly. */
    howToEnable: z.string(),
  }),
  z.object({
    available: z.literal(true),
    /** This snapshot's id: pass it as a later call's `baselineId` for a time window. */
    snapshotId: Id,
    takenAt: z.string(),
    /** The snapshot the figures are counted from; null: since the server counted them. */
    baseline: z
      .object({
        id: Id,
        takenAt: z.string(),
        /** Seconds from the baseline to this snapshot. */
        seconds: z.number().nonnegative(),
        /** True when `lastSeconds` asked for more than the kept snapshots reach back. */
        short: z.boolean(),
      })
      .nullable(),
    statements: z.array(TopStatementSchema),
    /** Statements beyond MAX_TOP_STATEMENTS (lowest total latency), not sent. */
    omitted: z.number().int().nonnegative(),
    /** Digests of the baseline gone since (table truncated or rows evicted). */
    vanished: z.number().int().nonnegative(),
    resets: z.number().int().nonnegative(),
    probablyTruncated: z.boolean(),
    /** Schemas with statements, for the filter. */
    schemas: z.array(z.string()),
    /**
     * Statements over the span of the figures (the window, else since the server started) that
     * got no digest row of their own because the digest table was full: the growth of
     * Performance_schema_digest_lost (see lostDigestsBetween). Null when the server does not say.
     */
    lostDigests: z.number().int().nonnegative().nullable(),
    /** Performance_schema_digest_lost itself: statements since the server started. */
    lostDigestsSinceStart: z.number().int().nonnegative().nullable(),
    /** Where example statements come from, or why there are none. */
    sampleSource: z.string(),
    /** Sightline's own statements left out (0 when `showOwn` asked for them). */
    ownHidden: z.number().int().nonnegative(),
    /** How Sightline's own statements are recognised on this server. */
    ownSource: z.string(),
  }),
]);
export type TopStatements = z.infer<typeof TopStatementsSchema>;

export const IndexCandidateParamsSchema = z.object({
  schema: Name.nullable(),
  table: Name,
  columns: z.array(Name).min(1).max(16),
});

export const ExperimentResultSchema = z.object({
  before: ExplainRunResultSchema,
  after: ExplainRunResultSchema,
  /** Every statement run, in order, cleanup included. */
  executed: z.array(z.string()),
  method: z.enum(['invisible', 'visible-briefly']),
  indexName: z.string(),
  /** Whether the after-plan reads through the tried index. */
  indexUsed: z.boolean(),
  /**
   * Indexes the server dropped itself when the tried one was built (the one it had made for a
   * foreign key), built again as they were before the tried one was dropped.
   */
  restored: z.array(z.string()),
});
export type ExperimentResult = z.infer<typeof ExperimentResultSchema>;

/** Where redundant indexes came from: MySQL's sys view, or computed by its rules (MariaDB). */
export const RedundantSourceSchema = z.enum([
  'sys.schema_redundant_indexes',
  'information_schema.STATISTICS',
]);
export type RedundantSource = z.infer<typeof RedundantSourceSchema>;

export const SchemaHealthSchema = z.object({
  schema: z.string(),
  findings: z.array(HealthFindingSchema),
  /** Where the redundant-index findings came from. */
  redundantSource: RedundantSourceSchema,
  /** Largest tables first, with growth since the previous visit. */
  sizes: z.array(TableSizeSchema),
  /** When the sizes were last remembered for this connection and schema; null on a first visit. */
  previousVisitAt: z.string().nullable(),
  /** Checks the server could not make, and why (e.g. no sys schema). */
  notes: z.array(z.string()),
});
export type SchemaHealth = z.infer<typeof SchemaHealthSchema>;

/** One explain kept as evidence. */
export const PlanRecordSchema = z.object({
  recordedAt: z.string(),
  connectionId: z.string(),
  connectionName: z.string(),
  /** VERSION() of the server that made the plan. */
  serverVersion: z.string(),
  /** statementShape() of the statement: what finds "the same statement" again. */
  shape: z.string(),
  sql: z.string(),
  explainSql: z.string(),
  dialect: PlanDialectSchema,
  document: z.string(),
  /**
   * planShapeFingerprint() of the plan (operations, tables, join order, access, indexes; no
   * figures). Records kept before it was recorded have none: readers work it out.
   */
  fingerprint: z.string().optional(),
  /**
   * The server's statement DIGEST, where known (an explain from a Tuning row, the background
   * schedule, or MySQL's STATEMENT_DIGEST()): "the same statement" when both sides have one,
   * `shape` otherwise. Older records and MariaDB's editor explains have none.
   */
  digest: z.string().min(1).max(128).optional(),
  /** The default schema the statement was explained in (null: none), where known. */
  schema: z.string().max(256).nullable().optional(),
  /**
   * The digest row's counters (since the server started counting) when the plan was kept:
   * differences between two records give the average latency under a plan.
   */
  counters: DigestCountersSchema.optional(),
  /** Who asked for the plan: the background schedule, or a user (absent on older records). */
  source: z.enum(['user', 'schedule']).optional(),
});
export type PlanRecord = z.infer<typeof PlanRecordSchema>;

/** The average latency of a statement under one plan; avgMs null when the records cannot tell. */
export const PlanLatencySchema = z.object({
  avgMs: z.number().nonnegative().nullable(),
  calls: z.number().nonnegative(),
});

/** A statement's latest plan flip (see statementFlips), both plans with it. */
export const StatementFlipSchema = z.object({
  identity: StatementIdentitySchema,
  /** When the new plan was first kept. */
  at: z.string(),
  before: PlanRecordSchema,
  after: PlanRecordSchema,
  latencyBefore: PlanLatencySchema,
  latencyAfter: PlanLatencySchema,
});
export type StatementFlipView = z.infer<typeof StatementFlipSchema>;

/** The tuning screen's methods, spread into the contract. */
export const tuningContract = {
  /**
   * Statements by cost from performance_schema's digest summary, since the server counted them,
   * in the window since `baselineId` (an earlier call's snapshot), or over the last
   * `lastSeconds` (from the snapshots the session's earlier calls took: a screen that polls
   * keeps them, up to an hour back).
   */
  'tuning.statements': {
    params: z
      .object({
        sessionId: Id,
        schema: Name.nullable(),
        baselineId: Id.nullable(),
        lastSeconds: z.number().int().min(1).max(3600).nullable().default(null),
        /** Include Sightline's own polling, metadata and explain statements. */
        showOwn: z.boolean().default(false),
      })
      .refine((p) => p.baselineId === null || p.lastSeconds === null, {
        message: 'Give a baseline snapshot or a number of seconds, not both',
        path: ['lastSeconds'],
      }),
    result: TopStatementsSchema,
  },
  /** Explains a statement on the tool's session in `schema` (USE first), kept as evidence. */
  'tuning.explain': {
    params: z.object({
      sessionId: Id,
      schema: Name.nullable(),
      sql: Sql,
      /** The row's DIGEST when explained from a top statement: kept with the plan. */
      digest: Digest.optional(),
    }),
    result: ExplainRunResultSchema,
  },
  /**
   * Tries an index on a connection marked scratch (refused otherwise): explain, create it
   * (invisible where possible), explain again, drop it - always.
   */
  'tuning.experiment': {
    params: z.object({
      sessionId: Id,
      schema: Name.nullable(),
      sql: Sql,
      candidate: IndexCandidateParamsSchema,
      /** A read-only connection needs this second confirmation (the experiment writes). */
      readOnlyConfirmed: z.boolean().default(false),
    }),
    result: ExperimentResultSchema,
  },
  /**
   * Stops the index experiment running on the session (KILL QUERY of the statement it runs or
   * waits on: building the index, an explain); it then drops what it built, as always. Refused
   * once it is putting the table back.
   */
  'tuning.cancelExperiment': {
    params: z.object({ sessionId: Id }),
    result: CancelOutcomeSchema,
  },
  /** Tables without primary keys, redundant and unused indexes, sizes and growth, row versions. */
  'tuning.health': {
    params: z.object({ sessionId: Id, schema: Name }),
    result: SchemaHealthSchema,
  },
  /**
   * Earlier plans of a statement, newest first: the same DIGEST (and schema) where both the
   * question and a record have one, the same shape otherwise.
   */
  'plans.history': {
    params: z.object({
      sql: Sql,
      connectionId: Id.nullable(),
      digest: Digest.optional(),
      schema: Name.nullable().optional(),
    }),
    result: z.object({ shape: z.string(), records: z.array(PlanRecordSchema) }),
  },
  /** The session's connection's statements whose plan changed, each with its latest flip. */
  'tuning.flips': {
    params: z.object({ sessionId: Id }),
    result: z.object({ flips: z.array(StatementFlipSchema) }),
  },
  /**
   * Where this Tuning screen's background explains stand. They run while the screen that asks
   * keeps its session open, on the schedule saved with the connection.
   */
  'tuning.schedule': {
    params: z.object({ sessionId: Id }),
    result: BackgroundExplainStatusSchema,
  },
  /**
   * Runs the background explains now (after a run under way), where the schedule may run:
   * refused when it is off or not allowed on this production connection. The status after.
   */
  'tuning.runSchedule': {
    params: z.object({ sessionId: Id }),
    result: BackgroundExplainStatusSchema,
  },
  /** Saves the connection's background-explain settings and (re)starts or stops the schedule. */
  'tuning.saveSchedule': {
    params: z.object({ sessionId: Id, settings: BackgroundExplainSettingsSchema }),
    result: BackgroundExplainStatusSchema,
  },
} as const;
