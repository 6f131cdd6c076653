import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../../..');

export interface RunningWebApp {
  url: string;
  origin: string;
  port: number;
  token: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built browser mode (`node out/main/web.js`) as a user would, with its own data
 * folder, and reads the URL it prints.
 */
export async function startWebApp(options: { dataDir?: string } = {}): Promise<RunningWebApp> {
  const entry = path.resolve(REPO, process.env.SIGHTLINE_OUT_DIR ?? 'out', 'main/web.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'sightline-e2e-data-')));
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, SIGHTLINE_DATA_DIR: dataDir, SIGHTLINE_WEB_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`browser mode did not start:\n${output}`)),
      20_000,
    );
    const look = () => {
      const m = /^SIGHTLINE_URL=(\S+)$/m.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser mode exited with ${code}:\n${output}`));
    });
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    port: Number(parsed.port),
    token: new URLSearchParams(parsed.hash.slice(1)).get('token') ?? '',
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
