/**
 * App settings (result limits, update notifications) in `settings.json` in the data folder, written
 * atomically with a last-good backup like the connection store. Keys this version does not know
 * are kept, so a newer Sightline's settings survive a run of an older one.
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
  PlanDiagnosticSettingsSchema,
  ResultLimitSettingsSchema,
  type PlanDiagnosticSettings,
  type ResultLimitSettings,
} from '../../shared/api/settings';
import { errorMessage } from './os-error';

const SettingsFileSchema = z
  .object({
    version: z.literal(1),
    // A damaged section falls back to its defaults rather than losing the whole file.
    updates: UpdateSettingsSchema.catch(defaultUpdateSettings),
    // Absent until the user saves limits, so a later version's new defaults still reach them.
    results: ResultLimitSettingsSchema.optional().catch(undefined),
    plan: PlanDiagnosticSettingsSchema.optional().catch(undefined),
  })
  .loose();
type SettingsFile = z.infer<typeof SettingsFileSchema>;

const LABEL = 'The settings file';

export class SettingsStore {
  readonly #path: string;
  #file: SettingsFile;
  /** What went wrong reading the file, in plain words; null when all was well. */
  readonly warning: string | null;
  /** Saves run one after another, so the last one called is the one on disk. */
  #writing: Promise<unknown> = Promise.resolve();

  private constructor(file: string, value: SettingsFile, warning: string | null) {
    this.#path = file;
    this.#file = value;
    this.warning = warning;
  }

  static async open(dataDir: string): Promise<SettingsStore> {
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
    return new SettingsStore(file, read.value, read.warning);
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

  async #save(change: (file: SettingsFile) => SettingsFile): Promise<void> {
    const write = this.#writing.then(async () => {
      const next = change(this.#file);
      await writeJsonFileWithBackup(this.#path, next, SettingsFileSchema, {
        mode: PRIVATE_FILE_MODE,
        label: LABEL,
      });
      this.#file = next;
    });
    this.#writing = write.catch(() => undefined);
    try {
      await write;
    } catch (error) {
      if (isApiError(error)) throw error;
      throw new ApiError({
        code: 'STORE_FAILED',
        message: `The settings could not be written to ${this.#path}, so the change was not saved: ${errorMessage(error)}`,
      });
    }
  }
}
