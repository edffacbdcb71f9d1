import { render, screen } from '@testing-library/react';
import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { DayGrid, type GridColumn } from './day-grid';

const appt = (over: Partial<AppointmentView>): AppointmentView => ({
  id: 1, storeId: 1, staffId: 10000, customerId: 5, serviceIds: '1', services: [{ id: 1, name: 'Manicure', price: 25, duration: 30 }],
  date: '2031-01-06', start: '11:00 am', end: '11:30 am', startMin: 660, endMin: 690, note: '', status: 'ON', createdBy: 2, modifiedBy: 2,
  sale: null, userFname: 'mai', nickname: null, customerFname: 'ann', customerLname: 'lee', customerPhone: '', customerEmail: '', customerStatus: '', sheetId: null,
  created_at: '', updated_at: '', ...over,
});
const column = (staffId: number, items: AppointmentView[]): GridColumn => ({ key: String(staffId), title: `staff ${staffId}`, date: '2031-01-06', staffId, items, bookable: false, droppable: false });
const card = (id: number) => document.querySelector<HTMLElement>(`[data-appointment="${id}"]`)!;

describe('the day grid', () => {
  it("when a limited staff member's day has a colleague's appointment (the page gives them no click and no drag), then it is drawn with its customer and services, as a card that does not open", () => {
    const colleague = appt({ id: 2, staffId: 10001, customerFname: 'bo', customerLname: 'tran', services: [{ id: 1, name: 'Gel Manicure', price: 35, duration: 75 }], start: '01:00 pm', end: '02:15 pm', startMin: 780, endMin: 855 });
    render(<DayGrid label="Monday" columns={[column(10000, [appt({ id: 1 })]), column(10001, [colleague])]} range={{ open: 600, close: 1080 }} canDrag={() => false} />);
    expect(card(2)).toHaveTextContent('bo tran01:00 pm - 02:15 pm · Gel Manicure');
    expect(card(2)).toHaveAttribute('data-tone', 'plain');
    expect(card(2).style.height).toBe(`${5 * 24 - 2}px`);
    // nothing to open or drag: plain blocks, no buttons
    expect(card(1).tagName).toBe('DIV');
    expect(card(2).tagName).toBe('DIV');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('when a staff member sees the sale of their own checked-out appointment, then its card shows the amount in green', () => {
    render(<DayGrid label="Monday" columns={[column(10000, [appt({ id: 3, sale: 48 }), appt({ id: 4, start: '03:00 pm', end: '03:30 pm', startMin: 900, endMin: 930 })])]} range={{ open: 600, close: 1080 }} />);
    expect(card(3)).toHaveTextContent('$48.00');
    expect(card(3)).toHaveAttribute('data-tone', 'sale');
    expect(card(4)).not.toHaveTextContent('$');
  });
});
