/**
 * Saved connections, kept in `<dataDir>/connections.json` (format in connections-file.ts).
 *
 * Memory holds exactly what the file holds: every change is written first and only applied to
 * memory once the write succeeded, and changes run one at a time (a promise queue), each starting
 * from the previous one's result, so two saves at once can never lose one.
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ConnectionSettingsSchema,
  samePasswordTarget,
  SecretsPatchSchema,
  type ConnectionSettings,
  type SavedConnection,
  type Secrets,
  type SecretsPatch,
  type UnreadableConnection,
} from '../../shared/api/connection';
import { ApiError, isApiError } from '../../shared/api/errors';
import {
  PRIVATE_FILE_MODE,
  readJsonFileWithBackup,
  removeStrayTempFiles,
  writeJsonFileWithBackup,
} from './atomic-file';
import {
  CONNECTIONS_FILE_FORMAT,
  CONNECTIONS_FILE_NAME,
  CONNECTIONS_FILE_VERSION,
  ConnectionsFileSchema,
  idOf,
  readEntry,
  StoredConnectionSchema,
  type ConnectionsFile,
  type StoredConnection,
} from './connections-file';
import { copyName } from './copy-name';
import { errorMessage } from './os-error';
import { applySecretsPatch, storedSecretsOf, unsealSecrets } from './sealed-secrets';
import type { SecretBox } from './secret-box';

const FILE_LABEL = 'The saved connections file';
/** The longest name the settings schema accepts; duplicate names are shortened to fit. */
const MAX_NAME_LENGTH = 100;

interface Entry {
  /** The entry exactly as stored, with keys a newer Sightline may have added; this is written back. */
  readonly raw: Readonly<Record<string, unknown>>;
  /** The validated view of `raw`. */
  readonly connection: StoredConnection;
}

/**
 * An entry this version cannot read (see UnreadableConnection): written back exactly as read,
 * in its place, so the newer Sightline that wrote it still finds it.
 */
interface Unreadable {
  readonly raw: unknown;
  readonly view: UnreadableConnection;
}

interface State {
  /** The file's top-level keys other than `connections`, kept for rewriting. */
  readonly header: Readonly<Record<string, unknown>>;
  /** Every entry of the file, in its order. */
  readonly items: readonly (Entry | Unreadable)[];
}

function isEntry(item: Entry | Unreadable): item is Entry {
  return 'connection' in item;
}

function entriesOf(state: State): Entry[] {
  return state.items.filter(isEntry);
}

const nameOrder = new Intl.Collator('en', { sensitivity: 'accent', numeric: true });

export class ConnectionStore {
  readonly #box: SecretBox;
  readonly #path: string;
  #state: State;
  #warning: string | null;
  /** The tail of the write queue; never rejects, so one failed write does not block the next. */
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(path: string, box: SecretBox, state: State, warning: string | null) {
    this.#path = path;
    this.#box = box;
    this.#state = state;
    this.#warning = warning;
  }

  /**
   * Opens (or starts) the store in `dataDir`, creating the folder (0700) if needed. A damaged
   * file falls back to its backup, with `warning` saying so; a file from a newer, incompatible
   * Sightline is refused rather than misread or overwritten. An entry this version cannot read
   * is kept aside, unchanged (see unreadable()), and the others are read.
   */
  static async open(dataDir: string, box: SecretBox): Promise<ConnectionStore> {
    const path = join(dataDir, CONNECTIONS_FILE_NAME);
    try {
      const firstCreated = await mkdir(dataDir, { recursive: true, mode: 0o700 });
      if (firstCreated !== undefined) await chmod(dataDir, 0o700);
    } catch (error) {
      throw new ApiError({
        code: 'STORE_FAILED',
        message: `The data folder ${dataDir} could not be created: ${errorMessage(error)}`,
      });
    }
    // Leftovers of an interrupted write are never read; failing to tidy them must not stop a start.
    await removeStrayTempFiles(path).catch(() => undefined);
    const read = await readJsonFileWithBackup(path, ConnectionsFileSchema, {
      empty: emptyFile,
      label: FILE_LABEL,
    });
    const file = read.value;
    if (file.version !== CONNECTIONS_FILE_VERSION) {
      throw new ApiError({
        code: 'STORE_FAILED',
        message:
          `${FILE_LABEL} ${path} was written by a newer version of Sightline (format version ` +
          `${file.version}; this version reads version ${CONNECTIONS_FILE_VERSION}). It was left ` +
          `unchanged. Use the newer Sightline, or move the file away to start with an empty list.`,
      });
    }
    const { connections, ...header } = file;
    const items = connections.map((raw, index) => {
      const read = readEntry(raw);
      if (read.ok) return { raw: read.raw, connection: read.connection };
      return unreadableItem(read.raw, index, read.field, read.reason);
    });
    return new ConnectionStore(path, box, { header, items }, read.warning);
  }

  /**
   * What went wrong with the file, in plain words (e.g. it was damaged and the backup was used),
   * or null. Set when the store is opened, and again if a later write finds damage.
   */
  get warning(): string | null {
    return this.#warning;
  }

  /** All saved connections sorted by name (case-insensitively); no secrets, only which exist. */
  list(): SavedConnection[] {
    return entriesOf(this.#state)
      .map((entry) => toSaved(entry.connection))
      .sort(
        (a, b) =>
          nameOrder.compare(a.name, b.name) ||
          byCodeUnits(a.name, b.name) ||
          byCodeUnits(a.id, b.id),
      );
  }

  /**
   * The entries this version cannot read, in the file's order: kept as written, shown so that
   * nobody thinks them lost, and changed by nothing but delete().
   */
  unreadable(): UnreadableConnection[] {
    return this.#state.items.filter((i) => !isEntry(i)).map((i) => ({ ...(i as Unreadable).view }));
  }

  get(id: string): SavedConnection {
    return toSaved(this.#find(this.#state, id).connection);
  }

  /**
   * Creates (no `id`) or updates a connection and patches its secrets: a string sets a secret,
   * null clears it, absent keeps it. Secrets the settings do not use are cleared: the password
   * unless `passwordMode` is 'saved', the SSH secrets when `ssh` is null.
   */
  save(
    id: string | undefined,
    settings: ConnectionSettings,
    patch: SecretsPatch,
  ): Promise<SavedConnection> {
    return this.#change((state) => {
      const valid = validated(settings, patch);
      const previous = id === undefined ? undefined : this.#find(state, id);
      const now = new Date().toISOString();
      const connection = {
        ...(previous?.raw ?? {}),
        id: previous?.connection.id ?? randomUUID(),
        ...valid.settings,
        createdAt: previous?.connection.createdAt ?? now,
        updatedAt: now,
        sealedSecrets: applySecretsPatch(
          previous?.connection.sealedSecrets ?? {},
          valid.patch,
          valid.settings,
          this.#box,
        ),
      };
      const entry = toEntry(connection);
      const items = previous
        ? state.items.map((e) => (e === previous ? entry : e))
        : [...state.items, entry];
      return { state: { ...state, items }, result: toSaved(entry.connection) };
    });
  }

  /**
   * Pins the server's TLS certificate (`SHA256:` fingerprint) for a connection that has none,
   * on first use: only while the connection still aims at the server and uses the TLS mode it
   * was connected with (`connected`), so an edit made meanwhile is never overwritten. Secrets
   * are untouched. Resolves to whether the pin was stored.
   */
  pinTlsCertificate(id: string, connected: ConnectionSettings, sha256: string): Promise<boolean> {
    return this.#change((state) => {
      const entry = this.#find(state, id);
      const { connection } = entry;
      const applies =
        connection.tls.serverCertSha256 === undefined &&
        connection.tls.mode === connected.tls.mode &&
        samePasswordTarget(connection, connected);
      if (!applies) return { state, result: false };
      const pinned = toEntry({
        ...entry.raw,
        tls: { ...connection.tls, serverCertSha256: sha256 },
        updatedAt: new Date().toISOString(),
      });
      const items = state.items.map((e) => (e === entry ? pinned : e));
      return { state: { ...state, items }, result: true };
    });
  }

  /**
   * Copies a connection, secrets included, under a new id and the first free name among
   * "<name> (copy)", "<name> (copy 2)", ... Background explains start off on the copy, and
   * without the production allowance: a copy is often pointed at another server, which
   * nobody agreed to explain on a schedule.
   */
  duplicate(id: string): Promise<SavedConnection> {
    return this.#change((state) => {
      const source = this.#find(state, id);
      const now = new Date().toISOString();
      const names = entriesOf(state).map((e) => e.connection.name);
      const entry = toEntry({
        ...source.raw,
        ...backgroundExplainsOff(source.raw),
        name: copyName(source.connection.name, names, MAX_NAME_LENGTH),
        id: randomUUID(),
        createdAt: now,
        updatedAt: now,
        // Sealed values can be shared: each one decrypts on its own, and the plaintext is the same.
        sealedSecrets: { ...source.connection.sealedSecrets },
      });
      return {
        state: { ...state, items: [...state.items, entry] },
        result: toSaved(entry.connection),
      };
    });
  }

  /** Deletes a connection, or an entry this version cannot read (the one change allowed on it). */
  delete(id: string): Promise<void> {
    return this.#change((state) => {
      const target = state.items.find((i) => (isEntry(i) ? i.connection.id : i.view.id) === id);
      if (!target) throw notFound(id);
      return {
        state: { ...state, items: state.items.filter((e) => e !== target) },
        result: undefined,
      };
    });
  }

  /** The decrypted secrets, for the backend's connect code only: never send these to a screen. */
  secretsOf(id: string): Secrets {
    const { connection } = this.#find(this.#state, id);
    return unsealSecrets(connection.sealedSecrets, this.#box, connection.name);
  }

  /** The readable entry `id`; an unreadable one is refused, saying why, and left as it is. */
  #find(state: State, id: string): Entry {
    const item = state.items.find((i) => (isEntry(i) ? i.connection.id : i.view.id) === id);
    if (!item) throw notFound(id);
    if (isEntry(item)) return item;
    const { name, field, reason } = item.view;
    throw new ApiError({
      code: 'INVALID_REQUEST',
      message:
        `The saved connection ${name === null ? `"${id}"` : `"${name}"`} cannot be used or ` +
        `changed by this version of Sightline (${field || 'the entry'}: ${reason}). It was ` +
        `saved by a newer version or edited by hand, and is kept as it is: open it with the ` +
        `newer version, or delete it.`,
    });
  }

  /**
   * Runs one change after all earlier ones: computes the next state from the current one, writes
   * it, and only then makes it current. If anything fails, memory and file stay as they were.
   */
  #change<T>(compute: (state: State) => { state: State; result: T }): Promise<T> {
    const run = this.#queue.then(async () => {
      const { state, result } = compute(this.#state);
      await this.#write(state);
      this.#state = state;
      return result;
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #write(state: State): Promise<void> {
    const file: ConnectionsFile = {
      ...state.header,
      format: CONNECTIONS_FILE_FORMAT,
      version: CONNECTIONS_FILE_VERSION,
      connections: state.items.map((e) => (isEntry(e) ? { ...e.raw } : e.raw)),
    };
    try {
      const { warning } = await writeJsonFileWithBackup(this.#path, file, ConnectionsFileSchema, {
        mode: PRIVATE_FILE_MODE,
        label: FILE_LABEL,
      });
      if (warning !== null) this.#warning = warning;
    } catch (error) {
      if (isApiError(error)) throw error;
      throw new ApiError({
        code: 'STORE_FAILED',
        message: `The saved connections could not be written to ${this.#path}, so the change was not saved: ${errorMessage(error)}`,
      });
    }
  }
}

/** A fixed tie-break for names that differ only in case, so the order never depends on ids. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function emptyFile(): ConnectionsFile {
  return { format: CONNECTIONS_FILE_FORMAT, version: CONNECTIONS_FILE_VERSION, connections: [] };
}

/** A copy's background-explain settings: the source's interval and count, but off. */
function backgroundExplainsOff(raw: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const kept = raw.backgroundExplains;
  if (kept === undefined || kept === null || typeof kept !== 'object') return {};
  return { backgroundExplains: { ...kept, enabled: false, allowOnProduction: false } };
}

function notFound(id: string): ApiError {
  return new ApiError({
    code: 'NOT_FOUND',
    message: `There is no saved connection with the id "${id}"; it may have been deleted.`,
  });
}

/**
 * An unreadable entry with what the list shows of it. Its own id when it has a usable one (the
 * file check made those unique), else a stand-in by its place in the file, for this run only.
 */
function unreadableItem(raw: unknown, index: number, field: string, reason: string): Unreadable {
  const name =
    raw !== null && typeof raw === 'object' && typeof (raw as { name?: unknown }).name === 'string'
      ? ((raw as { name: string }).name as string)
      : null;
  return { raw, view: { id: idOf(raw) ?? `unreadable-${index + 1}`, name, field, reason } };
}

function toEntry(raw: Record<string, unknown>): Entry {
  return { raw, connection: StoredConnectionSchema.parse(raw) };
}

/** Checks a save request, naming the wrong field as the API request names it. */
function validated(
  settings: ConnectionSettings,
  patch: SecretsPatch,
): { settings: ConnectionSettings; patch: SecretsPatch } {
  const settingsResult = ConnectionSettingsSchema.safeParse(settings);
  if (!settingsResult.success) throw invalidRequest('settings', settingsResult.error.issues);
  const patchResult = SecretsPatchSchema.safeParse(patch);
  if (!patchResult.success) throw invalidRequest('secrets', patchResult.error.issues);
  return { settings: settingsResult.data, patch: patchResult.data };
}

function invalidRequest(
  root: string,
  issues: readonly { path: PropertyKey[]; message: string }[],
): ApiError {
  const issue = issues[0];
  const field = [root, ...(issue?.path ?? []).map(String)].join('.');
  return new ApiError({
    code: 'INVALID_REQUEST',
    field,
    message: `The connection was not saved: ${issue?.message ?? 'a value is not valid'} (${field}).`,
  });
}

/** The screen's view of a stored connection: its settings and which secrets exist, nothing else. */
function toSaved(c: StoredConnection): SavedConnection {
  // A deep copy: a caller changing what it got must not change the store behind its back.
  return structuredClone({
    id: c.id,
    name: c.name,
    color: c.color,
    endpoint: c.endpoint,
    user: c.user,
    passwordMode: c.passwordMode,
    defaultSchema: c.defaultSchema,
    tls: c.tls,
    ssh: c.ssh,
    connectTimeoutMs: c.connectTimeoutMs,
    readOnly: c.readOnly,
    production: c.production,
    scratch: c.scratch,
    ...(c.backgroundExplains ? { backgroundExplains: c.backgroundExplains } : {}),
    initSql: c.initSql,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    secrets: storedSecretsOf(c.sealedSecrets),
  });
}
