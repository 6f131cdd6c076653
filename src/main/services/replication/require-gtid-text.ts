import { ApiError } from '../../../shared/api/errors';
import { parseMariadbGtidList } from '../../../shared/gtid/mariadb-gtid-list';
import { parseGtidSet } from '../../../shared/gtid/parse-gtid-set';

/** Which grammar a server's GTID values follow. */
export type GtidGrammar = 'mysql' | 'mariadb';

/**
 * A GTID value exactly as the server sent it, once it reads as a whole MySQL GTID set (or
 * MariaDB GTID list). Anything else, e.g. a value cut short mid-UUID, is a SERVER_ERROR that
 * names it: errant detection, the promotion check and the fix take these values as the whole
 * truth, so a value that does not parse must never turn into a smaller set or no finding.
 */
export function requireGtidText(name: string, value: unknown, grammar: GtidGrammar): string {
  if (typeof value !== 'string') {
    throw new ApiError({
      code: 'SERVER_ERROR',
      message: `The server returned ${value === null ? 'NULL' : typeof value} for ${name}, where GTID text was expected.`,
    });
  }
  const problem = grammar === 'mariadb' ? mariadbProblem(value) : mysqlProblem(value);
  if (problem !== null) {
    throw new ApiError({
      code: 'SERVER_ERROR',
      message: `The server's ${name} (${value.length} characters) is not a ${grammar === 'mariadb' ? 'MariaDB GTID list' : 'GTID set'}: ${problem}. Errant transactions and promotion are not judged from a set that cannot be read whole.`,
    });
  }
  return value;
}

function mysqlProblem(text: string): string | null {
  const parsed = parseGtidSet(text);
  return parsed.ok ? null : parsed.error.detail;
}

function mariadbProblem(text: string): string | null {
  const parsed = parseMariadbGtidList(text);
  return parsed.ok ? null : parsed.error;
}
