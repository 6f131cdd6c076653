import {
  attributeTotals,
  classesToText,
  classToPtJson,
  rankClasses,
  SlowLogDigest,
  type ClassRanking,
  type DigestFilter,
} from '../../shared/slowlog';
import {
  digestFilterOf,
  timeBoundProblem,
  type FilterText,
} from '../../shared/slowlog/filter-text';
import { digestSlowLogSources } from '../slowlog/digest-slowlog-sources';
import { SlowLogSourceError } from '../slowlog/read-slowlog-sources';
import { optionsOrExit, type CliCommand, type CliIo } from './command';

const RANKINGS: ClassRanking[] = [
  'time',
  'count',
  'avg',
  'rows-examined',
  'rows-sent',
  'examined-per-sent',
];

const USAGE = `Usage: sightline slowlog [options] FILE... | -

Reads MySQL, Percona Server and MariaDB slow query logs (plain or gzip; several files are read
as one log, in the order given; - is standard input) and groups statements into classes with
pt-query-digest's fingerprints and class IDs.

  --since T       only entries at or after T: 2026-11-25, "2026-11-25 10:00:00", 261125
  --until T       only entries at or before T (same forms); a time may end in a UTC offset
                  (2026-11-25T10:00:00-05:00) and is UTC without one; a MariaDB log's times
                  are the server's wall clock, and compared as written
  --user U        only entries of this user      --host H   of this host or IP
  --db D          only entries in this database
  --order-by K    time (total Query_time, default), count, avg, rows-examined, rows-sent,
                  examined-per-sent
  --top N         the first N classes (default 20; 0 for all)
  --format F      text (default) or json: one object per class and line, with
                  pt-query-digest's field names (checksum, fingerprint, query_count, ts_min,
                  ts_max, example, metrics, histograms) and a "sightline" member

Entries that cannot be read are counted and reported on stderr with their byte offset.
Exit status: 0 read, 1 not a slow log or unreadable, 2 usage error.
`;

interface Options {
  files: string[];
  filter: DigestFilter;
  orderBy: ClassRanking;
  top: number;
  format: 'text' | 'json';
}

function parseOptions(args: string[]): Options | string {
  const options: Options = { files: [], filter: {}, orderBy: 'time', top: 20, format: 'text' };
  // The same reading of times and names as the screen's filter (a bare date as until is the
  // whole day).
  const typed: FilterText = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h' || arg === 'help') return 'help';
    if (arg === '-' || !arg.startsWith('--')) {
      options.files.push(arg);
      continue;
    }
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = inline ?? args[++i];
    if (value === undefined) return `${flag} needs a value`;
    switch (flag) {
      case '--since':
      case '--until': {
        const problem = timeBoundProblem(value);
        if (problem) return `${flag}: ${problem}`;
        typed[flag === '--since' ? 'since' : 'until'] = value;
        break;
      }
      case '--user':
      case '--host':
      case '--db':
        typed[flag.slice(2) as 'user' | 'host' | 'db'] = value;
        break;
      case '--order-by':
        if (!RANKINGS.includes(value as ClassRanking))
          return `--order-by: one of ${RANKINGS.join(', ')}`;
        options.orderBy = value as ClassRanking;
        break;
      case '--top':
        if (!/^\d+$/.test(value)) return '--top: a whole number (0 for all)';
        options.top = Number(value);
        break;
      case '--format':
        if (value !== 'text' && value !== 'json') return '--format: text or json';
        options.format = value;
        break;
      default:
        return `unknown option ${flag}`;
    }
  }
  if (options.files.length === 0) return 'give at least one FILE, or - for standard input';
  options.filter = digestFilterOf(typed);
  return options;
}

/** `sightline slowlog`: pt-query-digest's classes of a slow query log, streamed. */
export const slowlogCommand: CliCommand = {
  name: 'slowlog',
  summary: 'slow query log digest with pt-query-digest fingerprints and class IDs',
  async run(args: string[], io: CliIo): Promise<number> {
    const parsed = optionsOrExit('slowlog', USAGE, parseOptions(args), io);
    if (typeof parsed === 'number') return parsed;
    const digest = new SlowLogDigest(parsed.filter);
    let summary;
    try {
      summary = await digestSlowLogSources(parsed.files, digest);
    } catch (error) {
      if (error instanceof SlowLogSourceError) {
        io.stderr(`sightline slowlog: ${error.message}\n`);
        return 1;
      }
      throw error;
    }
    const all = digest.results();
    const ranked = rankClasses(all, parsed.orderBy);
    const shown = parsed.top === 0 ? ranked : ranked.slice(0, parsed.top);
    if (parsed.format === 'json') {
      const totals = attributeTotals(all);
      for (const c of shown) io.stdout(`${JSON.stringify(classToPtJson(c, totals))}\n`);
    } else {
      io.stdout(classesToText(shown, digest.count));
    }
    const { reader } = summary;
    for (const problem of reader.problems.slice(0, 20))
      io.stderr(`sightline slowlog: byte ${problem.offset}: ${problem.detail}\n`);
    if (reader.problemCount > 20)
      io.stderr(`sightline slowlog: ... ${reader.problemCount - 20} more problems\n`);
    io.stderr(
      `sightline slowlog: ${summary.bytes} bytes, ${summary.entries} entries, ${digest.count} counted` +
        `${digest.filteredOut ? ` (${digest.filteredOut} outside the filters)` : ''}, ${all.length} classes` +
        `${reader.problemCount ? `, ${reader.problemCount} unreadable` : ''}\n`,
    );
    return 0;
  },
};
