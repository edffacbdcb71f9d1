import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadStripe } from '@stripe/stripe-js';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { CardField, type CardHandle } from './card-field';

// Stripe's script cannot load in a test: its React binding is replaced by a card element that says which
// key it was given (Elements' stripe prop is loadStripe's promise, so loadStripe's argument is the key).
jest.mock('@stripe/stripe-js', () => ({ loadStripe: jest.fn(async () => ({ createToken: jest.fn() })) }));
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: unknown }) => children,
  useStripe: () => null,
  useElements: () => null,
  CardElement: () => <div data-testid="stripe-card-element" />,
}));

// The first render loads Mantine and the lazy Stripe field: slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

function renderField() {
  const handles: (CardHandle | null)[] = [];
  renderWithProviders(<CardField onReady={(h) => handles.push(h)} />);
  return handles;
}

describe('the card field', () => {
  it('when billing serves a publishable key at run time, then the field is Stripe Elements with that key, not the test card', async () => {
    const api = mockApi({ 'GET /api/billing/config': { body: { stripePublishableKey: 'pk_live_51Turnbook' } } });
    renderField();
    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(jest.mocked(loadStripe)).toHaveBeenCalledWith('pk_live_51Turnbook');
    expect(screen.queryByTestId('test-card-field')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/billing/config')).toHaveLength(1);
  });

  it('when billing serves no key (a local stack on stripe-mock), then the labelled test card stands in and is ready', async () => {
    mockApi({ 'GET /api/billing/config': { body: { stripePublishableKey: null } } });
    const handles = renderField();
    expect(await screen.findByRole('radiogroup', { name: 'Test card (no real payment)' })).toBeInTheDocument();
    expect(screen.queryByTestId('stripe-card-element')).not.toBeInTheDocument();
    await waitFor(() => expect(handles.at(-1)).not.toBeNull());
  });

  it('when the config call fails, then an alert offers to try again, no card is ready, and trying again shows the field', async () => {
    let fail = true;
    mockApi({
      'GET /api/billing/config': () => (fail ? { status: 503, body: { message: 'Service Unavailable', code: 'unavailable' } } : { body: { stripePublishableKey: null } }),
    });
    const handles = renderField();
    expect(await screen.findByRole('alert')).toHaveTextContent('The card field could not be loaded.');
    expect(handles).toEqual([]);
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radiogroup', { name: 'Test card (no real payment)' })).toBeInTheDocument();
  });
});
