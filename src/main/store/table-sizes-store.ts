/**
 * Table sizes remembered between visits to schema health, in `<dataDir>/table-sizes.json`, per
 * connection and schema, so growth since the last visit can be shown. Written atomically; a
 * file that cannot be read is treated as empty (this is a convenience, not a record).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { PRIVATE_FILE_MODE, writeFileAtomic } from './atomic-file';

const FILE_NAME = 'table-sizes.json';

const VisitSchema = z.object({ at: z.string(), sizes: z.record(z.string(), z.number()) });
const FileSchema = z.record(z.string(), VisitSchema);
export type SizeVisit = z.infer<typeof VisitSchema>;

export class TableSizesStore {
  readonly #path: string;
  #queue: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.#path = join(dataDir, FILE_NAME);
  }

  async #read(): Promise<Record<string, SizeVisit>> {
    try {
      const parsed = FileSchema.safeParse(JSON.parse(await readFile(this.#path, 'utf8')));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }

  /** Stores this visit's sizes and returns the previous visit's (null on a first visit). */
  visit(
    connectionId: string,
    schema: string,
    sizes: Record<string, number>,
  ): Promise<SizeVisit | null> {
    const key = `${connectionId}\u0000${schema}`;
    const work = this.#queue.then(async () => {
      const all = await this.#read();
      const previous = all[key] ?? null;
      all[key] = { at: new Date().toISOString(), sizes };
      await writeFileAtomic(this.#path, JSON.stringify(all), { mode: PRIVATE_FILE_MODE });
      return previous;
    });
    this.#queue = work.then(
      () => undefined,
      () => undefined,
    );
    return work;
  }
}
