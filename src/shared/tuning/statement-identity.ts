import { z } from 'zod';
import { statementShape } from './statement-shape';

/** A digest row's counters at one moment, since the server started counting the digest. */
export const DigestCountersSchema = z.object({
  /** COUNT_STAR. */
  calls: z.number().nonnegative(),
  /** SUM_TIMER_WAIT, in milliseconds. */
  totalLatencyMs: z.number().nonnegative(),
});
export type DigestCounters = z.infer<typeof DigestCountersSchema>;

/**
 * What finds "the same statement" again: its shape (statementShape), and where known the
 * server's DIGEST and the default schema it ran in.
 */
export const StatementIdentitySchema = z.object({
  shape: z.string(),
  digest: z.string().min(1).max(128).optional(),
  /** null: no default schema; absent: not known. */
  schema: z.string().max(256).nullable().optional(),
});
export type StatementIdentity = z.infer<typeof StatementIdentitySchema>;

/**
 * Whether two identities name the same statement: by DIGEST when both have one (and the same
 * default schema when both know it: one digest over unqualified names in two schemas reads
 * other tables), by shape otherwise.
 */
export function sameStatement(a: StatementIdentity, b: StatementIdentity): boolean {
  if (a.digest !== undefined && b.digest !== undefined) {
    if (a.digest !== b.digest) return false;
    return a.schema === undefined || b.schema === undefined || a.schema === b.schema;
  }
  return a.shape === b.shape;
}

/** The records of one statement, and the identity they were grouped under. */
export interface StatementHistory<R extends StatementIdentity> {
  identity: StatementIdentity;
  records: R[];
}

/**
 * Groups records into statements: those with a DIGEST by digest and schema; those without
 * (older records, MariaDB's editor explains) join every digest group of the same statement
 * by sameStatement, or form groups by shape when none has their shape. Order of records within
 * a group is kept.
 */
export function statementHistories<R extends StatementIdentity>(
  records: readonly R[],
): StatementHistory<R>[] {
  const byDigest = new Map<string, StatementHistory<R>>();
  const withoutDigest: R[] = [];
  for (const r of records) {
    if (r.digest === undefined) {
      withoutDigest.push(r);
      continue;
    }
    const key = `${r.digest}\u0000${r.schema === undefined ? '\u0001' : (r.schema ?? '\u0002')}`;
    let group = byDigest.get(key);
    if (!group) {
      group = { identity: { shape: r.shape, digest: r.digest, schema: r.schema }, records: [] };
      byDigest.set(key, group);
    }
    group.records.push(r);
  }
  const groups = [...byDigest.values()];
  const byShape = new Map<string, StatementHistory<R>>();
  const shapesOf = new Map<StatementHistory<R>, Set<string>>(
    groups.map((g) => [g, new Set(g.records.map((r) => r.shape))]),
  );
  for (const r of withoutDigest) {
    let joined = false;
    for (const g of groups) {
      if (!shapesOf.get(g)!.has(r.shape)) continue;
      if (
        r.schema !== undefined &&
        g.identity.schema !== undefined &&
        r.schema !== g.identity.schema
      )
        continue;
      g.records.push(r);
      joined = true;
    }
    if (joined) continue;
    let group = byShape.get(r.shape);
    if (!group) {
      group = { identity: { shape: r.shape }, records: [] };
      byShape.set(r.shape, group);
    }
    group.records.push(r);
  }
  // Records joined late sit at the end: put each group back in the input's order.
  const order = new Map(records.map((r, i) => [r, i]));
  for (const g of groups) g.records.sort((a, b) => order.get(a)! - order.get(b)!);
  return [...groups, ...byShape.values()];
}

/** A top statement as the digest table names it. */
export interface DigestStatement {
  schema: string | null;
  digest: string | null;
  sample: string | null;
}

/**
 * The item (e.g. a plan flip) about a top statement: one grouped under its DIGEST and schema,
 * else one grouped by shape (no digest known) with its example's shape.
 */
export function itemOfStatement<T extends { identity: StatementIdentity }>(
  items: readonly T[],
  statement: DigestStatement,
): T | undefined {
  if (statement.digest !== null) {
    const byDigest = items.find(
      (i) =>
        i.identity.digest === statement.digest &&
        (i.identity.schema === undefined || i.identity.schema === statement.schema),
    );
    if (byDigest) return byDigest;
  }
  if (statement.sample === null) return undefined;
  const shape = statementShape(statement.sample);
  return items.find((i) => i.identity.digest === undefined && i.identity.shape === shape);
}
