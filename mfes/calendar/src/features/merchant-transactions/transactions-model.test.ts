import { dayStartMillis, transactionRows } from './transactions-model';

describe('merchant transactions model', () => {
  it("when a day is asked in the store's zone, then its start is that zone's midnight, across DST too", () => {
    expect(dayStartMillis('2031-06-03', 'America/New_York')).toBe(Date.UTC(2031, 5, 3, 4));
    expect(dayStartMillis('2031-01-15', 'America/New_York')).toBe(Date.UTC(2031, 0, 15, 5));
    expect(dayStartMillis('2031-03-09', 'America/New_York')).toBe(Date.UTC(2031, 2, 9, 5));
    expect(dayStartMillis('2031-06-03', 'America/Los_Angeles')).toBe(Date.UTC(2031, 5, 3, 7));
  });

  it('when payments arrive, then amounts read as dollars, times in the zone, names as nicknames, oldest first', () => {
    const rows = transactionRows(
      {
        employees: { elements: [{ id: 'e1', name: 'Linh Tran', nickname: 'linh' }, { id: 'e2', name: 'Mai Nguyen', nickname: null }] },
        transactions: {
          elements: [
            { id: 't2', amount: 2550, clientCreatedTime: Date.UTC(2031, 5, 3, 18, 5), employee: { id: 'e2' } },
            { id: 't1', amount: 4000, clientCreatedTime: Date.UTC(2031, 5, 3, 14, 30), employee: { id: 'e1' } },
            { id: 't3', amount: 999, clientCreatedTime: Date.UTC(2031, 5, 3, 20, 0), employee: null },
          ],
        },
      },
      'America/New_York',
    );
    expect(rows).toEqual([
      { id: 't1', amount: '$40.00', time: '10:30 AM', employee: 'linh' },
      { id: 't2', amount: '$25.50', time: '2:05 PM', employee: 'Mai Nguyen' },
      { id: 't3', amount: '$9.99', time: '4:00 PM', employee: '—' },
    ]);
  });

  it('when a payment is over a thousand dollars, then it reads with a thousands separator, as every money figure does (issue 31 item 27)', () => {
    const rows = transactionRows({ employees: { elements: [] }, transactions: { elements: [{ id: 't', amount: 320900, clientCreatedTime: 0, employee: null }] } }, 'America/New_York');
    expect(rows[0].amount).toBe('$3,209.00');
  });
});
