import { addressLine, weekRows } from './store-hours';

describe('the booking page’s week', () => {
  it('when a day is closed or unreadable, then it shows CLOSED; open days show their hours; Monday comes first', () => {
    const rows = weekRows({ mon: '10:00 am-6:00 pm', tue: 'closed-closed', wed: 'nonsense', sun: '12:00 pm-5:00 pm' });
    expect(rows.map((r) => r.day)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(rows[0]).toEqual({ day: 'Monday', text: '10:00 am - 6:00 pm', closed: false });
    expect(rows[1].text).toBe('CLOSED');
    expect(rows[2].text).toBe('CLOSED');
    expect(rows[3].text).toBe('CLOSED');
    expect(rows[6].text).toBe('12:00 pm - 5:00 pm');
  });

  it('when parts of the address are blank, then they are left out of the line', () => {
    expect(addressLine({ street: '1 main st', address2: '', city: 'philadelphia', state: 'PA', zip: '19103' })).toBe('1 main st, philadelphia, PA 19103');
  });
});
