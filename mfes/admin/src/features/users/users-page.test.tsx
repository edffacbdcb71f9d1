import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser } from '@turnbook/web-kit/testing/fixtures';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import UsersPage from './users-page';

const USERS = [
  aUser({ id: 1, fname: 'ada', lname: 'admin', email: 'ada@turnbook.app', phone: '2155550101', app_version: '2.4.0' }),
  aUser({ id: 7, fname: 'nina', lname: 'nguyen', email: 'nina@nails.com', phone: '2155550177', app_version: '2.3.1' }),
];

describe('admin users', () => {
  it('when a user runs the current app version, then it is green; another version is red', async () => {
    mockApi({ 'GET /api/getAllUsers': { body: { users: USERS } }, 'GET /api/getSettings': { body: { app_version: '2.4.0', body: 'x' } } });
    renderWithProviders(<UsersPage />, { path: '/admin-users' });
    const current = await screen.findByLabelText('App version 2.4.0, up to date');
    const old = screen.getByLabelText('App version 2.3.1, outdated');
    expect(current).toHaveAttribute('data-color', 'green');
    expect(old).toHaveAttribute('data-color', 'red');
    // Mantine paints it through its colour variables.
    expect(current.getAttribute('style')).toContain('green');
    expect(old.getAttribute('style')).toContain('red');
  });

  it('when users are listed, then id, name, email and the phone as (XXX) XXX-XXXX show', async () => {
    mockApi({ 'GET /api/getAllUsers': { body: { users: USERS } }, 'GET /api/getSettings': { body: { app_version: '2.4.0', body: 'x' } } });
    renderWithProviders(<UsersPage />, { path: '/admin-users' });
    const row = (await screen.findByText('nina@nails.com')).closest('tr')!;
    expect(within(row).getByText('7')).toBeInTheDocument();
    expect(within(row).getByText('Nina Nguyen')).toBeInTheDocument();
    expect(within(row).getByText('(215) 555-0177')).toBeInTheDocument();
  });

  it('when a user is opened, then the detail modal links to /users/edit/{id}', async () => {
    mockApi({ 'GET /api/getAllUsers': { body: { users: USERS } }, 'GET /api/getSettings': { body: { app_version: '2.4.0', body: 'x' } } });
    renderWithProviders(<UsersPage />, { path: '/admin-users' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Details of Nina Nguyen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/users/edit/7');
  });

  it("when there are no users, then 'No data'", async () => {
    mockApi({ 'GET /api/getAllUsers': { body: { users: [] } }, 'GET /api/getSettings': { body: { app_version: '2.4.0', body: 'x' } } });
    renderWithProviders(<UsersPage />, { path: '/admin-users' });
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});
