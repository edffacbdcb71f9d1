import { MESSAGES } from '@turnbook/contracts/errors/index';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { aUser } from '@turnbook/web-kit/testing/fixtures';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import RegisterPage from './register-page';

const textbox = (name: string) => screen.getByRole('textbox', { name });
const password = (name: string) => screen.getByLabelText(new RegExp(`^${name}`), { selector: 'input' });

async function fillPage1(user: ReturnType<typeof userEvent.setup>, email = 'Nina@Salon.COM', pw = 'violet harbor 7', confirm = pw) {
  await user.type(textbox('Email'), email);
  if (pw) await user.type(password('Password'), pw);
  if (confirm) await user.type(password('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function fillPage2(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Nina');
  await user.type(textbox('Last name'), 'NGUYEN');
  await user.type(textbox('Phone'), '215-555-0177');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

describe('register wizard', () => {
  it('when page 1 is empty, then the email is flagged and the password does not match', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(textbox('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(MESSAGES.passwordMismatch)).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it("when the email has no dot after the at-sign, then it is rejected", async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPage1(user, 'nina@salon');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('when the passwords differ, then the password-mismatch message shows and the wizard stays on page 1', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPage1(user, 'nina@salon.com', 'violet harbor 7', 'violet harbor 8');
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it('when page 2 is empty or the phone is short, then names are required and the phone is flagged', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPage1(user);
    await user.type(await screen.findByRole('textbox', { name: 'Phone' }), '21555');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your last name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a 10-digit phone number')).toBeInTheDocument();
    expect(textbox('Phone')).toHaveAttribute('aria-invalid', 'true');
  });

  it('when a phone is typed, then it is shown as (XXX) XXX-XXXX', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPage1(user);
    await user.type(await screen.findByRole('textbox', { name: 'Phone' }), '2155550177');
    expect(textbox('Phone')).toHaveValue('(215) 555-0177');
  });

  it("when no user type is chosen, then 'Please select at least one'", async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPage1(user);
    await fillPage2(user);
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Please select at least one')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('when back is pressed, then the previous page returns with its values', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPage1(user);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('Nina@Salon.COM');
  });

  it("when everything is valid, then POST register gets lowercased values, the teal colour, term 'agreed' and an empty username, and page 4 thanks the user", async () => {
    const api = mockApi({ 'POST /api/register': { status: 201, body: { user: aUser({ email: 'ann@salon.com' }) } } });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPage1(user);
    await fillPage2(user);
    await user.click(await screen.findByRole('radio', { name: 'Professional (salon owner or staff)' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Thank you for signing up!')).toBeInTheDocument();
    expect(api.callsTo('POST /api/register')[0].body).toEqual({
      email: 'nina@salon.com',
      password: 'violet harbor 7',
      password_confirmation: 'violet harbor 7',
      fname: 'nina',
      lname: 'nguyen',
      phone: '2155550177',
      role: 'professional',
      color: '#00bcd4',
      term: 'agreed',
      username: '',
    });
  });

  it("when the server answers 409 'This email already existed', then page 1 returns with that error", async () => {
    mockApi({ 'POST /api/register': { status: 409, body: { message: 'This email already existed', code: 'conflict', field: 'email' } } });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillPage1(user);
    await fillPage2(user);
    await user.click(await screen.findByRole('radio', { name: 'Customer' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('This email already existed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Step 1 of 3')).toBeInTheDocument());
    expect(textbox('Email')).toHaveValue('Nina@Salon.COM');
  });
});
