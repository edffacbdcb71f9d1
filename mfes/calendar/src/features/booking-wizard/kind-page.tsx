import { Button, SimpleGrid } from '@mantine/core';
import type { BookingWizardState } from './use-booking-wizard';
import { WizardFooter } from './wizard-footer';

/** Page 1: an individual or a group booking. */
export function KindPage({ w }: { w: BookingWizardState }) {
  const { draft, dispatch } = w;
  return (
    <>
      <SimpleGrid cols={2}>
        <Button size="lg" variant={draft.kind === 'individual' ? 'filled' : 'light'} onClick={() => dispatch({ type: 'kind', kind: 'individual' })}>
          Individual
        </Button>
        <Button size="lg" variant={draft.kind === 'group' ? 'filled' : 'light'} onClick={() => dispatch({ type: 'kind', kind: 'group' })}>
          Group
        </Button>
      </SimpleGrid>
      <WizardFooter w={w} />
    </>
  );
}
