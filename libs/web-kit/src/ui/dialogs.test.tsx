import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { dialogsWanted } from '../notify/dialogs-wanted';
import { renderWithProviders } from '../testing/render';
import { closeModal, confirm, openModal } from './dialogs';

function Asker() {
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <Button onClick={() => void confirm('Do you want to update the setting?').then((yes) => setAnswer(String(yes)))}>Ask</Button>
      <output>{answer}</output>
    </>
  );
}

describe('dialogs', () => {
  it('when a page opens without asking anything, then the dialogs provider is not loaded; when it asks, then the question shows and Yes answers true', async () => {
    renderWithProviders(<Asker />);
    expect(dialogsWanted()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Do you want to update the setting?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('true')).toBeInTheDocument();
  });

  it('when a modal opened with openModal is closed by the id it returned, then it closes', async () => {
    renderWithProviders(<p>page</p>);
    const id = openModal('Details', <p>Modal body</p>);
    expect(await screen.findByText('Modal body')).toBeInTheDocument();
    closeModal(id);
    await waitFor(() => expect(screen.queryByText('Modal body')).not.toBeInTheDocument());
  });
});
