import { CANCEL_COLUMN, FIRST_STAFF_ID, isReservedColumn, ONLINE_COLUMN, RESERVED_STAFF_IDS, TBD_COLUMN, UNASSIGNED_COLUMN } from './calendar-columns';

describe('calendar columns', () => {
  it('keeps the ids the records and the wire use (docs/product/records.md)', () => {
    expect([TBD_COLUMN, CANCEL_COLUMN, ONLINE_COLUMN, UNASSIGNED_COLUMN]).toEqual([0, 1111, 8888, 9999]);
    expect([...RESERVED_STAFF_IDS].sort((a, b) => a - b)).toEqual([0, 1111, 8888, 9999]);
    expect(Math.max(...RESERVED_STAFF_IDS)).toBeLessThan(FIRST_STAFF_ID);
  });

  it('when an id is a column, as a number or a string, then it is reserved; staff ids and nothing are not', () => {
    for (const id of [0, 1111, 8888, 9999, '0', '8888']) expect(isReservedColumn(id)).toBe(true);
    for (const id of [FIRST_STAFF_ID, 10001, 1, '10001', '', null, undefined]) expect(isReservedColumn(id)).toBe(false);
  });
});
