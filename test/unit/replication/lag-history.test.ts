import { describe, expect, it } from 'vitest';
import {
  appendLag,
  highestLagText,
  LAG_WINDOW_MS,
} from '../../../src/renderer/replication/lag-history';

const lag = (name: string, seconds: number | null) => ({
  name,
  lag: { seconds, source: 'commit-timestamps' as const, secondsBehind: 0 },
});

describe('appendLag', () => {
  it('adds a point per channel, drops points past the window and forgotten channels', () => {
    let h = appendLag({}, [lag('', 0), lag('b', 5)], 1000);
    h = appendLag(h, [lag('', 2.5)], 3000);
    expect(h).toEqual({
      '': [
        { at: 1000, seconds: 0 },
        { at: 3000, seconds: 2.5 },
      ],
    });
    h = appendLag(h, [lag('', null)], 1000 + LAG_WINDOW_MS);
    expect(h).toEqual({
      '': [
        { at: 3000, seconds: 2.5 },
        { at: 1000 + LAG_WINDOW_MS, seconds: null },
      ],
    });
  });

  it('ignores a late reply older than the last point', () => {
    const h = appendLag({ '': [{ at: 5000, seconds: 1 }] }, [lag('', 9)], 4000);
    expect(h).toEqual({ '': [{ at: 5000, seconds: 1 }] });
  });
});

// The lag chart's "max": a window in which no poll knew the lag (MariaDB's applier stopped on an
// error: Seconds_Behind_Master is NULL) used to read "max 0 ms" beside "unknown" lag.
describe('highestLagText', () => {
  it('says unknown when no poll of the window knew the lag', () => {
    expect(highestLagText([])).toBe('unknown');
    expect(
      highestLagText([
        { at: 1, seconds: null },
        { at: 2, seconds: null },
      ]),
    ).toBe('unknown');
  });

  it('says the highest known lag, skipping polls that did not know it', () => {
    expect(
      highestLagText([
        { at: 1, seconds: 0 },
        { at: 2, seconds: 192 },
        { at: 3, seconds: null },
      ]),
    ).toBe('3 min 12 s');
    expect(highestLagText([{ at: 1, seconds: 0 }])).toBe('0 ms');
  });
});
