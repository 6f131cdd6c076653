/**
 * What running a statement can do, for read-only connections:
 * - `read`: it changes nothing that another session or a restart would see (data, schema,
 *   accounts, server settings, files, locks); it may change this session's own state;
 * - `write`: it changes or locks something beyond the session - run it only after confirmation;
 * - `unknown`: the classifier cannot tell; treat it like a write.
 */
export interface StatementClass {
  kind: 'read' | 'write' | 'unknown';
  /** The statement's first keyword in upper case (`SELECT`, `WITH`, `SET`), '' when none. */
  keyword: string;
  /** Why, in words fit for the confirmation dialog. */
  reason: string;
}
