import { bookableServices, isStaffBookable } from './bookable';

const service = (id: number, over: Partial<{ status: string; type: string; sortIndex: number }> = {}) => ({ id, status: 'ON', type: 'INTERNAL', sortIndex: id, ...over });

describe('bookable services', () => {
  it('when services are offered, then only status ON and not EXTERNAL ones are bookable, in their sort order', () => {
    const list = bookableServices([service(4, { sortIndex: 0 }), service(5, { status: 'OFF' }), service(6, { type: 'EXTERNAL' }), service(7, { type: 'ALL', sortIndex: -1 })]);
    expect(list.map((s) => s.id)).toEqual([7, 4]);
  });

  it('when two services share a sort index, then the lower id comes first; the list given is left as it was', () => {
    const given = [service(9, { sortIndex: 1 }), service(8, { sortIndex: 1 })];
    expect(bookableServices(given).map((s) => s.id)).toEqual([8, 9]);
    expect(given.map((s) => s.id)).toEqual([9, 8]);
    expect(isStaffBookable({ status: 'OFF', type: 'ALL' })).toBe(false);
  });
});
