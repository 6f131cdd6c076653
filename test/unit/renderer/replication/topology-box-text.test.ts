import { describe, expect, it } from 'vitest';
import {
  BOX_MAX_W,
  BOX_MIN_W,
  fitText,
  fitTopologyBoxes,
  type BoxTextWidths,
} from '../../../../src/renderer/replication/topology-box-text';

// A font where every character is 7 px (titles 8 px, bold lines 7.5 px): widths are exact.
const widths: BoxTextWidths = {
  title: (t) => t.length * 8,
  line: (t) => t.length * 7,
  strong: (t) => t.length * 7.5,
};
const box = (title: string, role: string, errant = '', errantStrong = false) => ({
  title,
  role,
  errant,
  errantStrong,
});

describe('fitTopologyBoxes', () => {
  it('keeps the narrowest box when every text fits in it', () => {
    const fitted = fitTopologyBoxes([box('127.0.0.1:3306', 'MySQL 9.7.4 · source')], widths);
    expect(fitted).toEqual({
      width: BOX_MIN_W,
      boxes: [box('127.0.0.1:3306', 'MySQL 9.7.4 · source')],
    });
  });

  it('widens every box to the longest text, so an unreachable line stays inside', () => {
    const role = 'unreachable · CONNECTION_REFUSED'; // 32 characters: 10 + 224 + 10
    const fitted = fitTopologyBoxes(
      [box('127.0.0.1:40449', role), box('127.0.0.1:45359 ●', 'MySQL 9.7.4 · lag 0 s')],
      widths,
    );
    expect(fitted.width).toBe(244);
    expect(fitted.boxes.map((b) => b.role)).toEqual([role, 'MySQL 9.7.4 · lag 0 s']);
  });

  it('measures a bold errant line in its bold font', () => {
    const errant = '⚠ errant: 12345 transactions'; // 28 characters: 10 + 210 + 10
    expect(fitTopologyBoxes([box('a:1', 'r', errant, true)], widths).width).toBe(230);
    expect(fitTopologyBoxes([box('a:1', 'r', errant, false)], widths).width).toBe(216);
  });

  it('stops at the widest box and cuts longer texts with an ellipsis', () => {
    const host = `${'replica-'.repeat(8)}eu-west-1.example.com:3306`; // 90 characters
    const fitted = fitTopologyBoxes([box(host, 'MySQL 9.7.4 · lag 0 s')], widths);
    expect(fitted.width).toBe(BOX_MAX_W);
    const title = fitted.boxes[0]!.title;
    // 420 - 28 - 10 = 382 px: 46 characters and the ellipsis (47 × 8 = 376).
    expect(title).toBe(`${host.slice(0, 46)}…`);
    expect(widths.title(title)).toBeLessThanOrEqual(BOX_MAX_W - 38);
  });
});

describe('fitText', () => {
  it('returns a text that fits as it is, and the longest start that fits otherwise', () => {
    expect(fitText('abcdef', 42, widths.line)).toBe('abcdef');
    expect(fitText('abcdefg', 42, widths.line)).toBe('abcde…');
    expect(fitText('abcdefg', 6, widths.line)).toBe('…');
  });
});
