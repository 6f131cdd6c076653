import type { Writable } from 'node:stream';
import type { RowFlow } from '../db/connection-flow';

/** Text gathered before one write: few large writes cost far less than one per row. */
const CHUNK_CHARS = 256 * 1024;

/**
 * Carries an export's text from the rows arriving to the file, with backpressure: when the
 * file's buffer is full (`write` returns false) the connection is paused until the file drains,
 * so however fast the server sends and however slow the disk, the backend holds about one
 * chunk plus the file stream's buffer - never the result.
 */
export class ExportPump {
  #pending: string[] = [];
  #pendingChars = 0;
  #bytes = 0;
  #paused = false;
  #abandoned = false;

  constructor(
    private readonly out: Writable,
    private readonly flow: RowFlow,
    private readonly chunkChars = CHUNK_CHARS,
  ) {}

  /** Bytes handed to the file so far. */
  get bytes(): number {
    return this.#bytes;
  }

  /** True while the connection waits for the file to drain. */
  get paused(): boolean {
    return this.#paused;
  }

  /** Adds text; writes once a chunk's worth has gathered. */
  push(text: string): void {
    if (this.#abandoned || text === '') return;
    this.#pending.push(text);
    this.#pendingChars += text.length;
    if (this.#pendingChars >= this.chunkChars) this.flush();
  }

  /** Writes what has gathered, pausing the rows when the file is full. */
  flush(): void {
    if (!this.#write() && !this.#paused) {
      this.#paused = true;
      this.flow.pause();
      this.out.once('drain', () => {
        if (!this.#paused) return;
        this.#paused = false;
        this.flow.resume();
      });
    }
  }

  /**
   * Writes the rest once the statement has ended. It never pauses: no more rows will come, and
   * a connection left paused would hang the session's next statement.
   */
  finish(): void {
    this.#write();
    this.abandon();
  }

  /** Hands what has gathered to the file; false when the file's buffer is full. */
  #write(): boolean {
    if (this.#abandoned || this.#pending.length === 0) return true;
    const chunk = Buffer.from(this.#pending.join(''), 'utf8');
    this.#pending = [];
    this.#pendingChars = 0;
    this.#bytes += chunk.length;
    return this.out.write(chunk);
  }

  /**
   * Stops writing (cancel, file error) and lets rows flow again: a paused connection would keep
   * the server blocked on sending, where it never notices a KILL QUERY.
   */
  abandon(): void {
    this.#abandoned = true;
    this.#pending = [];
    if (this.#paused) {
      this.#paused = false;
      this.flow.resume();
    }
  }
}
