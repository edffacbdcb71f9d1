import { Button, MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { FormProvider, PhoneField, TextField, useZodForm } from './index';

const Schema = z.object({
  fname: z.string().trim().min(1, 'Please enter a first name'),
  phone: z.string().refine((v) => v.replace(/\D/g, '').length === 10, 'Please enter a 10-digit phone'),
});

/** A page checked with trigger() as the wizards check theirs (no submit). */
function CheckedPage() {
  const form = useZodForm(Schema, { defaultValues: { fname: '', phone: '' } });
  return (
    <FormProvider {...form}>
      <TextField name="fname" label="First name" />
      <PhoneField name="phone" label="Phone" />
      <Button onClick={() => void form.trigger()}>Next</Button>
    </FormProvider>
  );
}

describe('form fields', () => {
  it('when a page checked with trigger() showed errors and valid values are typed, then each error clears as soon as its value is valid', async () => {
    const user = userEvent.setup({ delay: null });
    render(<MantineProvider env="test"><CheckedPage /></MantineProvider>);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter a first name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a 10-digit phone')).toBeInTheDocument();

    await user.type(screen.getByLabelText('First name'), 'M');
    await waitFor(() => expect(screen.queryByText('Please enter a first name')).not.toBeInTheDocument());
    await user.type(screen.getByLabelText('Phone'), '512555012');
    // nine digits: still not a phone
    expect(screen.getByText('Please enter a 10-digit phone')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone'), '3');
    await waitFor(() => expect(screen.queryByText('Please enter a 10-digit phone')).not.toBeInTheDocument());
    // emptied again: Next shows the error again
    await user.clear(screen.getByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter a first name')).toBeInTheDocument();
  });
});
