import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { CANCEL_COLUMN, isDayOffRecord, formatTime12 } from '@turnbook/domain';
import { formatDollars } from '@turnbook/domain/money/money';
import { chooseStore, useStoreAccess } from '@turnbook/web-kit/store-access';
import { isStoreLogin, useSession } from '@turnbook/web-kit';
import { ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { Suspense, useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { DateJump } from './date-jump';
import { AppointmentDetails } from '../appointment-details';
import { BookingWizard, type WizardStart } from '../booking-wizard';
import { QuickBooking, type QuickSlot } from '../quick-booking';
import { storeQuery, useDays, useServices, useStaff } from '../calendar-data/queries';
import { DayGrid, type GridColumn, type MoveRequest } from '../day-grid/day-grid';
import { GridLegend } from '../day-grid/grid-legend';
import { WeekSummary } from '../week-summary/week-summary';
import { weekSummary } from '../week-summary/week-model';
import {
  addDays,
  allOfDay,
  formatDate,
  todayInZone,
  columnIdOf,
  staffColumnIds,
  columnsOf,
  incomeByColumn,
  openHours,
  visibleColumns,
  visibleRange,
  openingMinute,
  nowMinuteIn,
  weekDates,
  weeklyOff,
} from '../day-grid/grid-model';
import { SignInSheetModal } from '../front-desk';
import { StoreActivity } from '../store-activity';
import { SubscriptionNotice } from '../subscription-notice';
import { MerchantTransactions } from '../merchant-transactions';
import { MyDayAcrossStores } from '../my-day';
import { TextsToolbar } from '../texts/texts-toolbar';
import { useIdleReturn, useReloadOnFailure, useStoreLive } from './live';
import { NoServiceNotice } from './no-service-notice';
import { hasStaff, NoStaffNotice } from './no-staff-notice';
import { barButtons, CalendarBottomBar } from './bottom-bar';
import { useMoveAppointment } from './use-move';

export default function CalendarPage() {
  const { permalink = '' } = useParams();
  const store = useQuery(storeQuery(permalink));
  if (store.isError) return <ErrorState message="The store could not be read." onRetry={() => void store.refetch()} />;
  if (store.isLoading) return <LoadingState />;
  if (!store.data) return <NotAvailable what="This store" />;
  return <Calendar store={store.data} />;
}

type View = 'day' | 'week';
/**
 * The chosen view's filled button keeps its colour under the pointer (Mantine lightens it on hover, to
 * 4.34:1 behind white text) and switches without a fade.
 */
const VIEW_BUTTON = { transition: 'none', '--button-hover': 'var(--button-bg)' } as CSSProperties;
/**
 * The page fills the screen under the header (less the main's padding): the grid takes what the toolbar and
 * the bottom bar leave, so the bar sits under the grid instead of over its last rows (issue 31 item 1). On a
 * screen too short for the grid's minimum the page grows and scrolls instead of drawing over the footer.
 */
const FILL_SCREEN: CSSProperties = { height: 'calc(100dvh - 56px - 2 * var(--mantine-spacing-md))', minHeight: 'min-content' };

function Calendar({ store }: { store: StoreView }) {
  const today = todayInZone(store.timezone);
  // The shown date and view live in the address: a reload or a shared link shows the same day.
  const [search, setSearch] = useSearchParams();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(search.get('date') ?? '') ? search.get('date')! : today;
  const view: View = search.get('view') === 'week' ? 'week' : 'day';
  const openId = Number(search.get('appointment')) || null;
  const setParams = useCallback(
    (changes: Record<string, string | null>) =>
      setSearch((s) => {
        for (const [k, v] of Object.entries(changes)) {
          if (v) s.set(k, v);
          else s.delete(k);
        }
        return s;
      }),
    [setSearch],
  );
  const goTo = useCallback(
    (d: string, v: View) => setParams({ date: d === today ? null : d, view: v === 'week' ? 'week' : null }),
    [setParams, today],
  );
  const setOpenId = useCallback((id: number | null) => setParams({ appointment: id ? String(id) : null }), [setParams]);

  // A calendar opened by its link (a bookmark, a reload after the store was switched elsewhere) becomes the
  // chosen store, as choosing it on /stores would: the owner's controls and the menu follow the store shown.
  const chosenId = useSession((s) => s.store_id);
  const userId = useSession((s) => s.user_id);
  const storeLogin = useSession(isStoreLogin);
  useEffect(() => {
    if (!storeLogin && chosenId !== String(store.id)) void chooseStore(store, userId);
  }, [storeLogin, chosenId, store, userId]);

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
  const move = useMoveAppointment(store.id, setOpenId, store.hours);

  const present = date >= today;
  const canDrag = useCallback(
    (a: AppointmentView) => view === 'day' && notLimited && present && a.status !== 'CANCEL' && a.staffId !== CANCEL_COLUMN && (manager || !isDayOffRecord(a)),
    [view, notLimited, present, manager],
  );
  const onMove = useCallback((m: MoveRequest) => void move(m), [move]);
  const [quick, setQuick] = useState<QuickSlot | null>(null);
  // A staff column's slot opens the quick booking (staff and time from the slot); a week day's, the wizard.
  const onSlotClick = useCallback((c: GridColumn, minutes: number) => {
    const time = formatTime12(minutes);
    if (c.staffId === undefined) setWizard({ date: c.date, time });
    else setQuick({ date: c.date, staffId: c.staffId, staffName: c.title, time });
  }, []);
  const onAppointmentClick = useCallback((a: AppointmentView) => setOpenId(a.id), [setOpenId]);

  const loading = staff.isLoading || days.loading;
  const failed = days.errors.some(Boolean) || staff.isError;
  const retry = () => {
    days.refetch();
    if (staff.isError) void staff.refetch();
  };
  const every = useMemo(() => columnsOf(staff.data ?? []), [staff.data]);
  // What names no column the salon sees (the TBD placeholder, an archived or unknown id) is in Unassigned.
  const staffColumns = useMemo(() => (staff.data ? staffColumnIds(every) : undefined), [staff.data, every]);
  const week = useMemo(() => (view === 'week' ? weekSummary(every, dates, days.data, staffColumns) : null), [view, every, dates, days.data, staffColumns]);
  const { columns, range, open, firstMinute } = useMemo(() => {
    const all = days.data.flatMap((d) => allOfDay(d));
    const shown = visibleColumns(every, { manager, frontDesk: access.isStoreLogin, userId: access.userId }, date, today);
    const income = manager ? incomeByColumn(all, staffColumns) : null;
    const dayRange = visibleRange(store, [date], all);
    const dayOpen = openHours(store, date);
    return {
      range: dayRange,
      open: dayOpen,
      firstMinute: openingMinute(dayRange, dayOpen, date === today ? nowMinuteIn(store.timezone) : null),
      columns: shown.map(
        (c): GridColumn => ({
          key: String(c.id),
          date,
          staffId: c.id,
          special: c.kind !== 'staff',
          title: c.title,
          color: c.color,
          off: weeklyOff(c, date),
          subtitle: [weeklyOff(c, date) ? 'Day off' : '', income && c.kind === 'staff' ? formatDollars(income.get(c.id) ?? 0) : ''].filter(Boolean).join(' · ') || undefined,
          items: all.filter((a) => columnIdOf(a, staffColumns) === c.id),
          bookable: notLimited && present && c.kind !== 'cancel',
          droppable: notLimited && present && c.kind !== 'cancel',
        }),
      ),
    };
  }, [every, staffColumns, store, manager, notLimited, access.isStoreLogin, access.userId, date, today, present, days.data]);

  const heading = view === 'week'
    ? `Week of ${formatDate(dates[0] ?? date, 'month')}`
    : formatDate(date, 'long');
  const step = view === 'week' ? 7 : 1;

  return (
    <Stack gap="xs" p="xs" style={FILL_SCREEN}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={() => goTo(addDays(date, -step), view)} aria-label={view === 'week' ? 'Previous week' : 'Previous day'}>‹</Button>
          <Button variant="default" onClick={() => goTo(today, view)}>Today</Button>
          <Button variant="default" onClick={() => goTo(addDays(date, step), view)} aria-label={view === 'week' ? 'Next week' : 'Next day'}>›</Button>
          <DateJump date={date} onChange={(d) => goTo(d, view)} />
          <Button.Group aria-label="View">
            {(['day', 'week'] as const).map((v) => (
              <Button key={v} variant={view === v ? 'filled' : 'default'} aria-pressed={view === v} onClick={() => goTo(date, v)} style={VIEW_BUTTON}>
                {v === 'day' ? 'Day' : 'Week'}
              </Button>
            ))}
          </Button.Group>
        </Group>
        <Group gap="xs">
          {notLimited ? <Button onClick={() => setWizard({ date: present ? date : today })}>Book</Button> : null}
          <TextsToolbar store={store} date={date} />
          <StoreActivity store={store} date={date} onOpenAppointment={setOpenId} bellElsewhere openRequests={openRequests} />
          <MerchantTransactions store={store} date={date} title={heading} />
        </Group>
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={1} size="h3">{heading}</Title>
        {view === 'day' ? <GridLegend /> : null}
      </Group>
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
        <WeekSummary label={heading} rows={week.rows} days={week.days} showIncome={manager} today={today} onOpenDay={(d) => goTo(d, 'day')} />
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
        onWeek={() => goTo(date, view === 'week' ? 'day' : 'week')}
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
