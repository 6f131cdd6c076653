import type { AppInfo } from '../../shared/api/contract';
import type { Handlers } from '../backend/handlers';

/** Facts about this backend, for the status bar and the settings screen. */
export function appService(info: () => AppInfo): Handlers<'app.info'> {
  return { 'app.info': async () => info() };
}
