// What tabs carry, kept free of components so the tab model (and its tests) load without JSX.
import type { PlanDialect } from '../../../shared/explain/plan-dialect';

/** The screens that work on a whole server rather than in an editor. */
export type ToolKind = 'processlist' | 'replication' | 'alter' | 'tuning';

/** A plan to show in the plan screen (what an editor's explain hands over too). */
export interface PlanToShow {
  document: string;
  dialect: PlanDialect;
  title: string;
  explainSql: string;
  /**
   * The statement explained (without EXPLAIN) and the connection it was explained on, when
   * known: the compare view finds the statement's earlier plans by them.
   */
  statement?: string;
  connectionId?: string;
  /**
   * The server's DIGEST of the statement and the schema it ran in, where known (a Tuning
   * row's): its earlier plans are then found by digest, as the plan history keeps them.
   */
  digest?: string;
  schema?: string | null;
  /**
   * `SELECT VERSION()` of the server that made the plan, when known (not for a pasted plan): a
   * compare leaves costs out between servers that count cost in other units.
   */
  server?: string;
  /** An EXPLAIN ANALYZE cancelled part way: its measurements cover only what ran until then. */
  stoppedEarly?: boolean;
}

/** What a plan knows of the statement it is the plan of (see PlanToShow). */
export type PlannedStatement = Pick<
  PlanToShow,
  'statement' | 'connectionId' | 'digest' | 'schema' | 'server'
>;

/**
 * Two plans for the compare view; `after` null lets the user paste or pick the second. The
 * title says why they are compared (absent: the tab names the two plans).
 */
export interface PlansToCompare {
  title?: string;
  before: PlanToShow;
  after: PlanToShow | null;
}

/** The two sides a compare tab shows; either may be waiting for the user to pick one. */
export interface ComparedSides {
  before: PlanToShow | null;
  after: PlanToShow | null;
}
