import { describe, expect, it } from 'vitest';
import { closeQuestion } from '../../../../src/renderer/shell/close-question';

const running = { queryId: 'q1', sql: 'UPDATE t SET a = 1', startedAt: 1000 };

describe('closeQuestion', () => {
  it('asks nothing when closing loses nothing', () => {
    expect(closeQuestion(undefined, undefined, 0)).toBeNull();
    expect(closeQuestion({ running: null, inTransaction: false }, undefined, 0)).toBeNull();
    expect(closeQuestion({ running: null, inTransaction: null }, undefined, 0)).toBeNull();
  });

  it('names the running statement, and the open transaction with it', () => {
    const q = closeQuestion({ running, inTransaction: true }, undefined, 3500)!;
    expect(q).toMatchObject({
      title: 'Close the tab and stop its statement on this connection?',
      detail: 'UPDATE t SET a = 1',
      confirmLabel: 'Stop it and close',
      typedConfirmation: false,
    });
    expect(q.consequence).toBe(
      'This statement has been running for 2.50 s. Closing the tab stops it on the server (KILL QUERY): what it changed is rolled back. A transaction is open in this session as well: it is rolled back, and every change in it not committed is lost.',
    );
  });

  it('asks before rolling back an open transaction', () => {
    expect(closeQuestion({ running: null, inTransaction: true }, undefined, 0)).toMatchObject({
      title: 'Close the tab and roll back its transaction on this connection?',
      detail: 'ROLLBACK',
      confirmLabel: 'Roll back and close',
    });
  });

  it('asks before cancelling a running export, with its file and the transaction', () => {
    const exporting = { exportId: 'e1', path: '/home/dba/orders.csv', rows: 12345 };
    const q = closeQuestion({ running: null, inTransaction: true, exporting }, undefined, 0)!;
    expect(q).toMatchObject({
      title: 'Close the tab and cancel its export on this connection?',
      detail: '/home/dba/orders.csv',
      confirmLabel: 'Cancel the export and close',
    });
    expect(q.consequence).toBe(
      "An export of this tab's result is running (12,345 rows written so far). Closing the tab ends its session: the export stops and its partial file is removed, so /home/dba/orders.csv is not written. A transaction is open in this session as well: it is rolled back, and every change in it not committed is lost.",
    );
  });
});
