import { CANCEL_COLUMN, ONLINE_COLUMN, TBD_COLUMN, UNASSIGNED_COLUMN } from '../calendar-columns';
import { calendarColumnOf, isRealStaff, realStaffColumn } from './real-staff';

describe('real staff and the TBD placeholder', () => {
  it('when a staff record is the TBD placeholder, role none or archived, then it is not real staff', () => {
    expect(isRealStaff({ role: 'TBD', archived: false })).toBe(false);
    expect(isRealStaff({ role: 'none', archived: false })).toBe(false);
    expect(isRealStaff({ role: 'staff', archived: true })).toBe(false);
    expect(isRealStaff({ role: 'staff', archived: 1 })).toBe(false);
    expect(isRealStaff(null)).toBe(false);
    for (const role of ['superadmin', 'admin', 'staff', 'limited']) expect(isRealStaff({ role, archived: false })).toBe(true);
  });

  it('when an appointment names no column the salon sees, then it is filed under Unassigned', () => {
    const staff = new Map([
      [10001, { role: 'staff', archived: false }],
      [10007, { role: 'TBD', archived: false }],
      [10008, { role: 'none', archived: false }],
      [10009, { role: 'staff', archived: true }],
    ]);
    const col = (staffId: number, status = 'ON') => calendarColumnOf({ staffId, status }, realStaffColumn(staff));
    expect(col(10001)).toBe(10001);
    for (const id of [TBD_COLUMN, UNASSIGNED_COLUMN, 10007, 10008, 10009, 424242]) expect(col(id)).toBe(UNASSIGNED_COLUMN);
    expect(col(ONLINE_COLUMN, 'PENDING')).toBe(ONLINE_COLUMN);
    expect(col(10007, 'CANCEL')).toBe(CANCEL_COLUMN);
    expect(col(CANCEL_COLUMN)).toBe(CANCEL_COLUMN);
  });
});
