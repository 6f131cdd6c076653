/** Bytes per line of a hex dump. */
export const HEX_DUMP_WIDTH = 16;

/**
 * A classic hex dump of bytes given as hex, `offset` being where they start in the value:
 * `00000010  de ad be ef 00 01 02 03  04 05 06 07 08 09 0a 0b  |....ABCD........|`
 * - the offset in hex, 16 bytes in two groups of 8, then the printable ASCII (a dot otherwise).
 */
export function hexDump(hex: string, offset = 0): string {
  const lines: string[] = [];
  const bytes = hex.length >> 1;
  for (let start = 0; start < bytes; start += HEX_DUMP_WIDTH) {
    const cells: string[] = [];
    let ascii = '';
    for (let k = 0; k < HEX_DUMP_WIDTH; k++) {
      const at = start + k;
      if (at < bytes) {
        const pair = hex.slice(at * 2, at * 2 + 2).toLowerCase();
        const code = parseInt(pair, 16);
        cells.push(pair);
        ascii += code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : '.';
      } else {
        cells.push('  ');
      }
    }
    const where = (offset + start).toString(16).padStart(8, '0');
    const left = cells.slice(0, 8).join(' ');
    const right = cells.slice(8).join(' ');
    lines.push(`${where}  ${left}  ${right}  |${ascii}|`);
  }
  return lines.join('\n');
}
