import { useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import { errorShapeOf } from '../app/ErrorNotice';

/**
 * One action at a time, named while it runs (`busy`, for the button that says "Explaining…")
 * with when it started (`since`, Date.now()), and the error of the last one that failed, under
 * the title it was given.
 */
export function useBusyAction(): {
  busy: string | null;
  since: number;
  error: { title: string; error: ApiErrorShape } | null;
  run: (name: string, failure: string, action: () => Promise<void>) => Promise<void>;
} {
  const [busy, setBusy] = useState<string | null>(null);
  const [since, setSince] = useState(0);
  const [error, setError] = useState<{ title: string; error: ApiErrorShape } | null>(null);
  const run = async (name: string, failure: string, action: () => Promise<void>) => {
    setBusy(name);
    setSince(Date.now());
    setError(null);
    try {
      await action();
    } catch (e) {
      setError({ title: failure, error: errorShapeOf(e) });
    } finally {
      setBusy(null);
    }
  };
  return { busy, since, error, run };
}
