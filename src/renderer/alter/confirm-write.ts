import type { ConfirmRequest } from '../app/ConfirmDialog';
import type { ToolScreenProps } from '../app/tool-screen';

/**
 * A change to the server through the one confirmation: the exact SQL confirmed (typed on a
 * production connection), then, on a connection marked read-only, a second time with why.
 * Resolves to null when the user declined either, else whether the read-only one was confirmed
 * (the backend asks for it).
 */
export async function confirmWrite(
  confirm: ToolScreenProps['confirm'],
  connection: ToolScreenProps['connection'],
  request: Pick<ConfirmRequest, 'title' | 'consequence' | 'detail' | 'confirmLabel'>,
  readOnly: { consequence: string; confirmLabel: string; detail?: string },
): Promise<{ readOnlyConfirmed: boolean } | null> {
  const base = {
    detail: request.detail,
    connectionName: connection.name,
    color: connection.color,
    typedConfirmation: connection.production,
  };
  if (!(await confirm({ ...base, ...request }))) return null;
  if (!connection.readOnly) return { readOnlyConfirmed: false };
  const again = await confirm({
    ...base,
    detail: readOnly.detail ?? request.detail,
    title: `“${connection.name}” is read-only`,
    consequence: readOnly.consequence,
    confirmLabel: readOnly.confirmLabel,
  });
  return again ? { readOnlyConfirmed: true } : null;
}
