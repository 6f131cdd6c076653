import { z } from 'zod';
import { SeveritySchema } from '../severity';

/** One thing worth a DBA's attention about a replica, worst first when listed. */
export const ReplicationProblemSchema = z.object({
  severity: SeveritySchema,
  /** Stable key for screens and tests: `io-error`, `sql-stopped`, `lag`, `errant`, ... */
  code: z.string(),
  /** The channel it concerns ('' for the default one); null for the server as a whole. */
  channel: z.string().nullable(),
  /** One line: what is wrong. */
  title: z.string(),
  /** The server's words and what to do next. */
  detail: z.string(),
});
export type ReplicationProblem = z.infer<typeof ReplicationProblemSchema>;
