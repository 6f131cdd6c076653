import { z } from 'zod';

/** Where Sightline's releases are announced unless the user names another feed. */
export const DEFAULT_RELEASE_FEED = 'https://api.github.com/repos/sightline-app/sightline/releases';

/**
 * An http(s) address: scheme, host (name, IPv4 or [IPv6], optional port), then an optional
 * path. Anything else (file:, data:, user:password@host, ...) is refused before it is saved.
 */
export const WEB_URL =
  /^https?:\/\/(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;

const FeedUrl = z
  .string()
  .trim()
  .max(2048)
  .regex(WEB_URL, 'The release feed must be an http:// or https:// address');

/** Update notifications: off until the user turns them on. Sightline never installs anything. */
export const UpdateSettingsSchema = z.object({
  enabled: z.boolean(),
  feedUrl: FeedUrl,
});
export type UpdateSettings = z.infer<typeof UpdateSettingsSchema>;

/** The settings as first installed: no check, the project's own feed when turned on. */
export function defaultUpdateSettings(): UpdateSettings {
  return { enabled: false, feedUrl: DEFAULT_RELEASE_FEED };
}

/** What the last check found. */
export const UpdateStatusSchema = z.object({
  /**
   * `off`: checks are disabled (nothing was fetched); `current`: no newer release;
   * `available`: see `latest`; `failed`: see `problem`.
   */
  state: z.enum(['off', 'current', 'available', 'failed']),
  currentVersion: z.string(),
  latest: z
    .object({
      version: z.string(),
      /** The release page to open (http or https), when the feed gave one. */
      url: z.string().nullable(),
      name: z.string().nullable(),
      publishedAt: z.string().nullable(),
    })
    .nullable(),
  /** When the feed was last read (ISO time); null when it never was. */
  checkedAt: z.string().nullable(),
  /** For `failed`: what went wrong and what to do, in plain words. */
  problem: z.string().nullable(),
});
export type UpdateStatus = z.infer<typeof UpdateStatusSchema>;

/** The update methods; spread into the contract. */
export const updatesContract = {
  /** The update notification settings (defaults when never saved). */
  'updates.settings': { params: z.object({}).strict(), result: UpdateSettingsSchema },
  /** Saves the update settings (settings.json in the data folder). */
  'updates.saveSettings': { params: UpdateSettingsSchema, result: UpdateSettingsSchema },
  /**
   * Reads the release feed when checks are on and says whether a newer version exists. A
   * recent answer is reused unless `force` (the "Check now" button); with checks off nothing is
   * fetched and the state is `off`.
   */
  'updates.check': {
    params: z.object({ force: z.boolean().optional() }).strict(),
    result: UpdateStatusSchema,
  },
} as const;
