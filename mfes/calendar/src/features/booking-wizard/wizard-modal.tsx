import { Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BookedModal } from './booked-modal';
import { CustomerChoicePage } from './customer-choice-page';
import { CustomerNewPage } from './customer-new-page';
import { CustomerSearchPage } from './customer-search-page';
import { GroupSizePage } from './group-size-page';
import type { BookingWizardProps, WizardStart } from './props';
import { KindPage } from './kind-page';
import { NotesPage } from './notes-page';
import { ServicesPage } from './services-page';
import { StaffPage } from './staff-page';
import { TimePage } from './time-page';
import { useBookingWizard, type BookingWizardState } from './use-booking-wizard';
import { PAGE_TITLES, PAGES } from './wizard-rules';

/** Each page of the wizard, by the spec's number (docs/product/validation.md and messages.md). */
const PAGE_VIEWS: Record<number, (props: { w: BookingWizardState }) => ReactNode> = {
  [PAGES.kind]: KindPage,
  [PAGES.customerChoice]: CustomerChoicePage,
  [PAGES.groupContactChoice]: CustomerChoicePage,
  [PAGES.customerSearch]: CustomerSearchPage,
  [PAGES.groupContactSearch]: CustomerSearchPage,
  [PAGES.customerNew]: CustomerNewPage,
  [PAGES.groupContactNew]: CustomerNewPage,
  [PAGES.groupSize]: GroupSizePage,
  [PAGES.staff]: StaffPage,
  [PAGES.services]: ServicesPage,
  [PAGES.time]: TimePage,
  [PAGES.notes]: NotesPage,
};

/** The calendar's booking wizard (pages 1 to 13): the modal around the page the wizard is on. */
export default function WizardModal(props: BookingWizardProps & { start: WizardStart }) {
  const w = useBookingWizard(props);
  const { onClose } = props;

  // The calendar hides Book from limited staff; a deep link or a stale screen still gets a plain answer.
  if (!w.access.loading && !w.access.can('storeNotLimited')) {
    return (
      <Modal opened onClose={onClose} title="New appointment">
        <Text>Limited staff cannot book appointments.</Text>
      </Modal>
    );
  }
  if (w.done) return <BookedModal written={w.done.written} staffName={w.data.staffName} onClose={onClose} />;

  const Page = PAGE_VIEWS[w.state.page];
  return (
    <Modal opened onClose={onClose} title={PAGE_TITLES[w.state.page] ?? 'New appointment'} size="lg" closeButtonProps={{ 'aria-label': 'Close the wizard' }}>
      <Stack>{Page && <Page w={w} />}</Stack>
    </Modal>
  );
}
