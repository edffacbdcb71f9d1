import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { api } from '@turnbook/web-kit';
import { LoadingState } from '@turnbook/web-kit/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { AppointmentDetails } from '../appointment-details';
import { BookingWizard, type WizardStart } from '../booking-wizard';
import { StoreActivity } from '../store-activity';

// The grid, toolbar and day data come with the calendar page work (issue 17 items 1, 2, 7, 8); this frame
// only shows how the page opens the other features.
export default function CalendarPage() {
  const { permalink = '' } = useParams();
  const store = useQuery({
    queryKey: ['calendar-store', permalink],
    queryFn: async () => (await api.get<{ stores: StoreView[] }>('GET getStoreByPermalink/{permalink}', { permalink })).stores[0] ?? null,
  });
  const [wizard, setWizard] = useState<WizardStart | null>(null);
  // ?appointment={id} opens that appointment's details: a link from the bell, the activity log or a text.
  const [search, setSearch] = useSearchParams();
  const openId = Number(search.get('appointment')) || null;
  const setOpenId = (id: number | null) =>
    setSearch((s) => {
      if (id) s.set('appointment', String(id));
      else s.delete('appointment');
      return s;
    });
  if (!store.data) return <LoadingState />;
  const date = new Date().toISOString().slice(0, 10);
  return (
    <>
      <StoreActivity store={store.data} date={date} onOpenAppointment={setOpenId} />
      <button type="button" onClick={() => setWizard({ date })}>Book</button>
      <BookingWizard store={store.data} start={wizard} onClose={() => setWizard(null)} />
      <AppointmentDetails store={store.data} appointmentId={openId} onClose={() => setOpenId(null)} onRebook={(a) => setWizard({ date, rebookOf: a })} />
    </>
  );
}
