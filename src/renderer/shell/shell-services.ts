import { createContext, useContext } from 'react';
import type { AppInfo } from '../../shared/api/contract';
import type { SavedConnection } from '../../shared/api/connection';
import type { ServerInfo } from '../../shared/server/server-info';
import type { ConfirmRequest } from '../app/ConfirmDialog';
import type { PlansToCompare, PlanToShow, ToolKind } from '../app/tool-screen';
import type { ComparedSides } from './tabs/tab-payloads';

/** What the shell does for the screens in its tabs (given once, read where needed). */
export interface ShellServices {
  connections: ReadonlyMap<string, SavedConnection>;
  appInfo: AppInfo | null;
  /** The one confirmation dialog (exact SQL, connection colour, typed name on production). */
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  /**
   * Opens a plan in a plan tab of its own; with `inTab`, says that plan tab now shows `plan`
   * (pasted or picked in it), so its name and the compare view's list follow.
   */
  showPlan: (plan: PlanToShow, where?: { inTab: string }) => void;
  /**
   * Shows two plans in a compare tab of their own, in front; the same pair shows its open tab
   * (`after` null: the user picks the second there).
   */
  showCompare: (plans: PlansToCompare) => void;
  /** Says compare tab `tabId` now shows `sides` (picked or swapped in it): its name follows. */
  compareShown: (tabId: string, sides: ComparedSides) => void;
  /**
   * Opens a new editor on the connection with `sql` in it (never into an open editor's text, where
   * it would split the statement being written); `run` runs it there once loaded.
   */
  openInEditor: (connection: SavedConnection, sql: string, run?: boolean) => void;
  newEditor: (connection: SavedConnection) => void;
  openTool: (connection: SavedConnection, kind: ToolKind) => void;
  closeTab: (id: string) => void;
  /** A session's server as a refresh found it (the link holds again). */
  sessionRefreshed: (sessionId: string, server: ServerInfo) => void;
}

export const ShellServicesContext = createContext<ShellServices | null>(null);

/** The shell's services, for a screen inside a tab. */
export function useShell(): ShellServices {
  const services = useContext(ShellServicesContext);
  if (!services) throw new Error('useShell() outside the shell');
  return services;
}
