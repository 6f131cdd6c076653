import { capabilitiesFor, type Capabilities } from '../server/capabilities';
import { FLAVOR_NAMES, type ServerFlavor } from '../server/flavor';
import { formatVersion, parseServerVersion, type ServerVersion } from '../server/version';

/** The server a migration is linted for. */
export interface LintTarget {
  flavor: ServerFlavor;
  version: ServerVersion;
  capabilities: Capabilities;
  /** `MySQL 8.0.36`. */
  label: string;
}

/** What `--target` takes when none is given and no server is connected: the current MySQL LTS. */
export const DEFAULT_TARGET = 'mysql-8.4';

/** The target for a server of this flavor and version. */
export function lintTargetFor(flavor: ServerFlavor, version: ServerVersion): LintTarget {
  return {
    flavor,
    version,
    capabilities: capabilitiesFor(flavor, version),
    label: `${FLAVOR_NAMES[flavor]} ${formatVersion(version)}`,
  };
}

/**
 * Reads `mysql-8.0.36`, `mysql-8.4`, `mariadb-10.11`, `percona-8.0.36` (a missing patch is 0);
 * null when the text is not of that form.
 */
export function parseLintTarget(text: string): LintTarget | null {
  const m = /^(mysql|mariadb|percona)-(\d+\.\d+(?:\.\d+)?)$/i.exec(text.trim());
  if (!m) return null;
  const version = parseServerVersion(m[2]!);
  if (!version) return null;
  return lintTargetFor(m[1]!.toLowerCase() as ServerFlavor, version);
}
