import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { Button } from '@mantine/core';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { lazy, Suspense, useState } from 'react';
import { addDays, todayInZone } from '../day-grid/grid-model';

// The modals load on the first opening: the calendar route stays light.
const InboxModal = lazy(() => import(/* webpackChunkName: "calendar-sms-inbox" */ './inbox-modal'));
const BulkReminderModal = lazy(() => import(/* webpackChunkName: "calendar-bulk-reminder" */ './bulk-reminder-modal'));

export interface TextsToolbarProps {
  store: StoreView;
  /** the day the calendar shows (YYYY-MM-DD) */
  date: string;
}

/** The toolbar's texting buttons: the SMS inbox (admin, owner, superadmin) and the bulk reminder (owner). */
export function TextsToolbar({ store, date }: TextsToolbarProps) {
  const access = useStoreAccess(store.id);
  const [open, setOpen] = useState<'inbox' | 'bulk' | null>(null);
  const inbox = access.can('storeManager');
  const bulk = access.can('storeOwner');
  if (!inbox && !bulk) return null;
  const today = todayInZone(store.timezone || 'America/New_York');
  // Reminders go the day before: a past or today's day offers tomorrow first.
  const first = date > today ? date : addDays(today, 1);
  return (
    <>
      {inbox && (
        <Button variant="default" onClick={() => setOpen('inbox')}>
          SMS inbox
        </Button>
      )}
      {bulk && (
        <Button variant="default" onClick={() => setOpen('bulk')}>
          Bulk reminder
        </Button>
      )}
      <Suspense fallback={null}>
        {open === 'inbox' && <InboxModal store={store} onClose={() => setOpen(null)} />}
        {open === 'bulk' && <BulkReminderModal store={store} initialDate={first} onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
