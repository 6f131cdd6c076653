import { useCallback, useState } from 'react';
import { ConfirmDialog, type ConfirmRequest } from '../app/ConfirmDialog';
import { errorShapeOf } from '../app/ErrorNotice';
import type { ShellError } from './use-session-opener';

interface Pending {
  request: ConfirmRequest;
  answer: (confirmed: boolean) => void;
}

/**
 * The one confirmation dialog: `confirm` resolves to the user's answer (for screens that go on
 * after it); `ask` runs an action once confirmed and reports its failure. `report` must be
 * stable (a state setter).
 */
export function useConfirm(report: (error: ShellError | null) => void) {
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => setPending({ request, answer: resolve })),
    [],
  );

  const ask = useCallback(
    async (request: ConfirmRequest, action: () => Promise<void>) => {
      if (!(await confirm(request))) return;
      await action().catch((e: unknown) =>
        report({ title: request.title, error: errorShapeOf(e) }),
      );
    },
    [confirm, report],
  );

  const dialog = pending && (
    <ConfirmDialog
      request={pending.request}
      onCancel={() => {
        pending.answer(false);
        setPending(null);
      }}
      onConfirm={() => {
        pending.answer(true);
        setPending(null);
      }}
    />
  );
  return { confirm, ask, dialog };
}
