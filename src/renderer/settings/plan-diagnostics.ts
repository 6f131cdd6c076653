// The plan diagnostics thresholds for plans read in this window (pasted or opened from a
// sample); plans explained on a server are diagnosed by the backend with the same settings.
import {
  defaultPlanDiagnosticSettings,
  type PlanDiagnosticSettings,
} from '../../shared/api/settings';
import { api } from '../app/api';

let current: PlanDiagnosticSettings = defaultPlanDiagnosticSettings();

/** The thresholds as last loaded or saved. */
export function planDiagnostics(): PlanDiagnosticSettings {
  return current;
}

/** Loads the saved thresholds (the defaults stay when the backend cannot say). */
export async function loadPlanDiagnostics(): Promise<void> {
  current = await api.call('settings.plan', {}).catch(() => current);
}

/** Takes the thresholds just saved. */
export function setPlanDiagnostics(saved: PlanDiagnosticSettings): void {
  current = saved;
}
