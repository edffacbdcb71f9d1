import { render, screen, within } from '@testing-library/react';
import { GridLegend } from './grid-legend';

describe('the card legend', () => {
  it('when the day is shown, then a legend names each card colour, walk-ins apart from online requests and cancelled ones too', () => {
    render(<GridLegend />);
    const items = within(screen.getByRole('list', { name: 'Card colours' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Online request', 'Walk-in', 'Online, approved', 'Checked out', 'Off', 'Cancelled']);
    expect(items.map((i) => i.querySelector('[data-tone]')!.getAttribute('data-tone'))).toEqual(['request', 'walk-in', 'online', 'sale', 'off', 'cancelled']);
  });
});
