import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Hint } from './hint';

describe('Hint', () => {
  it('when the keyboard reaches the button, then its hint shows and the same button keeps focus and takes the click', async () => {
    const clicked = jest.fn();
    render(
      <Hint label="Reorder staff">
        <button type="button" aria-label="Reorder" onClick={clicked}>↕</button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Reorder' });
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Reorder staff');
    expect(screen.getByRole('button', { name: 'Reorder' })).toBe(button);
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);
    await userEvent.keyboard('{Enter}');
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('when the pointer leaves, then the hint goes away', async () => {
    render(
      <Hint label="Add staff">
        <button type="button" aria-label="Add">+</button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Add' });
    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Add staff');
    await userEvent.unhover(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
