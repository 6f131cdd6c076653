// slowLogSeconds reads ISO times by index, remembering the last whole second; here it is held
// to the two patterns it replaced on seeded random times, one after the other as a log gives
// them (runs of one second, jumps, near-misses of the ISO shape and the short MariaDB form).
import { describe, expect, it } from 'vitest';
import { slowLogSeconds } from '../../../src/shared/slowlog';

const SHORT = /^(\d\d)(\d\d)(\d\d) +(\d+):(\d+):(\d+)(\.\d+)?/;
const ISO = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(\.\d+)?/;
/** A UTC offset ending an ISO time (log_timestamps=SYSTEM), which moves the instant. */
const ZONED = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:\.\d+)?([+-])(\d\d):(\d\d)$/;

/** slowLogSeconds as the patterns alone read a time. */
function referenceSeconds(time: string): number | undefined {
  const short = SHORT.exec(time);
  const parts = short
    ? [2000 + Number(short[1]), ...short.slice(2, 7).map(Number), Number(short[7] ?? 0)]
    : (() => {
        const iso = ISO.exec(time);
        return iso ? [...iso.slice(1, 7).map(Number), Number(iso[7] ?? 0)] : undefined;
      })();
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second, fraction] = parts as number[];
  const zone = short ? null : ZONED.exec(time);
  const offset = zone
    ? (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 3600 + Number(zone[3]) * 60)
    : 0;
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) / 1000 + fraction! - offset;
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('slowLogSeconds', () => {
  it('gives what the patterns give, bit for bit, on 50,000 random times in a row', () => {
    const next = random(13);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
    const digits = (count: number) =>
      Array.from({ length: count }, () => String(Math.floor(next() * 10))).join('');
    let base = '2026-11-25T10:00:00';
    const seen: number[] = [];
    for (let n = 0; n < 50_000; n += 1) {
      const roll = next();
      if (roll < 0.1)
        base = `${digits(4)}-${digits(2)}-${digits(2)}${pick(['T', ' ', 'x'])}${digits(2)}:${digits(2)}:${digits(2)}`;
      else if (roll < 0.3)
        base = new Date(Date.UTC(2026, 10, 25) + next() * 1e9).toISOString().slice(0, 19);
      let time = base;
      const tail = next();
      if (tail < 0.4) time += `.${digits(6)}${pick(['Z', '', ' ', '+01:00', '-05:30', '+01:00 '])}`;
      else if (tail < 0.5) time += `.${digits(1 + Math.floor(next() * 22))}`;
      else if (tail < 0.55)
        time += pick(['.', '.Z', 'Z', ' x', '.-1', '-05:00', '+1:00', '.+01:00']);
      else if (tail < 0.6) time = time.slice(0, Math.floor(next() * 20));
      else if (tail < 0.65)
        time = `${digits(6)}${pick([' ', '  ', 'T'])}${digits(1 + Math.floor(next() * 2))}:${digits(2)}:${digits(2)}${pick(['', '.5', '.123456'])}`;
      else if (tail < 0.7) {
        const at = Math.floor(next() * time.length);
        time = time.slice(0, at) + pick(['a', '-', ':', '9', ' ', '\u0660']) + time.slice(at + 1);
      }
      const ours = slowLogSeconds(time);
      const reference = referenceSeconds(time);
      expect(Object.is(ours, reference), `${JSON.stringify(time)}: ${ours} vs ${reference}`).toBe(
        true,
      );
      if (ours !== undefined) seen.push(ours);
    }
    // The test exercised numbers, not only rejections.
    expect(seen.length).toBeGreaterThan(30_000);
  });
});
