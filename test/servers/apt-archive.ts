import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES_DIR = '/etc/apt/sources.list.d';
const SOURCES_LIST = '/etc/apt/sources.list';

interface AptSource {
  types: string[];
  uris: string[];
  suites: string[];
}

/**
 * The URI of the main Debian archive this machine's apt already uses (e.g.
 * `http://deb.debian.org/debian`), read from the system apt sources at run time. Machines reach
 * the archive through different mirrors or proxies, so the host is never hard-coded. Skips the
 * security archive and disabled entries. Throws when no Debian archive is configured.
 */
export function systemDebianArchiveUri(): string {
  const sources = [...readDeb822Sources(), ...readOneLineSources()];
  const candidates = sources.filter(
    (source) =>
      source.types.includes('deb') &&
      source.suites.some((suite) => !/-security$|\/updates$/.test(suite)),
  );
  const uris = candidates
    .flatMap((source) => source.uris)
    .filter((uri) => !/-security\/?$/.test(uri));
  // A URI ending in /debian is the archive itself; anything else (a local mirror path) is a
  // fallback that still serves the same layout.
  const uri = uris.find((candidate) => /\/debian\/?$/.test(candidate)) ?? uris[0];
  if (!uri) {
    throw new Error(`no Debian archive found in ${SOURCES_DIR}/*.sources or ${SOURCES_LIST}`);
  }
  return uri.replace(/\/$/, '');
}

function readDeb822Sources(): AptSource[] {
  let names: string[];
  try {
    names = readdirSync(SOURCES_DIR).filter((name) => name.endsWith('.sources'));
  } catch {
    return [];
  }
  const sources: AptSource[] = [];
  for (const name of names.sort()) {
    const text = readFileSync(join(SOURCES_DIR, name), 'utf8');
    for (const stanza of text.split(/\n\s*\n/)) {
      const fields = new Map<string, string>();
      for (const line of stanza.split('\n')) {
        const match = /^([A-Za-z-]+):\s*(.*)$/.exec(line);
        if (match?.[1] && match[2] !== undefined)
          fields.set(match[1].toLowerCase(), match[2].trim());
      }
      if (fields.get('enabled')?.toLowerCase() === 'no') continue;
      const words = (key: string) => (fields.get(key) ?? '').split(/\s+/).filter(Boolean);
      sources.push({ types: words('types'), uris: words('uris'), suites: words('suites') });
    }
  }
  return sources;
}

function readOneLineSources(): AptSource[] {
  let text: string;
  try {
    text = readFileSync(SOURCES_LIST, 'utf8');
  } catch {
    return [];
  }
  const sources: AptSource[] = [];
  for (const rawLine of text.split('\n')) {
    // `deb [arch=amd64 signed-by=...] http://host/debian bookworm main`
    const line = rawLine
      .replace(/#.*/, '')
      .replace(/\[[^\]]*\]/, '')
      .trim();
    const [type, uri, suite] = line.split(/\s+/);
    if (type && uri && suite) sources.push({ types: [type], uris: [uri], suites: [suite] });
  }
  return sources;
}
