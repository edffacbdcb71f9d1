import { act, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { MyDayAcrossStores } from './my-day-across-stores';

const mine = (id: number, storeId: number, storeName: string, start: string, end: string, startMin: number) => ({
  id, storeId, storeName, staffId: 10000 + storeId, date: '2031-06-02', start, end, startMin, status: 'ON', services: 'Gel Manicure', customerName: 'ann lee',
});

describe("the staff member's day across stores", () => {
  it('when they are booked at another store that day too, then every appointment of theirs is listed by start, each labelled with its store', async () => {
    mockApi({
      'GET /api/myDayAcrossStores/1/2031-06-02': {
        status: 200,
        body: { appointments: [mine(7, 2, 'beta nails', '09:00 am', '09:45 am', 540), mine(3, 1, 'lotus nail spa', '11:00 am', '11:30 am', 660)] },
      },
    });
    renderWithProviders(<MyDayAcrossStores storeId={1} date="2031-06-02" />);
    const section = await screen.findByRole('region', { name: 'Your day across stores' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      '09:00 am - 09:45 amBeta NailsGel Manicure · Ann Lee',
      '11:00 am - 11:30 amLotus Nail Spa (this store)Gel Manicure · Ann Lee',
    ]);
  });

  it('when all their appointments that day are at this store, then nothing more is shown', async () => {
    const api = mockApi({ 'GET /api/myDayAcrossStores/1/2031-06-02': { status: 200, body: { appointments: [mine(3, 1, 'lotus nail spa', '11:00 am', '11:30 am', 660)] } } });
    const { container } = renderWithProviders(<MyDayAcrossStores storeId={1} date="2031-06-02" />);
    await waitFor(() => expect(api.calls.map((c) => c.url)).toEqual(['/api/myDayAcrossStores/1/2031-06-02']));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(container.querySelector('section')).toBeNull();
  });
});
