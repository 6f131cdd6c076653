import type { SavedConnection } from '../../shared/api/connection';
import type { ExplainRunResult } from '../../shared/api/explain';
import { classifyStatement } from '../../shared/sql/classify-statement';
import { findSweepingChange } from '../../shared/sql/sweeping-change';
import { api } from '../app/api';
import type { ConfirmRequest } from '../app/ConfirmDialog';
import { analyzeConfirmation } from './run-confirmations';

/**
 * EXPLAIN of one statement, or EXPLAIN ANALYZE, which runs it and so is asked first: the plan
 * and a title for its tab, or null when the user declined. Throws what the server said.
 */
export async function explainStatement(
  sql: string,
  analyze: boolean,
  {
    sessionId,
    connection,
    flavor,
    confirm,
    onSent,
  }: {
    sessionId: string;
    connection: SavedConnection;
    flavor: 'mysql' | 'mariadb';
    confirm: (request: ConfirmRequest) => Promise<boolean>;
    /** Told when the explain goes to the server (after the user agreed), so it can show it runs. */
    onSent?: () => void;
  },
): Promise<{ plan: ExplainRunResult; title: string } | null> {
  if (analyze) {
    const readsOnly = classifyStatement(sql, { flavor }).kind === 'read';
    const sweeping = findSweepingChange(sql, { flavor });
    if (!(await confirm(analyzeConfirmation(connection, sql, readsOnly, sweeping)))) return null;
  }
  onSent?.();
  const plan = await api.call('explain.run', { sessionId, sql, analyze });
  const firstLine = sql.trim().split('\n')[0] ?? '';
  // Cut short with a mark, so the title does not read as the whole statement.
  const start = firstLine.length > 40 ? `${firstLine.slice(0, 39)}…` : firstLine;
  return { plan, title: `${analyze ? 'Analyze' : 'Explain'}: ${start}` };
}
