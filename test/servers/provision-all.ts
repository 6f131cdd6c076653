/**
 * Provisions every test server kind and its data-directory template, so that the first test run
 * (or CI job step) after this starts servers in seconds. Prints progress and timings.
 * Exits non-zero when MySQL 9.7 or MariaDB 10.11 cannot be provisioned; MariaDB 11.8 and 10.5
 * are optional.
 *
 *     npx tsx test/servers/provision-all.ts
 */
import { dataDirTemplate } from './data-dir-template';
import { formatDuration, logProgress } from './progress-log';
import { provisionServer } from './provision';
import { KIND_NAMES, OPTIONAL_KINDS, SERVER_KINDS, type ServerKind } from './server-kind';

async function provisionKind(kind: ServerKind): Promise<boolean> {
  const started = performance.now();
  try {
    const installation = await provisionServer(kind);
    const provisioned = performance.now();
    logProgress(
      `${KIND_NAMES[kind]}: ${installation.version} (${installation.origin}: ${installation.daemon.at(-1)}) ` +
        `ready in ${formatDuration(provisioned - started)}`,
    );
    await dataDirTemplate(installation);
    logProgress(
      `${KIND_NAMES[kind]}: data directory template ready in ${formatDuration(performance.now() - provisioned)}`,
    );
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logProgress(
      `${KIND_NAMES[kind]}: FAILED after ${formatDuration(performance.now() - started)}: ${reason}`,
    );
    return OPTIONAL_KINDS.has(kind);
  }
}

const started = performance.now();
// One after another: they compete for the same 2 cores and network, and sequential output is
// easier to read; the whole run is a one-off per machine.
const results: boolean[] = [];
for (const kind of SERVER_KINDS) results.push(await provisionKind(kind));
logProgress(`all provisioned in ${formatDuration(performance.now() - started)}`);
process.exitCode = results.every(Boolean) ? 0 : 1;
