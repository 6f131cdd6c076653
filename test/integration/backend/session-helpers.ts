import { defaultConnectionSettings } from '../../../src/shared/api/connection';
import type { Cell, QueryStatus } from '../../../src/shared/api/query';
import type { ServerEndpoint } from '../../servers/provided';
import type { BackendUnderTest } from './backend-harness';

type ConnectionOptions = {
  readOnly?: boolean;
  scratch?: boolean;
  initSql?: string;
  defaultSchema?: string;
};

/** Saves a connection to `server` over TCP, as the connection form would; its id. */
export async function saveConnection(
  b: BackendUnderTest,
  server: ServerEndpoint,
  name: string,
  options: ConnectionOptions = {},
): Promise<string> {
  const saved = await b.call('connections.save', {
    settings: {
      ...defaultConnectionSettings(),
      name,
      readOnly: options.readOnly ?? false,
      scratch: options.scratch ?? false,
      initSql: options.initSql ?? '',
      defaultSchema: options.defaultSchema ?? '',
      endpoint: { kind: 'tcp', host: server.host, port: server.port },
      // MariaDB here has no TLS; new connections now default to 'required'.
      tls: { mode: 'preferred' },
      user: server.user,
      passwordMode: server.password === '' ? 'none' : 'saved',
    },
    secrets: server.password === '' ? {} : { password: server.password },
  });
  if (!saved.ok) throw new Error(saved.error.message);
  return saved.value.id;
}

/** Saves a connection to `server` and opens a session on it, as a screen would. */
export async function openSession(
  b: BackendUnderTest,
  server: ServerEndpoint,
  name: string,
  options: ConnectionOptions = {},
): Promise<string> {
  const connectionId = await saveConnection(b, server, name, options);
  const opened = await b.call('session.open', { connectionId });
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value.sessionId;
}

/** Waits for a statement to end (failing after `timeoutMs`) and returns its final status. */
export async function waitDone(
  b: BackendUnderTest,
  queryId: string,
  timeoutMs = 20_000,
): Promise<QueryStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await b.call('query.status', { queryId });
    if (!s.ok) throw new Error(s.error.message);
    if (s.value.state !== 'running') return s.value;
    if (Date.now() > deadline)
      throw new Error(`still running after ${timeoutMs} ms: ${s.value.sql}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs a statement in a session and waits for it to end. */
export async function runStatement(
  b: BackendUnderTest,
  sessionId: string,
  sql: string,
  timeoutMs = 20_000,
): Promise<QueryStatus> {
  const started = await b.call('query.start', { sessionId, sql });
  if (!started.ok) throw new Error(`${started.error.code}: ${started.error.message}`);
  return waitDone(b, started.value.queryId, timeoutMs);
}

/** Rows `offset ..< offset+limit` of a result. */
export async function resultRows(
  b: BackendUnderTest,
  queryId: string,
  offset = 0,
  limit = 100,
): Promise<Cell[][]> {
  const r = await b.call('query.rows', { queryId, offset, limit });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.rows;
}
