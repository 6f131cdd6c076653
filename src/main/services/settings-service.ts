// The app settings screen's backend: result limits, plan thresholds and the screens' read limit,
// kept in settings.json.
import type { ResultLimitSettings } from '../../shared/api/settings';
import type { Handlers } from '../backend/handlers';
import type { SettingsStore } from '../store/settings-store';
import type { ResultLimits } from './query-result';

const MEGABYTE = 1024 * 1024;

/** The query service's limits from the user's result settings. */
export function resultLimitsOf(settings: ResultLimitSettings): ResultLimits {
  return { maxRows: settings.maxRows, maxBytes: settings.maxMegabytes * MEGABYTE };
}

export function settingsService(
  settings: SettingsStore,
): Handlers<
  | 'settings.results'
  | 'settings.saveResults'
  | 'settings.plan'
  | 'settings.savePlan'
  | 'settings.screenReads'
  | 'settings.saveScreenReads'
> {
  return {
    'settings.results': async () => settings.results,
    'settings.saveResults': async (params) => settings.saveResults(params),
    'settings.plan': async () => settings.plan,
    'settings.savePlan': async (params) => settings.savePlan(params),
    'settings.screenReads': async () => settings.screenReads,
    'settings.saveScreenReads': async (params) => settings.saveScreenReads(params),
  };
}
