import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ExportPump } from '../../../src/main/export/export-pump';

/** A file that takes `delayMs` per write and signals a full buffer beyond `highWaterMark`. */
function slowSink(delayMs: number, highWaterMark: number) {
  const chunks: Buffer[] = [];
  const out = new Writable({
    highWaterMark,
    write(chunk: Buffer, _enc, done) {
      setTimeout(() => {
        chunks.push(chunk);
        done();
      }, delayMs);
    },
  });
  return { out, text: () => Buffer.concat(chunks).toString('utf8') };
}

describe('ExportPump', () => {
  it('pauses the rows while the file is full and resumes once it drained, losing nothing', async () => {
    const sink = slowSink(5, 64);
    const events: string[] = [];
    let paused = false;
    const pump = new ExportPump(
      sink.out,
      {
        pause: () => {
          paused = true;
          events.push('pause');
        },
        resume: () => {
          paused = false;
          events.push('resume');
        },
      },
      50,
    );
    const expected: string[] = [];
    // A server that sends a row whenever it is not paused.
    for (let i = 0; i < 200; i++) {
      while (paused) await new Promise((r) => setTimeout(r, 1));
      const line = `row ${i} ü😀\r\n`;
      expected.push(line);
      pump.push(line);
    }
    pump.finish();
    expect(paused).toBe(false);
    await new Promise<void>((resolve) => sink.out.end(resolve));
    expect(sink.text()).toBe(expected.join(''));
    expect(pump.bytes).toBe(Buffer.byteLength(expected.join('')));
    expect(events.filter((e) => e === 'pause').length).toBeGreaterThan(3);
    expect(events.filter((e) => e === 'pause').length).toBe(
      events.filter((e) => e === 'resume').length,
    );
  });

  it('lets rows flow again when abandoned while paused, and writes no more', async () => {
    const sink = slowSink(50, 1);
    const events: string[] = [];
    const pump = new ExportPump(
      sink.out,
      { pause: () => events.push('pause'), resume: () => events.push('resume') },
      1,
    );
    pump.push('first');
    expect(pump.paused).toBe(true);
    pump.abandon();
    expect(events).toEqual(['pause', 'resume']);
    pump.push('second');
    pump.flush();
    await new Promise<void>((resolve) => sink.out.end(resolve));
    expect(sink.text()).toBe('first');
  });
});
