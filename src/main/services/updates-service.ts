// Update notifications: reads a release feed the user turned on and says whether a newer
// Sightline exists, with a link to it. It never downloads or installs anything.
import type { UpdateSettings, UpdateStatus } from '../../shared/api/updates';
import { newerRelease, parseReleaseFeed } from '../../shared/updates/release-feed';
import { parseReleaseVersion } from '../../shared/updates/release-version';
import type { Handlers } from '../backend/handlers';
import type { SettingsStore } from '../store/settings-store';

/** An answer younger than this is reused (several windows, reloads) unless asked to force. */
const REUSE_MS = 6 * 60 * 60 * 1000;
const TIMEOUT_MS = 10_000;
/** Feeds are small; GitHub's list of 30 releases is some 100 KB. */
const MAX_FEED_BYTES = 4 * 1024 * 1024;

export interface UpdatesOptions {
  currentVersion: string;
  /** For tests: the clock. */
  now?: () => Date;
}

/** Why reading the feed failed, in words for the problem line. */
function describeFetchFailure(e: unknown): string {
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) {
    return `no answer within ${TIMEOUT_MS / 1000} s`;
  }
  const cause =
    e instanceof Error ? (e.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  switch (cause?.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name could not be found (offline?)';
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ECONNRESET':
      return 'the connection was reset';
    default:
      if (typeof cause?.code === 'string') return `the connection failed (${cause.code})`;
      // e.g. undici's "bad port" for ports the fetch standard blocks.
      if (typeof cause?.message === 'string') return `the connection failed (${cause.message})`;
      return 'the connection failed';
  }
}

class FeedProblem extends Error {}

async function readFeed(url: string, currentVersion: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'follow',
      headers: {
        accept: 'application/vnd.github+json, application/json',
        'user-agent': `Sightline/${currentVersion}`,
      },
    });
  } catch (e) {
    throw new FeedProblem(describeFetchFailure(e));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedProblem(`the server answered ${response.status} ${response.statusText}`.trim());
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_FEED_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedProblem(`the answer is too big (${declared} bytes) to be a release feed`);
  }
  const text = await readCapped(response);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FeedProblem('the answer is not JSON');
  }
}

/**
 * The body as text, read chunk by chunk and given up past MAX_FEED_BYTES: a chunked answer
 * declares no length, and reading it whole first took the backend to 1.75 GB on 800 MB.
 */
async function readCapped(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > MAX_FEED_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw new FeedProblem(
          `the answer is over ${MAX_FEED_BYTES / 1024 / 1024} MiB, too big to be a release feed`,
        );
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof FeedProblem) throw e;
    throw new FeedProblem(describeFetchFailure(e));
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Settings and checks of update notifications, over one settings store. */
export function updatesService(
  settings: SettingsStore,
  options: UpdatesOptions,
): Handlers<'updates.settings' | 'updates.saveSettings' | 'updates.check'> {
  const now = options.now ?? (() => new Date());
  let last: { status: UpdateStatus; feedUrl: string; at: number } | null = null;
  let inFlight: Promise<UpdateStatus> | null = null;

  const status = (
    state: UpdateStatus['state'],
    more: Partial<UpdateStatus> = {},
  ): UpdateStatus => ({
    state,
    currentVersion: options.currentVersion,
    latest: null,
    checkedAt: null,
    problem: null,
    ...more,
  });

  async function check(current: UpdateSettings): Promise<UpdateStatus> {
    const checkedAt = now().toISOString();
    const failed = (why: string) =>
      status('failed', {
        checkedAt,
        problem:
          `Could not check ${current.feedUrl} for a newer Sightline: ${why}. ` +
          `Check the feed address in the update settings, or try again later.`,
      });
    const version = parseReleaseVersion(options.currentVersion);
    if (!version) {
      return failed(`this build's version "${options.currentVersion}" is not a release version`);
    }
    let doc: unknown;
    try {
      doc = await readFeed(current.feedUrl, options.currentVersion);
    } catch (e) {
      if (e instanceof FeedProblem) return failed(e.message);
      throw e;
    }
    const releases = parseReleaseFeed(doc);
    if (releases === null) return failed('the answer lists no release versions');
    const newer = newerRelease(releases, version);
    if (!newer) return status('current', { checkedAt });
    return status('available', {
      checkedAt,
      latest: {
        version: newer.version.text,
        url: newer.url,
        name: newer.name,
        publishedAt: newer.publishedAt,
      },
    });
  }

  return {
    'updates.settings': async () => settings.updates,
    'updates.saveSettings': async (params) => {
      const saved = await settings.saveUpdates(params);
      last = null;
      return saved;
    },
    'updates.check': async ({ force }) => {
      const current = settings.updates;
      if (!current.enabled) return status('off');
      const fresh =
        last !== null && last.feedUrl === current.feedUrl && now().getTime() - last.at < REUSE_MS;
      if (fresh && !force) return last!.status;
      inFlight ??= check(current).finally(() => (inFlight = null));
      const result = await inFlight;
      last = { status: result, feedUrl: current.feedUrl, at: now().getTime() };
      return result;
    },
  };
}
