import type { TestProject } from 'vitest/node';
import { logProgress } from './progress-log';
import { startSharedServers, type SharedServers } from './shared-servers';

// The integration and e2e projects both name this file; when one vitest run covers both, they
// share one set of servers (reference-counted) instead of starting two.
interface SharedState {
  pending: Promise<SharedServers>;
  users: number;
}
const STATE_KEY = Symbol.for('sightline.test-servers.shared');
const globalState = globalThis as typeof globalThis & { [STATE_KEY]?: SharedState };

/**
 * vitest global setup for the `integration` and `e2e` projects: starts (or finds by URL) the
 * shared servers, provides them to tests as `servers` (read with `testServers()` from
 * ./provided), and destroys them in the returned teardown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let state = globalState[STATE_KEY];
  if (!state) {
    logProgress('starting shared test servers');
    state = { pending: startSharedServers(), users: 0 };
    globalState[STATE_KEY] = state;
    state.pending.catch(() => delete globalState[STATE_KEY]);
  }
  state.users++;
  const shared = await state.pending;
  project.provide('servers', shared.servers);
  return async () => {
    const current = globalState[STATE_KEY];
    if (!current || --current.users > 0) return;
    delete globalState[STATE_KEY];
    await shared.destroy();
  };
}
