import { useEffect, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { PlanRecord } from '../../shared/api/tuning';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import type { PlannedStatement } from '../shell/tabs/tab-payloads';

/** The plans kept of a statement (newest first), on its connection or on every connection. */
export type EarlierPlans =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'done'; records: PlanRecord[] }
  | { state: 'failed'; error: ApiErrorShape };

/**
 * Asks the plan history for the plans kept of the statement `of` is the plan of (by its
 * DIGEST where known, else by its shape, literals aside), on `connectionId` or, when null, on
 * every connection; nothing without a statement.
 */
export function useEarlierPlans(
  of: PlannedStatement | null,
  connectionId: string | null,
): EarlierPlans {
  const [result, setResult] = useState<{ key: string; plans: EarlierPlans } | null>(null);
  const statement = of?.statement;
  const digest = of?.digest;
  const schema = of?.schema;
  const key = [connectionId ?? '*', statement ?? '', digest ?? '', schema ?? ''].join('\u0001');
  useEffect(() => {
    if (!statement) return;
    let live = true;
    api
      .call('plans.history', {
        sql: statement,
        connectionId,
        ...(digest !== undefined ? { digest, schema: schema ?? null } : {}),
      })
      .then((h) => live && setResult({ key, plans: { state: 'done', records: h.records } }))
      .catch((e: unknown) => {
        if (live) setResult({ key, plans: { state: 'failed', error: errorShapeOf(e) } });
      });
    return () => {
      live = false;
    };
  }, [statement, digest, schema, connectionId, key]);
  if (!statement) return { state: 'none' };
  return result?.key === key ? result.plans : { state: 'loading' };
}
