import { describe, expect, it } from 'vitest';
import { csvWriter } from '../../../src/main/export/csv-writer';
import { mayRunAsFormula } from '../../../src/shared/format/spreadsheet-formula';

describe('mayRunAsFormula', () => {
  it('flags what a spreadsheet runs, not numbers or plain text', () => {
    for (const text of ['=1+1', '@SUM(A1)', '+cmd|x', '-2+3+cmd', '\t=x', '\r=x', '-', '+'])
      expect(mayRunAsFormula(text), JSON.stringify(text)).toBe(true);
    for (const text of ['-1.5', '+2e3', '-.5', '42', 'a=b', ' =x', '', 'plain', '5-3'])
      expect(mayRunAsFormula(text), JSON.stringify(text)).toBe(false);
  });
});

describe('the CSV writer', () => {
  it('counts formula-like text cells and header names, and writes them unchanged', () => {
    const writer = csvWriter([
      { name: '=a', type: 'VARCHAR' },
      { name: 'b', type: 'BLOB' },
    ] as never);
    expect(writer.header()).toBe('=a,b\r\n');
    expect(writer.row(['@x', Buffer.from('=y')])).toBe('@x,0x3D79\r\n');
    expect(writer.row(['-1', null])).toBe('-1,\r\n');
    // The header's =a and the text @x; bytes are written as hex, numbers are numbers.
    expect(writer.formulaLikeCells?.()).toBe(2);
  });
});
