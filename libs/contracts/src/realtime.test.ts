import { payloadFor } from './realtime';

describe('what the relay hands a browser', () => {
  it("when an appointment event goes to the store's appointment channel, then its sale is left out (not every member sees sales)", () => {
    const data = { id: 5, storeId: 7, staffId: 10, date: '2031-01-01', status: 'ON', sale: 4600 };
    const sent = payloadFor('store:7:appointment', 'evt.appointment.7.updated', data);
    expect(sent).toEqual({ id: 5, storeId: 7, staffId: 10, date: '2031-01-01', status: 'ON' });
    expect(data.sale).toBe(4600);
  });
});
