// `npm run web`: browser mode. Serves the built renderer and the API on 127.0.0.1 and prints the
// URL with its token, like a notebook server.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from '../backend/data-dir';
import { startWebServer } from './web-server';

function parsePort(argv: string[]): number {
  const i = argv.indexOf('--port');
  if (i < 0) return Number(process.env.SIGHTLINE_WEB_PORT ?? 0);
  const port = Number(argv[i + 1]);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(
      `sightline web: --port needs a number from 0 to 65535, got "${argv[i + 1] ?? ''}"`,
    );
    process.exit(2);
  }
  return port;
}

async function main(): Promise<void> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dataDir = defaultDataDir();
  const server = await startWebServer({
    port: parsePort(process.argv.slice(2)),
    rendererDir: path.resolve(here, '../renderer'),
    backendEntry: path.join(here, 'backend-node.js'),
    env: { ...process.env, SIGHTLINE_DATA_DIR: dataDir },
  });
  console.log(`Sightline (browser mode) is serving; saved connections in ${dataDir}`);
  console.log(`Open: ${server.url}`);
  console.log(`SIGHTLINE_URL=${server.url}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(`sightline web: could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
