import type { ConnectionColor } from '../../shared/api/connection';

/** What the one confirmation of every destructive action shows (see ConfirmDialog). */
export interface ConfirmRequest {
  title: string;
  /** What will happen, in plain words. */
  consequence: string;
  /** The exact statement or operation, shown copyable. */
  detail: string;
  connectionName: string;
  color: ConnectionColor;
  /** Production connections require typing the connection's name. */
  typedConfirmation: boolean;
  confirmLabel: string;
}
