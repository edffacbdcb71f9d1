import { dollars, expiresSoon, freeTierNote, realStaffCount, statusOf } from './subscription-model';

describe('subscription model', () => {
  it('when a card\'s last month ends within 60 days, then it expires soon; at 60 days or more it does not', () => {
    const jan2027 = { exp_month: 1, exp_year: 2027 }; // valid through 2027-01-31, ends 2027-02-01 00:00 UTC
    expect(expiresSoon(jan2027, Date.UTC(2026, 11, 2, 0, 5))).toBe(false); // 61 days: the day run DC failed on
    expect(expiresSoon(jan2027, Date.UTC(2026, 11, 3))).toBe(false); // exactly 60
    expect(expiresSoon(jan2027, Date.UTC(2026, 11, 3, 0, 1))).toBe(true);
    expect(expiresSoon(jan2027, Date.UTC(2027, 2, 1))).toBe(true); // passed
    expect(expiresSoon({}, Date.UTC(2026, 11, 2))).toBe(false);
  });
  it('when cents are shown, then they read as dollars with two decimals', () => {
    expect(dollars(2999)).toBe('$29.99');
    // one money format everywhere (issue 31 item 27)
    expect(dollars(249900)).toBe('$2,499.00');
    expect(dollars(0)).toBe('$0.00');
  });
  it('when the package has no expiration, then the status is inactive', () => {
    expect(statusOf({ expiration: '' })).toBe('inactive');
    expect(statusOf(undefined)).toBe('inactive');
    expect(statusOf({ expiration: 'past_due' })).toBe('past_due');
  });
  it('when staff are counted for the free tier, then TBD, role none and archived entries do not count (as billing counts them)', () => {
    expect(realStaffCount([{ role: 'staff', archived: false }, { role: 'TBD', archived: false }, { role: 'none', archived: false }, { role: 'admin', archived: true }])).toBe(1);
  });
  it('when a store has 3, 4 or 5 staff, then only 3 is told it is free and only an unpaid 4 is told about the missing reminder', () => {
    expect(freeTierNote(3, true)).toBe('Stores with 3 or fewer staff are free.');
    expect(freeTierNote(4, false)).toMatch(/^Your store has 4 staff/);
    expect(freeTierNote(4, true)).toBeNull();
    expect(freeTierNote(5, false)).toBeNull();
  });
});
