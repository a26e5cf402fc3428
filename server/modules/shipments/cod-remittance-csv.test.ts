import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { amountPaiseOf, readRemittanceCsv } from './cod-remittance-csv.js';

/** Reading a courier's COD remittance report: its header names, amounts, and what it refuses. */
describe('a COD remittance report', () => {
  it('reads amounts as rupees to the paisa, with or without the ₹, Rs. and Indian commas', () => {
    expect(amountPaiseOf('2500')).toBe(250_000);
    expect(amountPaiseOf('1,23,456.5')).toBe(12_345_650);
    expect(amountPaiseOf('₹ 99.99')).toBe(9_999);
    expect(amountPaiseOf('Rs. 10')).toBe(1_000);
    for (const bad of ['', 'ten', '-5', '1.234', '12e3']) expect(amountPaiseOf(bad)).toBeUndefined();
  });

  it('takes Shiprocket’s column names in any case, the UTR before the CRF id, and ignores the rest', () => {
    const rows = readRemittanceCsv(
      '\uFEFFCRF ID,Order ID,AWB Code,Courier Name,COD Amount,UTR No,Remittance Date,Freight Deducted\r\n' +
        'CRF77,BB-1,TC1234567890,Delhivery,"1,499.00",UTR-1,2026-12-01,80\r\n\r\n' +
        'CRF77,,TC1234567891,Delhivery,0,UTR-1,,0\r\n',
    );
    expect(rows).toEqual([
      {
        line: 2,
        awb: 'TC1234567890',
        orderRef: 'BB-1',
        amountPaise: 149_900,
        reference: 'UTR-1',
        remittedOn: '2026-12-01',
      },
      { line: 4, awb: 'TC1234567891', orderRef: null, amountPaise: 0, reference: 'UTR-1', remittedOn: null },
    ]);
    expect(readRemittanceCsv('awb number,cod value,crf id\nX1,10,C9\n')[0]).toMatchObject({
      reference: 'C9',
    });
  });

  it('refuses, naming the line, what it cannot read whole', () => {
    const message = (csv: string) => {
      try {
        readRemittanceCsv(csv);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        return (error as AppError).message;
      }
      throw new Error('read without complaint');
    };
    expect(message('AWB,COD Amount,UTR\nTC1,10,U\nTC2,,U\n')).toBe('Line 3: "" is not an amount in rupees.');
    expect(message('AWB,COD Amount,UTR\nTC1,10,U\n,10,U\n')).toBe('Line 3: the AWB is empty.');
    expect(message('AWB,COD Amount,UTR\nTC1,10,\n')).toMatch(/^Line 2: the remittance reference/);
    expect(message('AWB,COD Amount,UTR\nTC1,10,U,extra\n')).toMatch(/could not be read as CSV \(line 2\)/);
    expect(message('AWB,Amount,UTR\nTC1,10,U\n')).toMatch(/no COD amount column/);
    expect(message('')).toMatch(/empty/);
  });
});
