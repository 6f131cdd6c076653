import type { ComponentType, ReactNode } from 'react';
import type { SavedConnection } from '../../shared/api/connection';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { ServerInfo } from '../../shared/server/server-info';
import type { ConfirmRequest } from './ConfirmDialog';

export type { PlansToCompare, PlanToShow, ToolKind } from '../shell/tabs/tab-payloads';
import type { PlansToCompare, PlanToShow } from '../shell/tabs/tab-payloads';

/** What App gives every tool screen. */
export interface ToolScreenProps {
  connection: SavedConnection;
  /** The tool's own server session (never an editor's), opened by App, closed with the tab. */
  sessionId: string;
  server: ServerInfo;
  /** Set when the session's connection broke; the next call reconnects it. */
  lost: ApiErrorShape | null;
  /** False while another tab is shown: polling screens slow down or pause. */
  active: boolean;
  /** The one confirmation dialog (exact SQL, connection colour, typed name on production). */
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  /** Opens a plan in the plan screen. */
  showPlan: (plan: PlanToShow) => void;
  /** Opens two plans side by side in the compare view (absent where App offers none). */
  showCompare?: (plans: PlansToCompare) => void;
  /** Puts SQL in this connection's editor (opening one when none is open). */
  openInEditor: (sql: string) => void;
}

export interface ToolDefinition {
  /** Tab and button label. */
  title: string;
  /** One line for the button's tooltip. */
  description: string;
  /** A small mark before the title on the tool's tab. */
  icon?: ReactNode;
  Component: ComponentType<ToolScreenProps>;
}
