import { calendarColumnOf, isRealStaff, realStaffColumn, UNASSIGNED_COLUMN } from './real-staff';

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
    for (const id of [0, 9999, 10007, 10008, 10009, 424242]) expect(col(id)).toBe(UNASSIGNED_COLUMN);
    expect(col(8888, 'PENDING')).toBe(8888);
    expect(col(10007, 'CANCEL')).toBe(1111);
    expect(col(1111)).toBe(1111);
  });
});
