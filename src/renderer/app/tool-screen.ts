import type { ComponentType, ReactNode } from 'react';
import type { SavedConnection } from '../../shared/api/connection';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { PlanDialect } from '../../shared/explain/plan-dialect';
import type { ServerInfo } from '../../shared/server/server-info';
import type { ConfirmRequest } from './ConfirmDialog';

/** The screens that work on a whole server rather than in an editor. */
export type ToolKind = 'processlist' | 'replication' | 'alter' | 'tuning';

/** A plan to show in the plan screen (what an editor's explain hands over too). */
export interface PlanToShow {
  document: string;
  dialect: PlanDialect;
  title: string;
  explainSql: string;
}

/** Two plans for the compare view; `after` null lets the user paste or pick the second. */
export interface PlansToCompare {
  title: string;
  before: PlanToShow;
  after: PlanToShow | null;
}

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
