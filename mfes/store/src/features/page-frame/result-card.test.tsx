import { screen } from '@testing-library/react';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { DonePanel } from '../staff/ui';
import { ResultCard } from './store-page';

describe('result pages', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['ResultCard (Updated!, Deleted!)', () => <ResultCard title="Updated!" doneTo="/services" />],
    ['DonePanel (Congrats!!!, Removed!)', () => <DonePanel title="Updated!" to="/staffs" />],
  ])('when %s replaces a long scrolled form, then the window scrolls to the top', async (_n, page) => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderWithProviders(page(), { path: '/x' });
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });
});
