import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { Route, Routes } from 'react-router-dom';
import { EMPLOYEES, roleAnswer, signInAsOwner } from '../page-frame/people-test-session';
import StaffSettingsPage from './staff-settings-page';

const settingsAt = () => (
  <Routes>
    <Route path="staffs/edit/:id" element={<StaffSettingsPage />} />
    <Route path="*" element={null} />
  </Routes>
);

const table = (employee: Record<string, unknown>) => ({
  'GET /api/getStaffsByUserId/2/1': roleAnswer('admin'),
  'GET /api/getStaffsByEmployeeId/10001': { body: { employees: [{ ...EMPLOYEES[1], ...employee }] } },
  'POST /api/updateEmployeeOnlineBooking/10001': { body: { employee: EMPLOYEES[1] } },
  'POST /api/updateEmployeeRole/10001': { body: { employee: EMPLOYEES[1] } },
  'POST /api/updateEmployeePIN/10001': { body: { success: true } },
});

describe('staff settings', () => {
  beforeEach(() => signInAsOwner());

  it("when a staff member's Online Booking is 'none', then it shows none and Save keeps 'none'", async () => {
    const api = mockApi(table({ online_booking: 'none' }));
    const user = userEvent.setup();
    renderWithProviders(settingsAt(), { path: '/staffs/edit/10001' });
    expect(await screen.findByRole('combobox', { name: 'Online Booking' })).toHaveValue('none');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    // Nothing changed: no call turns 'none' into ON.
    expect(api.callsTo('POST /api/updateEmployeeOnlineBooking/10001')).toHaveLength(0);
  });

  it("when the owner picks 'none' for Online Booking, then 'none' is saved", async () => {
    const api = mockApi(table({ online_booking: 'ON' }));
    const user = userEvent.setup();
    renderWithProviders(settingsAt(), { path: '/staffs/edit/10001' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Online Booking' }), 'none');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await screen.findByText('Updated!');
    expect(api.callsTo('POST /api/updateEmployeeOnlineBooking/10001')[0].body).toEqual({ online_booking: 'none' });
  });

  it('when the owner resets a forgotten PIN, then only the new PIN is sent, without the old one', async () => {
    const api = mockApi(table({ hasPIN: true }));
    const user = userEvent.setup();
    renderWithProviders(settingsAt(), { path: '/staffs/edit/10001' });
    expect(await screen.findByLabelText(/^Old PIN/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset PIN' }));
    expect(screen.queryByLabelText(/^Old PIN/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New PIN/), '4321');
    await user.type(screen.getByLabelText(/^Confirm new PIN/), '4321');
    await user.click(screen.getByRole('button', { name: 'Save new PIN' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await screen.findByText('Updated!');
    expect(api.callsTo('POST /api/updateEmployeePIN/10001')[0].body).toEqual({ newPIN: '4321', storeId: 1 });
  });

  it('when the owner changes a PIN knowing the old one, then the old and new PIN are sent', async () => {
    const api = mockApi(table({ hasPIN: true }));
    const user = userEvent.setup();
    renderWithProviders(settingsAt(), { path: '/staffs/edit/10001' });
    await user.type(await screen.findByLabelText(/^Old PIN/), '1111');
    await user.type(screen.getByLabelText(/^New PIN/), '4321');
    await user.type(screen.getByLabelText(/^Confirm new PIN/), '4321');
    await user.click(screen.getByRole('button', { name: 'Update PIN' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await screen.findByText('Updated!');
    expect(api.callsTo('POST /api/updateEmployeePIN/10001')[0].body).toEqual({ oldPIN: '1111', newPIN: '4321', storeId: 1 });
  });
});
