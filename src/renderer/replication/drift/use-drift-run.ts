import { useEffect, useRef, useState } from 'react';
import type { DriftRun } from '../../../shared/api/drift';
import type { ApiErrorShape } from '../../../shared/api/errors';
import type { TableName } from '../../../shared/drift/table-list';
import { api } from '../../app/api';
import { errorShapeOf } from '../../app/ErrorNotice';

export interface DriftRequest {
  replicaConnectionId: string;
  tables: TableName[];
  chunkRows: number;
  maxReplicaLagSeconds: number;
  maxThreadsRunning: number;
}

/** A comparison of this session's server with a replica: start, follow its events, cancel. */
export function useDriftRun(sessionId: string) {
  const [run, setRun] = useState<DriftRun | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [starting, setStarting] = useState(false);
  const runId = useRef<string | null>(null);

  useEffect(
    () =>
      api.on('drift.update', (s) => {
        if (s.runId === runId.current) setRun(s);
      }),
    [],
  );

  const start = async (request: DriftRequest) => {
    setStarting(true);
    setError(null);
    try {
      const first = await api.call('drift.start', {
        sessionId,
        ...request,
        allowApplierPause: true,
      });
      runId.current = first.runId;
      setRun(first);
    } catch (e) {
      setError(errorShapeOf(e));
    } finally {
      setStarting(false);
    }
  };
  const cancel = async () => {
    if (!run) return;
    try {
      await api.call('drift.cancel', { runId: run.runId });
    } catch (e) {
      setError(errorShapeOf(e));
    }
  };
  return { run, error, starting, start, cancel };
}
