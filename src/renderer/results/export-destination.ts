import { useContext } from 'react';
import { ShellServicesContext } from '../shell/shell-services';

/** Where an export goes: the browser's downloads (browser mode) or a path on the backend's disk. */
export type ExportDestination = 'download' | 'disk';

/**
 * The destinations this app offers, the default first: in browser mode the browser may run on
 * another machine than the backend, so a download comes first; the desktop app writes to disk.
 */
export function useExportDestinations(): ExportDestination[] {
  const mode = useContext(ShellServicesContext)?.appInfo?.mode;
  return mode === 'web' ? ['download', 'disk'] : ['disk'];
}

/** The last part of a path on either kind of system (`/home/a/x.csv` → `x.csv`). */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
