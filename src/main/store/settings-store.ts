/**
 * App settings (result limits, update notifications) in `settings.json` in the data folder, written
 * atomically with a last-good backup like the connection store. Keys this version does not know
 * are kept, so a newer Sightline's settings survive a run of an older one. A save applies at
 * once; if the file cannot be written the caller is told, and the change is kept and written
 * again until the disk takes it (RetryingWrite).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ApiError, isApiError } from '../../shared/api/errors';
import {
  defaultUpdateSettings,
  UpdateSettingsSchema,
  type UpdateSettings,
} from '../../shared/api/updates';
import {
  PRIVATE_FILE_MODE,
  readJsonFileWithBackup,
  removeStrayTempFiles,
  writeJsonFileWithBackup,
} from './atomic-file';
import {
  defaultPlanDiagnosticSettings,
  defaultResultLimitSettings,
  defaultScreenReadSettings,
  PlanDiagnosticSettingsSchema,
  ResultLimitSettingsSchema,
  ScreenReadSettingsSchema,
  type PlanDiagnosticSettings,
  type ResultLimitSettings,
  type ScreenReadSettings,
} from '../../shared/api/settings';
import { errorMessage } from './os-error';
import { RetryingWrite, type RetryDelays } from './retrying-write';
import type { StoreWriteMonitor } from './store-write-monitor';

const SettingsFileSchema = z
  .object({
    version: z.literal(1),
    // A damaged section falls back to its defaults rather than losing the whole file.
    updates: UpdateSettingsSchema.catch(defaultUpdateSettings),
    // Absent until the user saves limits, so a later version's new defaults still reach them.
    results: ResultLimitSettingsSchema.optional().catch(undefined),
    plan: PlanDiagnosticSettingsSchema.optional().catch(undefined),
    screenReads: ScreenReadSettingsSchema.optional().catch(undefined),
  })
  .loose();
type SettingsFile = z.infer<typeof SettingsFileSchema>;

const LABEL = 'The settings file';

export interface SettingsStoreWriting {
  /** Told when a write fails and when writing works again. */
  monitor?: StoreWriteMonitor;
  retryDelays?: RetryDelays;
}

export class SettingsStore {
  readonly #path: string;
  /** The settings in effect: every save applies here at once, then goes to the file. */
  #file: SettingsFile;
  /** Saves applied but not yet in the file. */
  #unsaved = 0;
  /** What went wrong reading the file, in plain words; null when all was well. */
  readonly warning: string | null;
  /** Writes run one after another, each writing the settings as they are then. */
  readonly #writer: RetryingWrite;

  private constructor(
    file: string,
    value: SettingsFile,
    warning: string | null,
    writing: SettingsStoreWriting,
  ) {
    this.#path = file;
    this.#file = value;
    this.warning = warning;
    this.#writer = new RetryingWrite({
      store: 'settings',
      path: file,
      write: () => this.#write(),
      unsaved: () => this.#unsaved,
      monitor: writing.monitor,
      delays: writing.retryDelays,
    });
  }

  static async open(dataDir: string, writing: SettingsStoreWriting = {}): Promise<SettingsStore> {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const file = path.join(dataDir, 'settings.json');
    await removeStrayTempFiles(file).catch(() => undefined);
    const read = await readJsonFileWithBackup(file, SettingsFileSchema, {
      empty: () => ({
        version: 1 as const,
        updates: defaultUpdateSettings(),
      }),
      label: LABEL,
    });
    return new SettingsStore(file, read.value, read.warning, writing);
  }

  get updates(): UpdateSettings {
    return { ...this.#file.updates };
  }

  async saveUpdates(updates: UpdateSettings): Promise<UpdateSettings> {
    await this.#save((file) => ({ ...file, updates: { ...updates } }));
    return this.updates;
  }

  get results(): ResultLimitSettings {
    return { ...(this.#file.results ?? defaultResultLimitSettings()) };
  }

  async saveResults(results: ResultLimitSettings): Promise<ResultLimitSettings> {
    await this.#save((file) => ({ ...file, results: { ...results } }));
    return this.results;
  }

  /** Applies a change to the settings as they stand after any save still being written, so two
   * sections saved at once both stay. */
  get plan(): PlanDiagnosticSettings {
    return { ...(this.#file.plan ?? defaultPlanDiagnosticSettings()) };
  }

  async savePlan(plan: PlanDiagnosticSettings): Promise<PlanDiagnosticSettings> {
    await this.#save((file) => ({ ...file, plan: { ...plan } }));
    return this.plan;
  }

  get screenReads(): ScreenReadSettings {
    return { ...(this.#file.screenReads ?? defaultScreenReadSettings()) };
  }

  async saveScreenReads(screenReads: ScreenReadSettings): Promise<ScreenReadSettings> {
    await this.#save((file) => ({ ...file, screenReads: { ...screenReads } }));
    return this.screenReads;
  }

  /** Resolves once every save so far is in the file; rejects if writing failed. */
  flush(): Promise<void> {
    return this.#writer.run();
  }

  /** Stops retrying a failed write (the backend is closing). */
  close(): void {
    this.#writer.close();
  }

  /**
   * Applies a change to the settings in effect (so two sections saved at once both stay) and
   * writes them. If the file cannot be written, the caller gets STORE_FAILED, while the change
   * stays in effect and is written by the next save or retry: nothing the user typed is lost.
   */
  async #save(change: (file: SettingsFile) => SettingsFile): Promise<void> {
    const next = change(this.#file);
    // Checked before it takes effect: a value the file would refuse is a bug, not a save.
    if (!SettingsFileSchema.safeParse(next).success) {
      throw new Error('The settings do not match their own format. This is a bug in Sightline.');
    }
    this.#file = next;
    this.#unsaved++;
    try {
      await this.#writer.run();
    } catch (error) {
      if (isApiError(error)) throw error;
      throw new ApiError({
        code: 'STORE_FAILED',
        message:
          `The settings could not be written to ${this.#path}: ${errorMessage(error)}. ` +
          `The change applies from now on and is kept in memory; Sightline writes it as soon ` +
          `as the disk takes it (if Sightline is closed before that, it is lost).`,
      });
    }
  }

  async #write(): Promise<void> {
    const saves = this.#unsaved;
    if (saves === 0) return;
    await writeJsonFileWithBackup(this.#path, this.#file, SettingsFileSchema, {
      mode: PRIVATE_FILE_MODE,
      label: LABEL,
    });
    this.#unsaved -= saves;
  }
}
