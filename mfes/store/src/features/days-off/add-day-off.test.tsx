import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { Route, Routes } from 'react-router-dom';
import { EMPLOYEES, roleAnswer, signInAsOwner } from '../page-frame/people-test-session';
import AddDayOffPage from './add-day-off-page';
import { ALERTS, dayOffProblem, daysBetween, TIME_CHOICES } from './days-off-model';

const page = (
  <Routes>
    <Route path="staff-add-pto/:id" element={<AddDayOffPage />} />
    <Route path="*" element={<div>elsewhere</div>} />
  </Routes>
);

describe('days off', () => {
  beforeEach(() => signInAsOwner());

  it('when the time choices are listed, then they run every 30 minutes from 12:00 am to 11:30 pm', () => {
    expect(TIME_CHOICES).toHaveLength(48);
    expect(TIME_CHOICES[0]).toBe('12:00 am');
    expect(TIME_CHOICES[1]).toBe('12:30 am');
    expect(TIME_CHOICES[19]).toBe('09:30 am');
    expect(TIME_CHOICES[24]).toBe('12:00 pm');
    expect(TIME_CHOICES[47]).toBe('11:30 pm');
  });

  it('when a field is missing, then the first missing one gives its spec alert', () => {
    expect(dayOffProblem({ dates: [], start: null, end: null })).toBe('Please select a date');
    expect(dayOffProblem({ dates: ['2026-12-01'], start: null, end: '05:00 pm' })).toBe('Please select a start time');
    expect(dayOffProblem({ dates: ['2026-12-01'], start: '10:00 am', end: null })).toBe('Please select a end time');
    expect(dayOffProblem({ dates: ['2026-12-01'], start: '10:00 am', end: '05:00 pm' })).toBeNull();
  });

  it('when a day before today is chosen, then the alert says a day off must be today or later; an edit may keep its own past day', () => {
    const base = { start: '10:00 am', end: '05:00 pm', today: '2026-12-10' };
    expect(dayOffProblem({ ...base, dates: ['2026-12-09'] })).toBe('A day off must be today or a later date');
    expect(dayOffProblem({ ...base, dates: ['2026-12-10', '2026-12-08'] })).toBe('A day off must be today or a later date');
    expect(dayOffProblem({ ...base, dates: ['2026-12-10'] })).toBeNull();
    expect(dayOffProblem({ ...base, dates: ['2026-12-01'], kept: '2026-12-01' })).toBeNull();
  });

  it('when the date picker opens, then days before today cannot be picked', async () => {
    mockApi({
      'GET /api/getStaffsByUserId/2/1': roleAnswer('admin'),
      'GET /api/getStaffsByEmployeeId/10001': { body: { employees: [EMPLOYEES[1]] } },
    });
    renderWithProviders(page, { path: '/staff-add-pto/10001' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Date' }));
    const d = new Date();
    const dayButton = (date: Date) => screen.getByRole('button', { name: `${date.getDate()} ${date.toLocaleString('en-US', { month: 'long' })} ${date.getFullYear()}` });
    const yesterday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - 1);
    if (yesterday.getMonth() === d.getMonth()) expect(dayButton(yesterday)).toBeDisabled();
    expect(dayButton(d)).not.toBeDisabled();
  });

  it('when a date range is chosen, then every day of it is a day off', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it("when Submit is pressed with no date, then the alert 'Please select a date' with Close shows and nothing is sent", async () => {
    const api = mockApi({
      'GET /api/getStaffsByUserId/2/1': roleAnswer('admin'),
      'GET /api/getStaffsByEmployeeId/10001': { body: { employees: [EMPLOYEES[1]] } },
    });
    renderWithProviders(page, { path: '/staff-add-pto/10001' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ALERTS.date)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(api.callsTo('POST /api/appointment')).toHaveLength(0);
  });

  it('when a plain staff member opens the add page, then they are sent to /staffs', async () => {
    signInAsOwner({ store_owner_id: '99' });
    mockApi({ 'GET /api/getStaffsByUserId/2/1': roleAnswer('staff') });
    renderWithProviders(page, { path: '/staff-add-pto/10001' });
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/staffs');
  });
});
