// Which classes of a digest are Sightline's own statements (its polling, metadata reads and
// explains carry a tag comment; fingerprints drop comments, so the tag is looked for in each
// statement as it is added). A class is Sightline's own when every statement of it was tagged.
import {
  fingerprint,
  type QueryClass,
  type SlowLogDigest,
  type SlowLogEntry,
} from '../../shared/slowlog';
import { isOwnStatementText } from '../../shared/tuning/own-statement-tag';

/** A digest fed through this keeps, beside it, how many of each class's statements were tagged. */
export class OwnStatementTally {
  private readonly tagged = new Map<string, number>();

  constructor(readonly digest: SlowLogDigest) {}

  /** Adds an entry to the digest; counts it when the digest kept it and it carries the tag. */
  add(entry: SlowLogEntry): void {
    const before = this.digest.count;
    this.digest.add(entry);
    if (this.digest.count === before || !isOwnStatementText(entry.statement)) return;
    const print = fingerprint(entry.statement);
    this.tagged.set(print, (this.tagged.get(print) ?? 0) + 1);
  }

  /** Whether every statement of the class was Sightline's own. */
  isOwn(queryClass: QueryClass): boolean {
    return this.tagged.get(queryClass.fingerprint) === queryClass.count;
  }
}
