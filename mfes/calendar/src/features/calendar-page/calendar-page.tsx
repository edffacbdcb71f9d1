import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useMemo, useState, type CSSProperties } from 'react';
import { useParams } from 'react-router-dom';
import { AppointmentDetails } from '../appointment-details';
import { BookingWizard, type WizardStart } from '../booking-wizard';
import { QuickBooking } from '../quick-booking';
import { storeQuery, useDays, useServices, useStaff } from '../calendar-data/queries';
import { StoreNotFound, StoreUnread } from '../calendar-data/store-states';
import { DayGrid } from '../day-grid/day-grid';
import { formatDate, todayInZone, weekDates } from '../day-grid/grid-model';
import { SignInSheetModal } from '../front-desk';
import { SubscriptionNotice } from '../subscription-notice';
import { MyDayAcrossStores } from '../my-day';
import { CalendarToolbar } from './calendar-toolbar';
import { useIdleReturn, useReloadOnFailure, useStoreLive } from './live';
import { NoServiceNotice } from './no-service-notice';
import { hasStaff, NoStaffNotice } from './no-staff-notice';
import { barButtons, CalendarBottomBar } from './bottom-bar';
import { useCalendarAddress, useChosenStore } from './use-calendar-address';
import { useDayColumns } from './use-day-columns';
import { useGridActions } from './use-grid-actions';

// The week's table loads when the week is shown: the calendar opens on a day.
const WeekSummary = lazy(() => import(/* webpackChunkName: "calendar-week" */ '../week-summary/week-summary').then((m) => ({ default: m.WeekSummary })));

export default function CalendarPage() {
  const { permalink = '' } = useParams();
  const store = useQuery(storeQuery(permalink));
  if (store.isError) return <StoreUnread error={store.error} onRetry={() => void store.refetch()} />;
  if (store.isLoading) return <LoadingState />;
  if (!store.data) return <StoreNotFound />;
  return <Calendar store={store.data} />;
}

/**
 * The page fills the screen under the header (less the main's padding): the grid takes what the toolbar and
 * the bottom bar leave, so the bar sits under the grid instead of over its last rows (issue 31 item 1). On a
 * screen too short for the grid's minimum the page grows and scrolls instead of drawing over the footer.
 */
const FILL_SCREEN: CSSProperties = { height: 'calc(100dvh - 56px - 2 * var(--mantine-spacing-md))', minHeight: 'min-content' };

function Calendar({ store }: { store: StoreView }) {
  const today = todayInZone(store.timezone);
  const { date, view, openId, goTo, step, toggleWeek, setOpenId } = useCalendarAddress(today);
  useChosenStore(store);

  const access = useStoreAccess(store.id);
  const manager = access.can('storeManager');
  const notLimited = access.can('storeNotLimited');
  const staff = useStaff(store.id);
  const services = useServices(store.id);
  const dates = useMemo(() => (view === 'week' ? weekDates(store, date) : [date]), [view, store, date]);
  const days = useDays(store.id, dates);
  const [wizard, setWizard] = useState<WizardStart | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [openRequests, setOpenRequests] = useState(0);

  useStoreLive(store.id);
  useIdleReturn(store.id, () => goTo(today, 'day'));
  const todayIndex = dates.indexOf(today);
  useReloadOnFailure(todayIndex >= 0 ? days.errors[todayIndex] : null);
  const present = date >= today;
  const { canDrag, onMove, onSlotClick, onAppointmentClick, quick, setQuick } = useGridActions({ store, view, present, notLimited, manager, setOpenId, setWizard });

  const loading = staff.isLoading || days.loading;
  const failed = days.errors.some(Boolean) || staff.isError;
  const retry = () => {
    days.refetch();
    if (staff.isError) void staff.refetch();
  };
  const { week, columns, range, open, firstMinute } = useDayColumns({
    store, staff: staff.data, days: days.data, dates, date, today, view,
    access: { manager, notLimited, isStoreLogin: access.isStoreLogin, userId: access.userId },
  });

  const heading = view === 'week'
    ? `Week of ${formatDate(dates[0] ?? date, 'month')}`
    : formatDate(date, 'long');

  return (
    <Stack gap="xs" p="xs" style={FILL_SCREEN}>
      <CalendarToolbar
        store={store}
        date={date}
        today={today}
        view={view}
        heading={heading}
        goTo={goTo}
        step={step}
        onBook={notLimited ? () => setWizard({ date: present ? date : today }) : null}
        onOpenAppointment={setOpenId}
        openRequests={openRequests}
      />
      {view === 'day' && !access.isStoreLogin ? <MyDayAcrossStores storeId={store.id} date={date} /> : null}
      <SubscriptionNotice storeId={store.id} staffEntries={staff.data?.length} />
      {services.data && services.data.length === 0 ? (
        <NoServiceNotice owner={access.can('storeOwner')} />
      ) : null}
      {staff.data && !hasStaff(staff.data) ? <NoStaffNotice owner={access.can('storeOwner')} /> : null}
      {failed && !loading ? (
        <ErrorState message="The calendar could not be read." onRetry={retry} />
      ) : loading ? (
        <LoadingState />
      ) : week ? (
        <Suspense fallback={<LoadingState />}>
          <WeekSummary label={heading} rows={week.rows} days={week.days} showIncome={manager} today={today} onOpenDay={(d) => goTo(d, 'day')} />
        </Suspense>
      ) : columns.length === 0 ? (
        <Text c="dimmed">Days before today show only your own column, and you have none in this store.</Text>
      ) : (
        <DayGrid
          label={heading}
          columns={columns}
          range={range}
          open={open}
          firstMinute={firstMinute}
          nowZone={date === today ? store.timezone : undefined}
          onSlotClick={notLimited ? onSlotClick : undefined}
          onAppointmentClick={notLimited ? onAppointmentClick : undefined}
          canDrag={canDrag}
          onMove={onMove}
        />
      )}
      {sheetOpen ? (
        <Suspense fallback={null}>
          <SignInSheetModal store={store} date={date} onClose={() => setSheetOpen(false)} />
        </Suspense>
      ) : null}
      <CalendarBottomBar
        storeId={store.id}
        buttons={barButtons({ notLimited, manager })}
        week={view === 'week'}
        onToday={() => goTo(today, 'day')}
        onWeek={toggleWeek}
        onSheet={() => setSheetOpen(true)}
        onRequests={() => setOpenRequests((n) => n + 1)}
      />
      <QuickBooking
        store={store}
        slot={quick}
        onClose={() => setQuick(null)}
        onFullWizard={(carried) => {
          if (quick) setWizard({ date: quick.date, staffId: quick.staffId, time: quick.time, carried });
          setQuick(null);
        }}
      />
      <BookingWizard store={store} start={wizard} onClose={() => setWizard(null)} />
      <AppointmentDetails store={store} appointmentId={openId} onClose={() => setOpenId(null)} onRebook={(a) => setWizard({ date: present ? date : today, rebookOf: a })} />
    </Stack>
  );
}
