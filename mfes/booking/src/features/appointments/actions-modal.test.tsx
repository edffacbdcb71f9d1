import { fireEvent, screen } from '@testing-library/react';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import type { CustomerAppointmentView } from '@turnbook/contracts/schemas/appointments';
import ActionsModal from './actions-modal';

const suggested = {
  id: 7, storeId: 1, storeName: 'lotus nail spa', permalink: 'lotus-nail-spa', timezone: 'America/New_York', staffId: 8888, userFname: null, nickname: null, online_booking: null, customerId: 40,
  serviceIds: '3', services: [{ id: 3, name: 'manicure', price: 25, duration: 30 }], date: '2099-01-05', start: '02:00 pm', end: '02:30 pm', note: '', status: 'MODIFYING',
  created_at: '', updated_at: '', suggested: true,
} as unknown as CustomerAppointmentView;

describe("a store's suggested time on /appointments", () => {
  it('when the customer accepts the new time, then the time they saw is sent as APPROVED and the confirmation shows', async () => {
    const api = mockApi({ 'POST /api/public_updateAppointmentOnline': (body) => ({ body: { appointment: { ...suggested, ...(body as object), suggested: undefined } } }) });
    const changed = jest.fn();
    renderWithProviders(<ActionsModal appointment={suggested} onClose={() => {}} onChanged={changed} />);
    expect(await screen.findByText(/The store suggested a new time: .*02:00 pm - 02:30 pm\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept new time' }));
    expect(await screen.findByText(/Your appointment is confirmed for .*02:00 pm - 02:30 pm\./)).toBeTruthy();
    expect(api.callsTo('POST /api/public_updateAppointmentOnline')[0].body).toEqual({ id: 7, staffId: 8888, serviceIds: '3', date: '2099-01-05', start: '02:00 pm', end: '02:30 pm', status: 'APPROVED' });
    expect(changed).toHaveBeenCalled();
  });

  it("when the store changed its suggestion meanwhile, then the server's words show and the list is read again", async () => {
    mockApi({ 'POST /api/public_updateAppointmentOnline': { status: 409, body: { code: 'suggestionChanged', message: 'The store has changed its suggested time. Please refresh to see it.', field: 'status' } } });
    const changed = jest.fn();
    renderWithProviders(<ActionsModal appointment={suggested} onClose={() => {}} onChanged={changed} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept new time' }));
    expect(await screen.findByText('The store has changed its suggested time. Please refresh to see it.')).toBeTruthy();
    expect(changed).toHaveBeenCalled();
  });

  it('when the request has no suggestion, then only Modify and Cancel are offered', async () => {
    renderWithProviders(<ActionsModal appointment={{ ...suggested, suggested: undefined, status: 'PENDING' } as CustomerAppointmentView} onClose={() => {}} onChanged={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Modify' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept new time' })).toBeNull();
  });
});

describe('cancelling from /appointments', () => {
  const approved = { ...suggested, suggested: undefined, status: 'APPROVED' } as CustomerAppointmentView;
  const cancelCall = 'GET /api/cancelOnlineAppointment/7';

  it('when the customer taps Cancel appointment on an approved appointment, then nothing is sent until they confirm', async () => {
    const api = mockApi({ [cancelCall]: { body: { appointment: { ...approved, status: 'REQUEST CANCEL' } } } });
    const changed = jest.fn();
    renderWithProviders(<ActionsModal appointment={approved} onClose={() => {}} onChanged={changed} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    expect(await screen.findByText('Do you want to cancel this appointment?')).toBeTruthy();
    expect(screen.getByText(/Its time slot is freed at once, and the store will confirm the cancellation/)).toBeTruthy();
    expect(api.callsTo(cancelCall)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(await screen.findByText(/Your cancellation was sent/)).toBeTruthy();
    expect(api.callsTo(cancelCall)).toHaveLength(1);
    expect(changed).toHaveBeenCalled();
  });

  it('when the customer answers Keep appointment, then no cancel is sent and the actions show again', async () => {
    const api = mockApi({ [cancelCall]: { body: { appointment: { ...approved, status: 'REQUEST CANCEL' } } } });
    renderWithProviders(<ActionsModal appointment={approved} onClose={() => {}} onChanged={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep appointment' }));
    expect(await screen.findByRole('button', { name: 'Modify' })).toBeTruthy();
    expect(api.callsTo(cancelCall)).toHaveLength(0);
  });

  it.each(['PENDING', 'MODIFYING'] as const)('when a %s request is cancelled, then it asks first and says the request goes at once', async (status) => {
    const api = mockApi({ [cancelCall]: { body: { appointment: { ...approved, status: 'CANCEL' } } } });
    renderWithProviders(<ActionsModal appointment={{ ...approved, status }} onClose={() => {}} onChanged={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    expect(await screen.findByText(/Your request is cancelled at once/)).toBeTruthy();
    expect(api.callsTo(cancelCall)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(await screen.findByText('Your appointment was cancelled.')).toBeTruthy();
  });

  it("when the customer declines the store's suggested time, then it asks first as well", async () => {
    const api = mockApi({ [cancelCall]: { body: { appointment: { ...suggested, status: 'CANCEL' } } } });
    renderWithProviders(<ActionsModal appointment={suggested} onClose={() => {}} onChanged={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Do you want to cancel this appointment?')).toBeTruthy();
    expect(api.callsTo(cancelCall)).toHaveLength(0);
  });
});
