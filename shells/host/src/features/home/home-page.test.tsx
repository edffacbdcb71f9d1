import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { HomePage } from './home-page';

describe('the home page', () => {
  it('when a visitor opens it, then the plans and their prices are shown side by side with what each includes', async () => {
    renderWithProviders(<HomePage />, { path: '/' });
    const pricing = await screen.findByRole('region', { name: 'Plans and prices' });
    const plan = (name: string) => within(pricing).getByRole('listitem', { name: `${name} plan` });
    expect(within(plan('Free')).getByText('Up to 3 staff')).toBeInTheDocument();
    expect(within(plan('Standard')).getByText('$29.99 per month')).toBeInTheDocument();
    expect(within(plan('Premium')).getByText('$49.99 per month')).toBeInTheDocument();
    expect(within(plan('Premium')).getByText('Priority phone support')).toBeInTheDocument();
  });
});
