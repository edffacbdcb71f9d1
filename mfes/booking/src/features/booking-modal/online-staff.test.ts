import type { PublicEmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { onlineStaff } from './online-staff';

const staff = (id: number, online: string, extra: Partial<PublicEmployeeView> = {}) =>
  ({ id, storeId: 1, fname: `s${id}`, lname: '', nickname: '', url: null, profile_image: null, color: '#000', role: 'staff', online_booking: online, dayOff: '', sortIndex: id, ...extra }) as PublicEmployeeView;

describe('who a customer may ask for online', () => {
  const all = [staff(10003, 'ON'), staff(10001, 'OFF'), staff(10002, 'ON', { role: 'TBD' }), staff(10005, 'ON', { role: 'none' }), staff(10004, 'ON', { sortIndex: 0 })];

  it('when no favourite applies, then only staff taking online requests are offered, TBD and role none never, in the store’s order', () => {
    expect(onlineStaff(all, null).map((e) => e.id)).toEqual([10004, 10003]);
  });

  it('when the store books this customer with their favourite, then the favourite is offered even with online booking off', () => {
    expect(onlineStaff(all, { fav_staffId: 10001, book_with_fav_staff: 1 }).map((e) => e.id)).toEqual([10004, 10001, 10003]);
  });

  it('when the favourite is set but book-with-favourite is off, then the favourite is not offered', () => {
    expect(onlineStaff(all, { fav_staffId: 10001, book_with_fav_staff: 0 }).map((e) => e.id)).toEqual([10004, 10003]);
  });
});
