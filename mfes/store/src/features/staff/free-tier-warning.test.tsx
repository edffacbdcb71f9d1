import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { EMPLOYEES, roleAnswer, signInAsOwner } from '../page-frame/people-test-session';
import { AddStaffWizard } from './add-staff-page';

const third = { ...EMPLOYEES[1], id: 10002, userId: 4, fname: 'anna', nickname: 'anna', email: 'anna@x.com', sortIndex: 2 };
const tbd = { ...EMPLOYEES[1], id: 10003, userId: null, fname: 'tbd', nickname: 'tbd', email: '', role: 'TBD', sortIndex: 3 };

async function toCreate(employees: unknown[]) {
  mockApi({ 'GET /api/getStaffsByUserId/2/1': roleAnswer('admin'), 'GET /api/getStaffsByStoreId/1': { body: { employees } } });
  renderWithProviders(<AddStaffWizard />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Yes' }));
  await user.type(screen.getByLabelText(/^Email/), 'new@x.com');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return screen.findByRole('button', { name: 'Create' });
}

describe('add staff wizard: the free tier', () => {
  beforeEach(() => signInAsOwner());

  it('when the store has 3 real staff (a TBD column aside), then before Create the wizard says this one ends the free plan and what the plans cost', async () => {
    await toCreate([...EMPLOYEES, third, tbd]);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('This staff member ends your free plan');
    expect(note).toHaveTextContent('With this one your store has 4, so it needs a paid plan: Standard $29.99 or Premium $49.99 per month.');
    expect(screen.getByRole('link', { name: 'Compare the plans' })).toHaveAttribute('href', '/subscription');
  });

  it('when the store has 2 real staff, then no word about a plan (the third is still free)', async () => {
    await toCreate(EMPLOYEES);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
