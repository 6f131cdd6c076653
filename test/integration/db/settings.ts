import {
  defaultConnectionSettings,
  type ConnectionSettings,
  type Secrets,
} from '../../../src/shared/api/connection';
import { ApiError } from '../../../src/shared/api/errors';

/** A server as the tests know it: the shared endpoints and dedicated servers both fit. */
export interface TestTarget {
  host: string;
  port: number;
  user: string;
  password: string;
}

/** Connection settings for `server` over TCP, TLS off, a short timeout; `overrides` win. */
export function settingsFor(
  server: TestTarget,
  overrides: Partial<ConnectionSettings> = {},
): ConnectionSettings {
  return {
    ...defaultConnectionSettings(),
    name: 'integration test',
    endpoint: { kind: 'tcp', host: server.host, port: server.port },
    user: server.user,
    passwordMode: 'saved',
    tls: { mode: 'off' },
    connectTimeoutMs: 5000,
    ...overrides,
  };
}

export function secretsFor(server: TestTarget, extra: Secrets = {}): Secrets {
  return { password: server.password, ...extra };
}

/** The ApiError `promise` rejects with; fails the test if it resolves or throws anything else. */
export async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`expected an ApiError, got ${String(error)}`);
  }
  throw new Error('expected a failure, but it succeeded');
}
