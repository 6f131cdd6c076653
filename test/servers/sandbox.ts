/**
 * `npm run sandbox`: a MySQL 9.7 and a MariaDB 10.11 to develop against, with data that persists
 * between runs (in <repo>/.sightline-dev/sandbox/<kind>, gitignored) and, when free, the same
 * ports every time (33097 and 33011) so connections saved in Sightline keep working. Runs until
 * Ctrl-C, then shuts both servers down cleanly.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { TEST_USER } from './data-dir-template';
import { freePort, isPortFree } from './free-port';
import { startServer, type RunningServer } from './instance';
import { KIND_NAMES, type ServerKind } from './server-kind';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PREFERRED_PORTS: Partial<Record<ServerKind, number>> = { mysql: 33097, mariadb: 33011 };

async function startSandboxServer(kind: ServerKind): Promise<RunningServer> {
  const preferred = PREFERRED_PORTS[kind] ?? 0;
  let port = preferred;
  if (!(await isPortFree(preferred))) {
    port = await freePort();
    console.log(
      `${KIND_NAMES[kind]}: port ${preferred} is taken; using ${port} this time (saved connections need updating).`,
    );
  }
  return startServer(kind, {
    name: 'sandbox',
    workDir: join(REPO, '.sightline-dev', 'sandbox', kind),
    port,
  });
}

function describe(server: RunningServer): string {
  const client =
    server.installation.client?.join(' ') ?? (server.kind === 'mysql' ? 'mysql' : 'mariadb');
  return [
    `${KIND_NAMES[server.kind]} (${server.version})`,
    `  host 127.0.0.1   port ${server.port}   user root   password (none)`,
    `  also user ${TEST_USER.user} with password ${TEST_USER.password}`,
    `  command line:  ${client} -h 127.0.0.1 -P ${server.port} -u root`,
    `  in Sightline:  New connection -> host 127.0.0.1, port ${server.port}, user root, no password`,
    `  data: ${server.dataDir}`,
    `  error log: ${server.errorLog}`,
  ].join('\n');
}

const servers = await Promise.all((['mysql', 'mariadb'] as const).map(startSandboxServer)).catch(
  (error: unknown) => {
    console.error(
      `sandbox: could not start the servers: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
console.log(
  `\n${servers.map(describe).join('\n\n')}\n\nRunning. Press Ctrl-C to stop both servers.`,
);

let stopping = false;
const shutDown = async (signal: NodeJS.Signals) => {
  if (stopping) {
    console.log('Stopping immediately (SIGKILL).');
    await Promise.all(servers.map((server) => server.kill()));
    process.exit(1);
  }
  stopping = true;
  console.log(`\n${signal}: stopping the servers cleanly (Ctrl-C again to kill them)...`);
  // destroy() = stop + end the orphan watchdogs; a persistent work directory is kept.
  await Promise.all(servers.map((server) => server.destroy()));
  console.log('Stopped. Data is kept for the next run.');
  process.exit(0);
};
process.on('SIGINT', shutDown);
process.on('SIGTERM', shutDown);
// Keep the process alive: the server children do not hold the event loop by themselves.
setInterval(() => undefined, 1 << 30);
