import { MESSAGES } from '@turnbook/contracts/errors/index';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { Route, Routes } from 'react-router-dom';
import { EMPLOYEES, roleAnswer, signInAsOwner } from '../page-frame/people-test-session';
import AcceptInvitationPage from './accept-invitation-page';
import StaffListPage from './staff-list-page';

const ID = '9b1d3c9e-3c1b-4c47-9d55-0a3b4f1c2d11';
const at = (el: React.ReactElement) => (
  <Routes>
    <Route path="staff-invitation/:id" element={el} />
    <Route path="*" element={null} />
  </Routes>
);
const invitation = (status: 'pending' | 'accepted' | 'expired') => ({
  body: { invitation: { id: ID, storeId: 1, storeName: 'lotus nail spa', status, expiresAt: '2030-01-08T00:00:00.000Z' } },
});

describe('staff invitations', () => {
  beforeEach(() => signInAsOwner());

  it("when the owner opens the staff list, then invitations nobody accepted yet show as invited", async () => {
    mockApi({
      'GET /api/getStaffsByUserId/2/1': roleAnswer('admin'),
      'GET /api/getStaffsByStoreId/1': { body: { employees: EMPLOYEES } },
      'GET /api/staff-invitations/1': { body: { invitations: [{ id: ID, email: 'kim@x.com', status: 'pending', createdAt: '2030-01-01T00:00:00.000Z', expiresAt: '2030-01-08T00:00:00.000Z' }] } },
    });
    renderWithProviders(<StaffListPage />);
    const invited = await screen.findByRole('region', { name: 'Invited' });
    expect(invited).toHaveTextContent('kim@x.com');
    expect(invited).toHaveTextContent(/waiting for them to accept/);
  });

  it('when the invited person accepts on the link of the mail, then they are told they joined the salon', async () => {
    const api = mockApi({
      [`GET /api/staff-invitation/${ID}`]: invitation('pending'),
      [`POST /api/staff-invitation/${ID}/accept`]: { body: { employee: EMPLOYEES[1] } },
    });
    const user = userEvent.setup();
    renderWithProviders(at(<AcceptInvitationPage />), { path: `/staff-invitation/${ID}` });
    expect(await screen.findByText(/invites you to join its staff/)).toHaveTextContent('Lotus Nail Spa');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You are now on the staff of Lotus Nail Spa.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(`POST /api/staff-invitation/${ID}/accept`)).toHaveLength(1));
  });

  it('when someone signed in with another email opens the link, then the screen says so and offers no Accept', async () => {
    mockApi({ [`GET /api/staff-invitation/${ID}`]: { status: 403, body: { message: MESSAGES.invitationNotForYou, code: 'invitationNotForYou' } } });
    renderWithProviders(at(<AcceptInvitationPage />), { path: `/staff-invitation/${ID}` });
    expect(await screen.findByText(MESSAGES.invitationNotForYou)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('when the invitation has expired, then the screen says to ask for a new one', async () => {
    mockApi({ [`GET /api/staff-invitation/${ID}`]: invitation('expired') });
    renderWithProviders(at(<AcceptInvitationPage />), { path: `/staff-invitation/${ID}` });
    expect(await screen.findByText(/This invitation has expired\. Ask the salon to invite you again\./)).toBeInTheDocument();
  });
});
