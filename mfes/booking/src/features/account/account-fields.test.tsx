import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { EMAIL_INVALID, FNAME_REQUIRED, LNAME_REQUIRED, PHONE_INVALID } from './account-schema';
import SignupModal from './signup-modal';

// The booking page's account form (Sign Up, and the booking modal's guest step: the same fields, schema and
// form options). Issue 31 item 23: a message stays no longer than its value is wrong.
jest.setTimeout(60_000);

describe("the booking page's account form", () => {
  it('when Sign Up showed its messages and valid values are typed, then each message goes as soon as its value is valid, and nothing is sent before', async () => {
    const api = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SignupModal onClose={() => undefined} onLogin={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(EMAIL_INVALID)).toBeInTheDocument();
    expect(screen.getByText(FNAME_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(LNAME_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(PHONE_INVALID)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'pat@example.com');
    await waitFor(() => expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Pat');
    await waitFor(() => expect(screen.queryByText(FNAME_REQUIRED)).not.toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Lee');
    await waitFor(() => expect(screen.queryByText(LNAME_REQUIRED)).not.toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '2155550177');
    await waitFor(() => expect(screen.queryByText(PHONE_INVALID)).not.toBeInTheDocument());
    expect(api.calls).toHaveLength(0);
  });
});
