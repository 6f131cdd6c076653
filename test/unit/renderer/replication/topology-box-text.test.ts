import { describe, expect, it } from 'vitest';
import {
  BOX_MAX_W,
  BOX_MIN_W,
  fitMiddle,
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
const box = (title: string, role: string, errant = '', errantStrong = false, marker = '') => ({
  title,
  marker,
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
      [
        box('127.0.0.1:40449', role),
        box('127.0.0.1:45359', 'MySQL 9.7.4 · lag 0 s', '', false, ' ●'),
      ],
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

  it('stops at the widest box and cuts a longer name in its middle, keeping the port', () => {
    const host = `${'replica-'.repeat(8)}eu-west-1.example.com:3306`; // 90 characters
    const fitted = fitTopologyBoxes([box(host, 'MySQL 9.7.4 · lag 0 s')], widths);
    expect(fitted.width).toBe(BOX_MAX_W);
    const title = fitted.boxes[0]!.title;
    // 420 - 28 - 10 = 382 px: 46 characters and the ellipsis (47 × 8 = 376).
    expect(title).toBe(`${host.slice(0, 23)}…${host.slice(-23)}`);
    expect(title.endsWith('example.com:3306')).toBe(true);
    expect(widths.title(title)).toBeLessThanOrEqual(BOX_MAX_W - 38);
  });

  it('never cuts the marker of the server the screen is open on', () => {
    const host = `${'replica-'.repeat(8)}eu-west-1.example.com:3306`;
    const [fitted] = fitTopologyBoxes([box(host, 'r', '', false, ' ●')], widths).boxes;
    expect(fitted!.marker).toBe(' ●');
    // 382 - 16 px for the marker: 44 characters and the ellipsis (45 × 8 = 360).
    expect(fitted!.title).toBe(`${host.slice(0, 22)}…${host.slice(-22)}`);
    expect(widths.title(fitted!.title + fitted!.marker)).toBeLessThanOrEqual(BOX_MAX_W - 38);
  });
});

describe('fitMiddle', () => {
  it('returns a text that fits as it is, else its start and end around the ellipsis', () => {
    expect(fitMiddle('abcdef', 42, widths.line)).toBe('abcdef');
    expect(fitMiddle('abcdefg', 42, widths.line)).toBe('abc…fg');
    expect(fitMiddle('abcdefg', 6, widths.line)).toBe('…');
  });
});

describe('fitText', () => {
  it('returns a text that fits as it is, and the longest start that fits otherwise', () => {
    expect(fitText('abcdef', 42, widths.line)).toBe('abcdef');
    expect(fitText('abcdefg', 42, widths.line)).toBe('abcde…');
    expect(fitText('abcdefg', 6, widths.line)).toBe('…');
  });
});
