/**
 * App settings (result limits, update notifications) in `settings.json` in the data folder, written
 * atomically with a last-good backup like the connection store. Keys this version does not know
 * are kept, inside sections too, so a newer Sightline's settings survive a run of an older one;
 * a section this version cannot use is named in `warning`, its defaults apply, and it stays in
 * the file as it is until the user saves that section. A file of a newer format version is left
 * unchanged (never moved aside as damaged): the defaults apply and saves stay in memory. A save applies at
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

/**
 * The file as stored: sections are kept as they are (a newer Sightline's keys, a section this
 * version cannot use), so a rewrite writes back everything it did not change. What applies is
 * read from each section by `sectionValue`.
 */
const SettingsFileSchema = z.looseObject({ version: z.number().int().min(1) });
/**
 * The format version this Sightline writes. A newer one (a change older versions cannot read
 * safely) is left unchanged: not read, not moved aside as damaged, not written over.
 */
const SETTINGS_FILE_VERSION = 1;
type SettingsFile = z.infer<typeof SettingsFileSchema>;

const LABEL = 'The settings file';

/** One section of the file: its key, what it is called in messages, its shape and defaults. */
interface Section<T> {
  key: 'updates' | 'results' | 'plan' | 'screenReads';
  label: string;
  schema: z.ZodObject;
  /** The same checks, but a key this version does not know is ignored rather than an error. */
  reader: z.ZodObject;
  defaults: () => T;
}

function section<T>(
  key: Section<T>['key'],
  label: string,
  schema: z.ZodObject,
  defaults: () => T,
): Section<T> {
  return { key, label, schema, reader: z.object(schema.shape), defaults };
}

const UPDATES = section<UpdateSettings>(
  'updates',
  'the update settings',
  UpdateSettingsSchema,
  defaultUpdateSettings,
);
const RESULTS = section<ResultLimitSettings>(
  'results',
  'the result limits',
  ResultLimitSettingsSchema,
  defaultResultLimitSettings,
);
const PLAN = section<PlanDiagnosticSettings>(
  'plan',
  'the plan diagnostic thresholds',
  PlanDiagnosticSettingsSchema,
  defaultPlanDiagnosticSettings,
);
const SCREEN_READS = section<ScreenReadSettings>(
  'screenReads',
  'the wait for server answers',
  ScreenReadSettingsSchema,
  defaultScreenReadSettings,
);
const SECTIONS: ReadonlyArray<Section<object>> = [UPDATES, RESULTS, PLAN, SCREEN_READS];

/**
 * What a section of the file says, as this version reads it: keys a newer Sightline added are
 * left out (they stay in the file); null when the section is absent (the defaults apply, so a
 * later version's new defaults still reach the user) or cannot be used (`problem` says why).
 */
function sectionValue<T>(
  file: SettingsFile,
  section: Section<T>,
): { value: T | null; problem: string | null } {
  const raw = file[section.key];
  if (raw === undefined) return { value: null, problem: null };
  const result = section.reader.safeParse(raw);
  if (result.success) return { value: result.data as T, problem: null };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return { value: null, problem: `${where}${issue?.message ?? 'not in the expected format'}` };
}

export interface SettingsStoreWriting {
  /** Told when a write fails and when writing works again. */
  monitor?: StoreWriteMonitor;
  retryDelays?: RetryDelays;
}

export class SettingsStore {
  readonly #path: string;
  /** The file's content: every save applies here at once, then goes to the file. */
  #file: SettingsFile;
  /** Saves applied but not yet in the file. */
  #unsaved = 0;
  /** What went wrong reading the file, in plain words; null when all was well. */
  readonly warning: string | null;
  /** Writes run one after another, each writing the settings as they are then. */
  readonly #writer: RetryingWrite;
  /** The file is a newer version's: changes apply in memory only. */
  readonly #newerFile: boolean;

  private constructor(
    file: string,
    value: SettingsFile,
    warning: string | null,
    writing: SettingsStoreWriting,
    newerFile = false,
  ) {
    this.#path = file;
    this.#file = value;
    this.warning = warning;
    this.#newerFile = newerFile;
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
      empty: defaultFile,
      label: LABEL,
    });
    if (read.value.version > SETTINGS_FILE_VERSION) {
      const warning =
        `${LABEL} ${file} was written by a newer version of Sightline (format version ` +
        `${read.value.version}; this version reads version ${SETTINGS_FILE_VERSION}). It was ` +
        `left unchanged and the defaults apply; settings changed here apply until Sightline ` +
        `closes but are not saved.`;
      return new SettingsStore(file, defaultFile(), warning, writing, true);
    }
    const problems = SECTIONS.flatMap((section) => {
      const { problem } = sectionValue(read.value, section);
      return problem === null ? [] : [`${section.label} could not be used (${problem})`];
    });
    const warnings = [read.warning];
    if (problems.length > 0) {
      warnings.push(
        `${LABEL} ${file}: ${problems.join('; ')}, so the defaults apply. ` +
          `${problems.length === 1 ? 'The section is' : 'These sections are'} kept in the file ` +
          `as ${problems.length === 1 ? 'it is' : 'they are'} until these settings are saved again.`,
      );
    }
    const warning = warnings.filter((w) => w !== null).join(' ') || null;
    return new SettingsStore(file, read.value, warning, writing);
  }

  get updates(): UpdateSettings {
    return this.#get(UPDATES);
  }

  async saveUpdates(updates: UpdateSettings): Promise<UpdateSettings> {
    await this.#saveSection(UPDATES, updates);
    return this.updates;
  }

  get results(): ResultLimitSettings {
    return this.#get(RESULTS);
  }

  async saveResults(results: ResultLimitSettings): Promise<ResultLimitSettings> {
    await this.#saveSection(RESULTS, results);
    return this.results;
  }

  get plan(): PlanDiagnosticSettings {
    return this.#get(PLAN);
  }

  async savePlan(plan: PlanDiagnosticSettings): Promise<PlanDiagnosticSettings> {
    await this.#saveSection(PLAN, plan);
    return this.plan;
  }

  get screenReads(): ScreenReadSettings {
    return this.#get(SCREEN_READS);
  }

  async saveScreenReads(screenReads: ScreenReadSettings): Promise<ScreenReadSettings> {
    await this.#saveSection(SCREEN_READS, screenReads);
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

  /** A section's values in effect: as the file says, or the defaults. */
  #get<T>(section: Section<T>): T {
    return { ...(sectionValue(this.#file, section).value ?? section.defaults()) };
  }

  /**
   * Saves one section's values over the ones in the file. Keys a newer Sightline keeps in the
   * section stay (when the section was usable; one that was not is replaced whole).
   */
  #saveSection<T extends object>(section: Section<T>, value: T): Promise<void> {
    // Checked before it takes effect: a value the file would refuse is a bug, not a save.
    if (!section.schema.safeParse(value).success) {
      throw new Error(
        `${section.label} do not match their own format. This is a bug in Sightline.`,
      );
    }
    return this.#save((file) => {
      const usable = sectionValue(file, section).value !== null;
      const kept = usable ? (file[section.key] as Record<string, unknown>) : {};
      return { ...file, [section.key]: { ...kept, ...value } };
    });
  }

  /**
   * Applies a change to the settings in effect (so two sections saved at once both stay) and
   * writes them. If the file cannot be written, the caller gets STORE_FAILED, while the change
   * stays in effect and is written by the next save or retry: nothing the user typed is lost.
   */
  async #save(change: (file: SettingsFile) => SettingsFile): Promise<void> {
    this.#file = change(this.#file);
    if (this.#newerFile) {
      throw new ApiError({
        code: 'STORE_FAILED',
        message:
          `The settings were not saved: ${this.#path} was written by a newer version of ` +
          `Sightline, and this version leaves it unchanged. The change applies until Sightline ` +
          `closes.`,
      });
    }
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

function defaultFile(): SettingsFile {
  return { version: SETTINGS_FILE_VERSION, updates: defaultUpdateSettings() };
}
