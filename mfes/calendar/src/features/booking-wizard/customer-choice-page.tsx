import { Button, SimpleGrid } from '@mantine/core';
import type { BookingWizardState } from './use-booking-wizard';
import { WizardFooter } from './wizard-footer';

/** Page 2 (and 7 for a group's main contact): search a customer, or type a new one. */
export function CustomerChoicePage({ w }: { w: BookingWizardState }) {
  const { dispatch } = w;
  return (
    <>
      <SimpleGrid cols={2}>
        <Button size="lg" variant="light" onClick={() => dispatch({ type: 'choose', how: 'search' })}>
          Search customer
        </Button>
        <Button size="lg" variant="light" onClick={() => dispatch({ type: 'choose', how: 'new' })}>
          New customer
        </Button>
      </SimpleGrid>
      <WizardFooter w={w} />
    </>
  );
}
