import type { SavedConnection } from '../../shared/api/connection';
import { classifyStatement } from '../../shared/sql/classify-statement';
import { findSweepingChange, type SweepingChange } from '../../shared/sql/sweeping-change';
import type { ConfirmRequest } from '../app/confirm-request';

type Target = Pick<SavedConnection, 'name' | 'color' | 'production'>;

/**
 * What a run asks first: to drop edits made in the result in front and not applied; then, once,
 * about what the statements would do: on a connection marked read-only, statements not known to
 * be read-only (the backend refuses those unless told the user agreed); on any connection,
 * sweeping changes (DELETE or UPDATE without WHERE, TRUNCATE, DROP, ALTER TABLE ... DROP), as a
 * professional SQL tool asks. The backend does not refuse those: on a writable connection
 * running them is the user's right, and asking is the editor's care. Null when the user said no.
 */
export async function askBeforeRun(
  statements: ReadonlyArray<{ sql: string }>,
  {
    connection,
    flavor,
    unappliedEdits,
    confirm,
  }: {
    connection: Target & Pick<SavedConnection, 'readOnly'>;
    flavor: 'mysql' | 'mariadb';
    unappliedEdits: number;
    confirm: (request: ConfirmRequest) => Promise<boolean>;
  },
): Promise<{ readOnlyConfirmed: boolean } | null> {
  if (unappliedEdits > 0 && !(await confirm(discardEditsConfirmation(connection, unappliedEdits))))
    return null;
  const sweeping = sweepingChanges(statements, flavor);
  const writes = connection.readOnly
    ? statements
        .filter((p) => classifyStatement(p.sql, { flavor }).kind !== 'read')
        .map((p) => p.sql)
    : [];
  if (writes.length > 0)
    return (await confirm(readOnlyWritesConfirmation(connection, writes, sweeping)))
      ? { readOnlyConfirmed: true }
      : null;
  if (sweeping.length > 0 && !(await confirm(sweepingConfirmation(connection, sweeping))))
    return null;
  return { readOnlyConfirmed: false };
}

/** The sweeping changes among `statements`, each with its statement. */
export function sweepingChanges(
  statements: ReadonlyArray<{ sql: string }>,
  flavor: 'mysql' | 'mariadb',
): Array<SweepingChange & { sql: string }> {
  const found: Array<SweepingChange & { sql: string }> = [];
  for (const { sql } of statements) {
    const change = findSweepingChange(sql, { flavor });
    if (change) found.push({ ...change, sql });
  }
  return found;
}

// Sentences said before the rest are counted: a dump dropping thousands of tables would
// otherwise fill the question with them and push its buttons out of reach.
const EFFECTS_SAID = 3;

/**
 * What the sweeping statements do, a sentence each for the first few; the others counted (their
 * SQL is in the question's detail all the same).
 */
function effects(sweeping: ReadonlyArray<SweepingChange>): string {
  const said = sweeping.slice(0, EFFECTS_SAID).map((s) => `${s.effect}.`);
  const more = sweeping.length - said.length;
  if (more > 0)
    said.push(
      `And ${more.toLocaleString('en')} more ${more === 1 ? 'statement that removes or rewrites' : 'statements that remove or rewrite'} data, shown below.`,
    );
  return said.join(' ');
}

/** Statements that remove or rewrite data wholesale, about to run. */
export function sweepingConfirmation(
  connection: Target,
  sweeping: ReadonlyArray<SweepingChange & { sql: string }>,
): ConfirmRequest {
  const one = sweeping.length === 1;
  return {
    title: one
      ? `${sweeping[0]!.keyword} on “${connection.name}”?`
      : `Run ${sweeping.length} statements that remove or rewrite data on “${connection.name}”?`,
    consequence: effects(sweeping),
    detail: sweeping.map((s) => s.sql).join(';\n\n'),
    ...on(connection),
    confirmLabel: one ? `Run ${sweeping[0]!.keyword}` : 'Run them',
  };
}

/** What every confirmation of an editor says about where it runs. */
const on = (connection: Target) => ({
  connectionName: connection.name,
  color: connection.color,
  typedConfirmation: connection.production,
});

/**
 * EXPLAIN ANALYZE runs the statement: asked first, saying so when it may change data, and what
 * a sweeping change would do.
 */
export function analyzeConfirmation(
  connection: Target,
  sql: string,
  readsOnly: boolean,
  sweeping: SweepingChange | null = null,
): ConfirmRequest {
  const change = sweeping
    ? `. ${sweeping.effect}`
    : readsOnly
      ? ''
      : ': this statement may change data';
  return {
    title: 'Run the statement to measure its plan?',
    consequence: `EXPLAIN ANALYZE executes the statement on “${connection.name}” and reports what it measured${change}.`,
    detail: sql,
    ...on(connection),
    confirmLabel: 'Run and explain',
  };
}

/**
 * Statements not known to be read-only, about to run on a connection marked read-only; the
 * sweeping ones among them said too.
 */
export function readOnlyWritesConfirmation(
  connection: Target,
  writes: string[],
  sweeping: ReadonlyArray<SweepingChange> = [],
): ConfirmRequest {
  return {
    title: `Run ${writes.length === 1 ? 'a statement that may write' : `${writes.length} statements that may write`} on a read-only connection?`,
    consequence:
      `“${connection.name}” is marked read-only. These statements are not known to be read-only, so they may change data or server state.` +
      (sweeping.length > 0 ? ` ${effects(sweeping)}` : ''),
    detail: writes.join(';\n\n'),
    ...on(connection),
    confirmLabel: 'Run anyway',
  };
}

/** A run replaces the results in front: edits made in one and not applied would be lost. */
export function discardEditsConfirmation(
  connection: Target,
  count: number,
  by: 'run' | 'close' = 'run',
): ConfirmRequest {
  const changes = count === 1 ? '1 change' : `${count} changes`;
  const lost = `${count === 1 ? 'change is' : 'changes are'} lost; nothing was written to “${connection.name}”.`;
  if (by === 'close') {
    return {
      title: `Close the result with ${changes} not applied?`,
      consequence: `This result has ${changes} you made and did not apply. Closing it, the ${lost}`,
      detail: 'Apply or discard them first to keep this from asking.',
      ...on(connection),
      typedConfirmation: false,
      confirmLabel: 'Discard and close',
    };
  }
  return {
    title: `Discard ${changes} not applied?`,
    consequence: `The results a run replaces hold ${changes} you made and did not apply. Running now replaces them, and the ${lost}`,
    detail: 'Apply or discard them from the result first to keep this from asking.',
    ...on(connection),
    // Nothing on the server is at stake: no name to type, even on production.
    typedConfirmation: false,
    confirmLabel: 'Discard and run',
  };
}

/**
 * Giving up the connection of a statement that waits on a server that does not answer: not SQL,
 * but it loses an open transaction, and the server may still finish the statement later.
 */
export function giveUpConfirmation(connection: Target, sql: string): ConfirmRequest {
  return {
    title: 'Give the connection up?',
    consequence: `Sightline closes this tab’s connection to “${connection.name}” now, and the statement fails here. When the server answers again it may still finish the statement (a change made outside a transaction then stays); an open transaction is rolled back. The next statement connects again.`,
    detail: sql,
    ...on(connection),
    confirmLabel: 'Give the connection up',
  };
}
