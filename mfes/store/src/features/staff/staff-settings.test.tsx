import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@turnbook/web-kit';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { Route, Routes } from 'react-router-dom';
import { EMPLOYEES, roleAnswer, signInAsOwner } from '../shared/people-test-session';
import StaffSettingsPage from './staff-settings-page';

const at = () => (
  <Routes>
    <Route path="staffs/edit/:id" element={<StaffSettingsPage />} />
    <Route path="*" element={null} />
  </Routes>
);

afterEach(() => useSession.getState().clearSession());

describe('Staff settings', () => {
  it("when a staff member's Online Booking is 'none', then it shows 'none' and saving another change keeps it", async () => {
    signInAsOwner();
    const nobody = { ...EMPLOYEES[1], online_booking: 'none', role: 'staff' };
    const api = mockApi({
      'GET /api/getStaffsByUserId/2/1': roleAnswer('admin'),
      'GET /api/getStaffsByEmployeeId/10001': { body: { employees: [nobody] } },
      'POST /api/updateEmployeeRole/10001': { body: { employee: { ...nobody, role: 'limited' } } },
      'POST /api/updateEmployeeOnlineBooking/10001': { body: { employee: nobody } },
    });
    const user = userEvent.setup();
    renderWithProviders(at(), { path: '/staffs/edit/10001' });
    expect(await screen.findByLabelText('Online Booking', { selector: 'input' }, { timeout: 8000 })).toHaveValue('none');
    await user.click(screen.getByLabelText('Role', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'limited' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    expect(api.callsTo('POST /api/updateEmployeeRole/10001')).toHaveLength(1);
    expect(api.callsTo('POST /api/updateEmployeeOnlineBooking/10001')).toHaveLength(0);
  }, 20_000);
});
