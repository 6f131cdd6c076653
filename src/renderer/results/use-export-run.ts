import { useEffect, useRef, useState } from 'react';
import type { ExportStatus } from '../../shared/api/export';
import { api } from '../app/api';
import { downloadFromServer } from '../ui/browser-download';

/**
 * The export this dialog started, kept current from `export.update` events (which may come
 * before `query.export` has answered: the latest of each is kept for `adopt`), and a finished
 * download export handed to the browser once, as soon as it is ready.
 */
export function useExportRun(queryId: string) {
  const [run, setRun] = useState<ExportStatus | null>(null);
  const latest = useRef(new Map<string, ExportStatus>());

  useEffect(
    () =>
      api.on('export.update', (s) => {
        if (s.queryId !== queryId) return;
        latest.current.set(s.exportId, s);
        setRun((r) => (r?.exportId === s.exportId ? s : r));
      }),
    [queryId],
  );

  const handedOver = useRef(new Set<string>());
  const download = run?.state === 'done' ? run.download : undefined;
  useEffect(() => {
    if (!download || handedOver.current.has(download.url)) return;
    handedOver.current.add(download.url);
    downloadFromServer(download.url, download.fileName);
  }, [download]);

  /** Follows the export `started` answered with; asks once in case its end came before. */
  const adopt = async (started: ExportStatus) => {
    setRun(latest.current.get(started.exportId) ?? started);
    const now = await api.call('export.status', { exportId: started.exportId });
    setRun((r) => (r && r.state === 'running' ? now : r));
  };

  return { run, adopt };
}
