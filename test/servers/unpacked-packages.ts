import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { systemDebianArchiveUri } from './apt-archive';
import { serverCacheDir } from './cache-dir';
import { withDirLock } from './dir-lock';
import { logProgress } from './progress-log';
import { runCommand } from './run-command';

/** What to unpack: a Debian suite and the packages whose dependency closure is needed. */
export interface UnpackSpec {
  /** Cache directory name, e.g. `mysql`. */
  name: string;
  /** Human name for progress lines, e.g. `MySQL 9.7`. */
  label: string;
  /** Debian suite to take the packages from, e.g. `sid`, `trixie`. */
  suite: string;
  /** Roots of the dependency closure. */
  packages: readonly string[];
  /**
   * Packages left out of the closure: tools the daemon never runs (perl, dpkg, debconf, ...),
   * which would only add megabytes and, for perl, a second interpreter.
   */
  skip: RegExp;
  /**
   * Checks the unpacked tree works (e.g. runs the daemon's `--version`). Runs before the
   * completion marker is written, so a tree that cannot run is never cached as good.
   */
  verify: (unpacked: UnpackedPackages) => Promise<void>;
}

/** A suite's packages unpacked under a private root, run through that suite's own loader. */
export interface UnpackedPackages {
  cacheDir: string;
  /** The directory the .deb files were extracted into (it holds `usr/...`). */
  root: string;
  /** The suite's dynamic loader, e.g. `<root>/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2`. */
  loader: string;
  libraryPath: string;
  /** The loader takes `--argv0` (glibc 2.33 and later; bullseye's 2.31 does not). */
  takesArgv0: boolean;
  /** True when this call downloaded and unpacked; false when the cache was already complete. */
  fresh: boolean;
}

interface Marker {
  recipe: string;
  packages: string[];
  completedAt: string;
}

const MARKER = 'provisioned.json';

/**
 * Makes a newer Debian suite's packages runnable on this machine without installing them:
 * a private apt list for the suite (the system's apt state is never touched), the dependency
 * closure resolved at run time (suites move: versions and library sonames change, so nothing
 * is pinned), `apt-get download`, then `dpkg -x` into a cache root. The binaries need the
 * suite's newer glibc, so they run through the suite's own loader (see `loaderCommand`).
 *
 * A completed run writes a marker and later calls return at once (no `apt-get update`). A
 * failed or interrupted run leaves no marker, and the next run starts over from a clean root.
 * A lock keeps two processes (parallel test runs, CI jobs) from unpacking at the same time.
 */
export async function provisionUnpackedPackages(spec: UnpackSpec): Promise<UnpackedPackages> {
  const cacheDir = serverCacheDir(spec.name);
  const recipe = JSON.stringify([spec.suite, spec.packages, spec.skip.source]);
  const cached = await readCompleted(cacheDir, recipe);
  if (cached) return cached;

  await mkdir(cacheDir, { recursive: true });
  return withDirLock(
    `${cacheDir}.lock`,
    async () => {
      // Another process may have finished while this one waited for the lock.
      const finished = await readCompleted(cacheDir, recipe);
      if (finished) return finished;
      return unpackFresh(spec, cacheDir, recipe);
    },
    { waitingMessage: `${spec.label}: another process is provisioning ${cacheDir}; waiting` },
  );
}

/** The argv prefix that runs `binary` (a path inside the root) through the suite's loader. */
export function loaderCommand(unpacked: UnpackedPackages, binary: string): string[] {
  // --argv0 keeps the program's own name in `ps` and in what it derives from argv[0].
  const argv0 = unpacked.takesArgv0 ? ['--argv0', binary] : [];
  return [unpacked.loader, '--library-path', unpacked.libraryPath, ...argv0, binary];
}

async function readCompleted(cacheDir: string, recipe: string): Promise<UnpackedPackages | null> {
  let marker: Marker;
  try {
    marker = JSON.parse(await readFile(join(cacheDir, MARKER), 'utf8')) as Marker;
  } catch {
    return null;
  }
  if (marker.recipe !== recipe) return null;
  const root = join(cacheDir, 'root');
  const loader = findLoader(root);
  return loader ? { cacheDir, root, ...loader, fresh: false } : null;
}

async function unpackFresh(
  spec: UnpackSpec,
  cacheDir: string,
  recipe: string,
): Promise<UnpackedPackages> {
  const root = join(cacheDir, 'root');
  const debs = join(cacheDir, 'debs');
  const apt = join(cacheDir, 'apt');
  await rm(join(cacheDir, MARKER), { force: true });
  await rm(root, { recursive: true, force: true });
  await rm(debs, { recursive: true, force: true });
  for (const dir of [
    root,
    debs,
    join(apt, 'lists/partial'),
    join(apt, 'cache/archives/partial'),
    join(apt, 'sources'),
    join(apt, 'preferences'),
  ]) {
    await mkdir(dir, { recursive: true });
  }

  const archive = systemDebianArchiveUri();
  await writeFile(
    join(apt, 'sources', `${spec.suite}.sources`),
    [
      'Types: deb',
      `URIs: ${archive}`,
      `Suites: ${spec.suite}`,
      'Components: main',
      'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg',
      '',
    ].join('\n'),
  );
  // Every path apt would write to or read suite state from points into the cache: the system's
  // lists, package cache and pinning stay exactly as they were.
  const aptOptions = [
    ['Dir::Etc::sourcelist', '/dev/null'],
    ['Dir::Etc::sourceparts', join(apt, 'sources')],
    ['Dir::Etc::preferences', '/dev/null'],
    ['Dir::Etc::preferencesparts', join(apt, 'preferences')],
    ['Dir::State::Lists', join(apt, 'lists')],
    // What this machine has installed must not count: a suite older than the system's (bullseye)
    // would otherwise resolve to the installed, newer versions, which it cannot download.
    ['Dir::State::status', '/dev/null'],
    ['Dir::Cache', join(apt, 'cache')],
    ['APT::Default-Release', spec.suite],
    ['APT::Get::List-Cleanup', 'false'],
  ].flatMap(([key, value]) => ['-o', `${key}=${value}`]);

  logProgress(`${spec.label}: reading the ${spec.suite} package list from ${archive}`);
  await runCommand(['apt-get', ...aptOptions, 'update'], { timeoutMs: 10 * 60_000 });

  const closure = await dependencyClosure(aptOptions, spec);
  logProgress(`${spec.label}: downloading ${closure.length} packages from ${spec.suite}`);
  await runCommand(['apt-get', ...aptOptions, 'download', ...closure], {
    cwd: debs,
    timeoutMs: 20 * 60_000,
  });

  const files = readdirSync(debs).filter((name) => name.endsWith('.deb'));
  if (files.length < closure.length) {
    throw new Error(
      `${spec.label}: expected ${closure.length} .deb files in ${debs}, found ${files.length}`,
    );
  }
  logProgress(`${spec.label}: unpacking ${files.length} packages into ${root}`);
  for (const file of files) await runCommand(['dpkg', '-x', join(debs, file), root]);

  const loader = findLoader(root);
  if (!loader) throw new Error(`${spec.label}: no ld-linux loader found under ${root}/usr/lib`);
  const unpacked: UnpackedPackages = { cacheDir, root, ...loader, fresh: true };
  await spec.verify(unpacked);

  // Only the unpacked tree is needed from now on; the .deb files and lists are re-fetched if
  // the recipe ever changes.
  await rm(debs, { recursive: true, force: true });
  await rm(join(apt, 'lists'), { recursive: true, force: true });
  await rm(join(apt, 'cache'), { recursive: true, force: true });
  const marker: Marker = { recipe, packages: files.sort(), completedAt: new Date().toISOString() };
  await writeFile(join(cacheDir, `${MARKER}.tmp`), JSON.stringify(marker, null, 2));
  await rename(join(cacheDir, `${MARKER}.tmp`), join(cacheDir, MARKER));
  return unpacked;
}

async function dependencyClosure(aptOptions: string[], spec: UnpackSpec): Promise<string[]> {
  const { stdout } = await runCommand([
    'apt-cache',
    ...aptOptions,
    'depends',
    '--recurse',
    '--no-recommends',
    '--no-suggests',
    '--no-conflicts',
    '--no-breaks',
    '--no-replaces',
    '--no-enhances',
    '--no-pre-depends',
    ...spec.packages,
  ]);
  const graph = parseDependsGraph(stdout);
  // Walk from the roots instead of taking every name apt-cache printed: a skipped package's own
  // dependencies (perl's, dpkg's) are then left out too.
  const closure = new Set<string>();
  const queue = [...spec.packages];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (closure.has(name) || spec.skip.test(name)) continue;
    closure.add(name);
    queue.push(...(graph.get(name) ?? []));
  }
  return [...closure].sort();
}

/**
 * Reads `apt-cache depends --recurse` output into package -> dependencies. Package names start a
 * line; `  Depends: x` (or ` |Depends: x` for an alternative) lines follow; a virtual dependency
 * `<x>` is followed by its providers indented further, of which the first stands in for it.
 */
export function parseDependsGraph(text: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  let current: string[] | null = null;
  let awaitingProvider = false;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (!line.startsWith(' ')) {
      current = line.startsWith('<') ? null : [];
      if (current) graph.set(line.trim(), current);
      awaitingProvider = false;
      continue;
    }
    const dependency = /^\s*\|?[A-Za-z-]+:\s+(\S+)/.exec(line)?.[1];
    if (dependency) {
      awaitingProvider = dependency.startsWith('<');
      if (!awaitingProvider) current?.push(dependency);
    } else if (awaitingProvider && /^ {4}\S/.test(line)) {
      current?.push(line.trim());
      awaitingProvider = false;
    }
  }
  return graph;
}

function findLoader(
  root: string,
): { loader: string; libraryPath: string; takesArgv0: boolean } | null {
  // Suites before the /usr merge (bullseye) ship libc and its loader in /lib, later ones in /usr/lib.
  const libDirs = [join(root, 'usr/lib'), join(root, 'lib')].filter((dir) => existsSync(dir));
  const triplets = new Set(
    libDirs.flatMap((dir) => readdirSync(dir).filter((name) => name.endsWith('-linux-gnu'))),
  );
  for (const triplet of triplets) {
    const dirs = libDirs.map((dir) => join(dir, triplet)).filter((dir) => existsSync(dir));
    for (const dir of dirs) {
      const loader = readdirSync(dir).find((name) => /^ld-linux.*\.so\.\d+$/.test(name));
      if (loader) {
        const path = join(dir, loader);
        return { loader: path, libraryPath: dirs.join(':'), takesArgv0: loaderTakesArgv0(path) };
      }
    }
  }
  return null;
}

/** Whether `loader --help` lists --argv0 (older loaders take `--help` for a program's name). */
function loaderTakesArgv0(loader: string): boolean {
  const probe = spawnSync(loader, ['--help'], { encoding: 'utf8', timeout: 10_000 });
  return probe.status === 0 && probe.stdout.includes('--argv0');
}
