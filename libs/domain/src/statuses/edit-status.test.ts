import { statusAfterEdit } from './edit-status';

describe('the status an edit leaves (001 §4)', () => {
  it.each([
    // [current, staffId named by the edit, status the client sent, result]
    ['ON', 8888, 'ON', 'APPROVED'],
    ['APPROVED', 8888, undefined, 'APPROVED'],
    ['APPROVED', 10001, 'APPROVED', 'ON'],
    ['ON', 10001, 'PENDING', 'ON'],
    ['PENDING', 10001, undefined, 'ON'],
    ['PENDING', 8888, 'ON', 'PENDING'],
    ['MODIFYING', 8888, undefined, 'MODIFYING'],
    ['PENDING', 8888, 'APPROVED', 'APPROVED'],
    ['MODIFYING', undefined, 'APPROVED', 'APPROVED'],
    ['REQUEST CANCEL', undefined, 'APPROVED', 'APPROVED'],
    ['REQUEST CANCEL', 10001, 'ON', 'REQUEST CANCEL'],
    ['ON', undefined, 'APPROVED', 'ON'],
    ['ON', 9999, 'APPROVED', 'ON'],
    ['ON', 0, undefined, 'ON'],
    ['CANCEL', 10001, 'ON', 'CANCEL'],
    ['CANCEL', 8888, 'APPROVED', 'CANCEL'],
    ['ON', undefined, 'CANCEL', 'CANCEL'],
    ['PENDING', 10001, 'CANCEL', 'CANCEL'],
    ['APPROVED', undefined, 'ON', 'APPROVED'],
  ] as const)('when a %s appointment is edited naming staff %s with status %s, then it is %s', (current, staffId, asked, expected) => {
    expect(statusAfterEdit(current, { staffId, asked })).toBe(expected);
  });
});
