import { MESSAGES } from '@turnbook/contracts/errors/index';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { EMPLOYEES, roleAnswer, signInAsOwner } from '../page-frame/people-test-session';
import { AddStaffWizard } from './add-staff-page';

const base = { 'GET /api/getStaffsByUserId/2/1': roleAnswer('admin'), 'GET /api/getStaffsByStoreId/1': { body: { employees: EMPLOYEES } } };

async function addByEmail(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.click(screen.getByRole('button', { name: 'Yes' }));
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(await screen.findByRole('button', { name: 'Create' }));
}

describe('add staff wizard', () => {
  beforeEach(() => signInAsOwner());

  it("when the email's account is already staff here, then the alert says 'This email has already added to the store.'", async () => {
    const api = mockApi({ ...base, 'POST /api/staff': { status: 409, body: { message: 'employee existed', code: 'employeeExisted', field: 'email' } } });
    renderWithProviders(<AddStaffWizard />);
    const user = userEvent.setup();
    expect(screen.getByText('Does the staff already have an account?')).toBeInTheDocument();
    await addByEmail(user, 'linh@x.com');
    expect(await screen.findByText('This email has already added to the store.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/staff')[0].body).toEqual({ hasAccount: 'hasAccount', email: 'linh@x.com', storeId: 1 });
  });

  it('when the owner adds someone by email, then the wizard says an invitation was sent (the answer names nobody) and the staff list is refreshed', async () => {
    const api = mockApi({ ...base, 'POST /api/staff': { status: 201, body: { invitation: { id: '9b1d3c9e-3c1b-4c47-9d55-0a3b4f1c2d11', storeId: 1, status: 'pending' } } } });
    renderWithProviders(<AddStaffWizard />);
    await addByEmail(userEvent.setup(), 'linh@x.com');
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(screen.getByText(/We emailed an invitation to linh@x\.com\. They join your staff once they accept it/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/staff')).toHaveLength(1);
  });

  it('when the email has no account, then the 404 message shows on the email field', async () => {
    mockApi({ ...base, 'POST /api/staff': { status: 404, body: { message: 'No account with this email', code: 'notFound', field: 'email' } } });
    renderWithProviders(<AddStaffWizard />);
    await addByEmail(userEvent.setup(), 'nobody@x.com');
    expect(await screen.findByText('No account with this email')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('nobody@x.com');
  });

  it("when the account is added, then page 9 says 'Congrats!!!'", async () => {
    mockApi({ ...base, 'POST /api/staff': { status: 201, body: { employee: { ...EMPLOYEES[1], id: 10009, nickname: 'pat' } } } });
    renderWithProviders(<AddStaffWizard />);
    await addByEmail(userEvent.setup(), 'pat@x.com');
    expect(await screen.findByText('Congrats!!!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/staffs');
  });

  it('when the No path is given an email and password, then both are sent to make their login and Congrats follows', async () => {
    const api = mockApi({ ...base, 'POST /api/staff': { status: 201, body: { employee: { ...EMPLOYEES[1], id: 10010, nickname: 'zoe' } } } });
    renderWithProviders(<AddStaffWizard />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'No' }));
    await user.type(await screen.findByLabelText(/^First name/), 'Zoe');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.type(screen.getByLabelText(/^Email/), 'Zoe@X.com');
    await user.type(screen.getByLabelText(/^Password/), 'zoe-secret-1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'zoe-secret-1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' })); // colour
    await user.click(await screen.findByRole('button', { name: 'Create Staff' }));
    expect(await screen.findByText('Congrats!!!')).toBeInTheDocument();
    expect(api.callsTo('POST /api/staff')[0].body).toMatchObject({ hasAccount: 'noAccount', username: 'zoe@x.com', password: 'zoe-secret-1' });
  });

  it('when the server refuses a field of the No path (a last name it wants), then its page shows a readable message on that field, keeps what was typed, and Next returns to Create with the email and password still sent', async () => {
    let refuse = true;
    const api = mockApi({
      ...base,
      'POST /api/staff': () =>
        refuse
          ? ((refuse = false), { status: 400, body: { message: 'lname: is required', code: 'validation', field: 'lname' } })
          : { status: 201, body: { employee: { ...EMPLOYEES[1], id: 10011, nickname: 'zoe' } } },
    });
    renderWithProviders(<AddStaffWizard />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'No' }));
    await user.type(await screen.findByLabelText(/^First name/), 'Zoe');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.type(screen.getByLabelText(/^Email/), 'zoe@x.com');
    await user.type(screen.getByLabelText(/^Password/), 'zoe-secret-1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'zoe-secret-1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' })); // colour
    await user.click(await screen.findByRole('button', { name: 'Create Staff' }));
    // back on the name page, the message under Last name, the first name kept
    expect(await screen.findByText('Please enter the last name')).toBeInTheDocument();
    expect(screen.queryByText('lname: is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Zoe');
    await user.type(screen.getByLabelText(/^Last name/), 'Ray');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create Staff' }));
    expect(await screen.findByText('Congrats!!!')).toBeInTheDocument();
    expect(api.callsTo('POST /api/staff')[1].body).toMatchObject({ hasAccount: 'noAccount', fname: 'zoe', lname: 'ray', username: 'zoe@x.com', password: 'zoe-secret-1' });
  });

  it("when a no-account staff's email belongs to an account (hasAccount), then page 10 sends the owner back to choose 'Yes' with the email filled in", async () => {
    const api = mockApi({ ...base, 'POST /api/staff': { status: 409, body: { message: 'has account', code: 'hasAccount', field: 'username' } } });
    renderWithProviders(<AddStaffWizard />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please fill out your info')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^First name/), 'Zoe');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    // Page 3: Next only once email, password and confirmation are filled; they must match.
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText(/^Email/), 'linh@x.com');
    await user.type(screen.getByLabelText(/^Password/), 'abc12345');
    await user.type(screen.getByLabelText(/^Confirm password/), 'abc');
    expect(next).toBeEnabled();
    await user.click(next);
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Confirm password/), '12345');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' })); // colour
    await user.click(await screen.findByRole('button', { name: 'Create Staff' }));
    expect(await screen.findByText(/This email already has an account\. Go back to step 1 then choose 'Yes'/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/staff')[0].body).toMatchObject({ hasAccount: 'noAccount', nickname: 'Zoe', fname: 'zoe', username: 'linh@x.com', password: 'abc12345', storeId: 1, color: '#00bcd4' });
    await user.click(screen.getByRole('button', { name: 'Go back to step 1' }));
    expect(screen.getByText('Does the staff already have an account?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByLabelText(/^Email/)).toHaveValue('linh@x.com');
  });
});
